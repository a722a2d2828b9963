// /admin/supplier for a member without a store: the online 入驻 application — its state and the
// reviewer's reason, and the form to apply or to fix and resubmit a rejected application.
import { useSchemaErrors } from '@/components/form/use-schema-errors';
import { useState, type FormEvent } from 'react';
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
};
const EMPTY: TForm = { companyName: '', creditCode: '', kind: '', province: '', city: '', address: '', contactName: '', contactPhone: '', contactEmail: '', categories: '', brands: '', agreed: false };
const split = (v: string) => v.split(/[，,、;；\s]+/).map((s) => s.trim()).filter(Boolean);
const fromApplication = (a: TSettleApplication): TForm => ({ ...a, categories: a.categories.join('，'), brands: a.brands.join('，'), agreed: false });

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

function ApplicationForm({ application }: { application: TSettleApplication | null }) {
  const qc = useQueryClient();
  const [f, setF] = useState<TForm>(application ? fromApplication(application) : EMPTY);
  const [licence, setLicence] = useState<TUploadedLicence | null>(application?.licence ?? null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof TForm) => (e: { target: { value: string } }) => setF((v) => ({ ...v, [k]: e.target.value }));
  const body = { ...f, categories: split(f.categories), brands: split(f.brands), licenceUploadId: licence?.id, agreed: f.agreed || undefined, version: application?.version };
  // The form mechanism: a message follows its field (a corrected 统一社会信用代码 drops 「校验位不正确」 at once).
  const { errors, check, onBlur, setErrors } = useSchemaErrors(ZSettleApplicationInput, body);

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > LICENCE_MAX_BYTES) return void setErrors((e) => ({ ...e, licenceUploadId: '营业执照文件不能超过5MB' }));
    const res = await mutate(() => uploadLicence(file));
    if (res?.data) {
      setLicence(res.data);
      setErrors(({ licenceUploadId: _, ...rest }) => rest);
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!check()) {
      message.error('请按提示修改后再提交');
      return;
    }
    setBusy(true);
    const res = await mutate(() => submitApplication(body as never));
    setBusy(false);
    if (res) await qc.invalidateQueries({ queryKey: ['settle'] });
  }

  return (
    <form className="bo-card bo-form" onSubmit={onSubmit} onBlur={onBlur} noValidate data-testid="settle-form">
      <h2>企业信息</h2>
      <Field label="公司名称 *" error={errors.companyName}>
        <input name="companyName" value={f.companyName} onChange={set('companyName')} placeholder="与营业执照一致" maxLength={100} />
      </Field>
      <Field label="统一社会信用代码 *" error={errors.creditCode} hint="18位，见营业执照">
        <input name="creditCode" value={f.creditCode} onChange={set('creditCode')} maxLength={22} />
      </Field>
      <Field label="企业类型 *" error={errors.kind}>
        <select name="kind" value={f.kind} onChange={set('kind')}>
          <option value="">请选择</option>
          {Object.entries(SETTLE_KINDS).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </select>
      </Field>
      <Field label="所在地区 *" error={errors.province ?? errors.city}>
        <RegionSelect province={f.province} city={f.city} onChange={(province, city) => setF((v) => ({ ...v, province, city }))} invalid={Boolean(errors.province)} />
      </Field>
      <Field label="详细地址 *" error={errors.address}>
        <input name="address" value={f.address} onChange={set('address')} maxLength={200} />
      </Field>
      <Field label="营业执照 *" error={errors.licenceUploadId} hint="JPG、PNG 或 PDF，不超过5MB">
        <input type="file" name="licence" accept="image/jpeg,image/png,application/pdf" onChange={(e) => void onFile(e.target.files?.[0])} />
        {licence && (
          <div data-testid="licence-preview">
            <LicencePreview url={licence.url} mime={licence.mime} filename={licence.filename} />
          </div>
        )}
      </Field>
      <h2>联系人</h2>
      <Field label="联系人 *" error={errors.contactName}>
        <input name="contactName" value={f.contactName} onChange={set('contactName')} maxLength={40} />
      </Field>
      <Field label="手机号 *" error={errors.contactPhone}>
        <input name="contactPhone" value={f.contactPhone} onChange={set('contactPhone')} inputMode="numeric" maxLength={11} />
      </Field>
      <Field label="邮箱 *" error={errors.contactEmail}>
        <input name="contactEmail" type="email" value={f.contactEmail} onChange={set('contactEmail')} maxLength={254} />
      </Field>
      <h2>经营信息</h2>
      <Field label="主营类目 *" error={errors.categories} hint="多个用逗号分隔，如：色谱仪器，光谱仪器">
        <input name="categories" value={f.categories} onChange={set('categories')} />
      </Field>
      <Field label="代理品牌 *" error={errors.brands} hint="多个用逗号分隔">
        <input name="brands" value={f.brands} onChange={set('brands')} />
      </Field>
      <Field error={errors.agreed}>
        <label>
          <input type="checkbox" name="agreed" checked={f.agreed} onChange={(e) => setF((v) => ({ ...v, agreed: e.target.checked }))} /> 我已阅读并同意
          <AppLink to="/agreement/supplier" target="_blank">
            《仪采通供应商入驻协议》
          </AppLink>
        </label>
      </Field>
      <div className="bo-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="settle-submit">
          {busy ? '提交中...' : application ? '重新提交' : '提交申请'}
        </button>
      </div>
    </form>
  );
}
