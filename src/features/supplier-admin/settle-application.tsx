// /admin/supplier for a member without a store: the online 入驻 application — its state and the
// reviewer's reason, and the form to apply or to fix and resubmit a rejected application.
import { useState } from 'react';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/form/field';
import { AppLink } from '@/components/ui/app-link';
import { LicencePreview } from '@/components/licence-preview';
import { PageHeader } from '@/components/ui/page-header';
import { RegionSelect } from '@/features/demands/components/region-select';
import { APPLICATION_STATUSES, LICENCE_MAX_BYTES, SETTLE_KINDS, ZSettleApplicationInput, type TSettleApplication, type TUploadedLicence } from '@contracts/settle';
import { formatDateTime } from '@contracts/time';
import { settleStateQuery, submitApplication, uploadLicence } from './api/settle';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { message } from '@/components/ui/toast';
import '@/styles/backoffice.css';

type TForm = {
  companyName: string;
  creditCode: string;
  kind: string;
  province: string;
  city: string;
  address: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  categories: string;
  brands: string;
  agreed: boolean;
  licence: TUploadedLicence | null;
};
const EMPTY: TForm = { companyName: '', creditCode: '', kind: '', province: '', city: '', address: '', contactName: '', contactPhone: '', contactEmail: '', categories: '', brands: '', agreed: false, licence: null };
const split = (v: string) => v.split(/[，,、;；\s]+/).map((s) => s.trim()).filter(Boolean);
const fromApplication = (a: TSettleApplication): TForm => ({ ...a, categories: a.categories.join('，'), brands: a.brands.join('，'), agreed: false, licence: a.licence ?? null });

export function SettleApplication() {
  const q = useQuery(settleStateQuery());
  if (q.isLoading) return <Loading rows={6} />;
  if (q.error || !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return <SettleView application={q.data.application} />;
}

function SettleView({ application }: { application: TSettleApplication | null }) {
  const [editing, setEditing] = useState(!application);
  return (
    <div className="bo-page" data-testid="settle-page">
      <PageHeader title="供应商入驻" subtitle="在线提交企业资料，平台审核通过后即开通店铺" />
      {application && <ApplicationState application={application} onEdit={() => setEditing(true)} editing={editing} />}
      {editing && application?.status !== 'pending' && application?.status !== 'approved' && <ApplicationForm application={application} />}
    </div>
  );
}

function ApplicationState({ application: a, onEdit, editing }: { application: TSettleApplication; onEdit: () => void; editing: boolean }) {
  const tone = a.status === 'rejected' ? 'bo-alert-danger' : a.status === 'approved' ? 'bo-alert-success' : 'bo-alert-warning';
  return (
    <section className={`bo-alert ${tone}`} role="status" data-testid="settle-state">
      <strong>入驻申请{APPLICATION_STATUSES[a.status]}</strong>
      {a.status === 'pending' && <span>：{a.companyName}的申请已于 {formatDateTime(a.updatedAt)} 提交，平台将在1-3个工作日内完成审核，结果以站内通知和短信/邮件告知。</span>}
      {a.status === 'approved' && <span>：店铺已开通，请刷新页面进入供应商中心。</span>}
      {a.status === 'rejected' && (
        <>
          <p data-testid="settle-reason">驳回原因：{a.reviewNote}</p>
          {!editing && (
            <button type="button" className="btn btn-primary" onClick={onEdit} data-testid="settle-edit">
              修改并重新提交
            </button>
          )}
        </>
      )}
      {a.history.length > 1 && (
        <details>
          <summary>审核记录</summary>
          <ul>
            {a.history.map((h, i) => (
              <li key={i}>
                {formatDateTime(h.at)} {APPLICATION_STATUSES[h.toState as keyof typeof APPLICATION_STATUSES] ?? h.toState}
                {h.note ? `：${h.note}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export function ApplicationForm({ application }: { application: TSettleApplication | null }) {
  const qc = useQueryClient();
  const form = useSchemaForm({
    schema: ZSettleApplicationInput,
    initial: application ? fromApplication(application) : EMPTY,
    toPayload: ({ licence, ...f }) => ({ ...f, categories: split(f.categories), brands: split(f.brands), licenceUploadId: licence?.id, agreed: f.agreed || undefined, version: application?.version }),
    onInvalid: () => message.error('请按提示修改后再提交'),
  });
  const { values: f, errors } = form;

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > LICENCE_MAX_BYTES) return void form.setError('licenceUploadId', '营业执照文件不能超过5MB');
    const res = await mutate(() => uploadLicence(file));
    if (res?.data) form.set('licence', res.data);
  }

  const onSubmit = form.handleSubmit(async (payload) => {
    const res = await mutate(() => submitApplication(payload));
    if (res) await qc.invalidateQueries({ queryKey: ['settle'] });
  });

  return (
    <form className="bo-card bo-form" onSubmit={onSubmit} onBlur={form.onBlur} noValidate data-testid="settle-form">
      <h2>企业信息</h2>
      <Field label="公司名称 *" error={errors.companyName}>
        <input {...form.field('companyName')} placeholder="与营业执照一致" maxLength={100} />
      </Field>
      <Field label="统一社会信用代码 *" error={errors.creditCode} hint="18位，见营业执照">
        <input {...form.field('creditCode')} maxLength={22} />
      </Field>
      <Field label="企业类型 *" error={errors.kind}>
        <select {...form.field('kind')}>
          <option value="">请选择</option>
          {Object.entries(SETTLE_KINDS).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </select>
      </Field>
      <Field label="所在地区 *" error={errors.province ?? errors.city}>
        <RegionSelect province={f.province} city={f.city} onChange={(province, city) => form.setValues({ province, city })} invalid={Boolean(errors.province)} />
      </Field>
      <Field label="详细地址 *" error={errors.address}>
        <input {...form.field('address')} maxLength={200} />
      </Field>
      <Field label="营业执照 *" error={errors.licenceUploadId} hint="JPG、PNG 或 PDF，不超过5MB">
        <input type="file" name="licence" accept="image/jpeg,image/png,application/pdf" onChange={(e) => void onFile(e.target.files?.[0])} />
        {f.licence && (
          <div data-testid="licence-preview">
            <LicencePreview url={f.licence.url} mime={f.licence.mime} filename={f.licence.filename} />
          </div>
        )}
      </Field>
      <h2>联系人</h2>
      <Field label="联系人 *" error={errors.contactName}>
        <input {...form.field('contactName')} maxLength={40} />
      </Field>
      <Field label="手机号 *" error={errors.contactPhone}>
        <input {...form.field('contactPhone')} inputMode="numeric" maxLength={11} />
      </Field>
      <Field label="邮箱 *" error={errors.contactEmail}>
        <input {...form.field('contactEmail')} type="email" maxLength={254} />
      </Field>
      <h2>经营信息</h2>
      <Field label="主营类目 *" error={errors.categories} hint="多个用逗号分隔，如：色谱仪器，光谱仪器">
        <input {...form.field('categories')} />
      </Field>
      <Field label="代理品牌 *" error={errors.brands} hint="多个用逗号分隔">
        <input {...form.field('brands')} />
      </Field>
      <Field error={errors.agreed}>
        <label>
          <input type="checkbox" name="agreed" checked={f.agreed} onChange={(e) => form.set('agreed', e.target.checked)} /> 我已阅读并同意
          <AppLink to="/agreement/supplier" target="_blank">
            《仪采通供应商入驻协议》
          </AppLink>
        </label>
      </Field>
      <div className="bo-form-actions">
        <button type="submit" className="btn btn-primary" disabled={form.isSubmitting} data-testid="settle-submit">
          {form.isSubmitting ? '提交中...' : application ? '重新提交' : '提交申请'}
        </button>
      </div>
    </form>
  );
}
