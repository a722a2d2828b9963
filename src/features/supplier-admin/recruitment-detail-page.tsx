// /admin/supplier/talentRecruitment/RecruitmentDetail?id=: publish or edit a position.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { AppLink } from '@/components/ui/app-link';
import { EDUCATION_OPTIONS, EXPERIENCE_OPTIONS, ZRecruitmentInput, type TSupplierRecruitment } from '@contracts/backoffice';
import { PageHeader } from '@/components/ui/page-header';
import { createRecruitment, recruitmentQuery, updateRecruitment } from './api/recruitments';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { RichTextEditor } from './components/rich-text-editor';
import { StaleBanner } from './components/stale-banner';
import { useSchemaForm } from '@/components/form/use-schema-form';
import '@/styles/backoffice.css';

export default function RecruitmentDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const q = useQuery({ ...recruitmentQuery(id ?? 0), enabled: id !== null });
  if (id && q.isLoading) return <Loading rows={8} />;
  if (id && (q.error || !q.data)) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return <PositionForm key={id ?? 'new'} position={id ? q.data! : null} />;
}

function PositionForm({ position }: { position: TSupplierRecruitment | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useSchemaForm({
    schema: ZRecruitmentInput,
    toPayload: (v, version) => ({ ...v, headcount: Number(v.headcount || 0), version }),
    version: position?.version,
    initial: {
      title: position?.title ?? '',
      city: position?.city ?? '',
      salary: position?.salary ?? '',
      headcount: String(position?.headcount ?? 1),
      education: position?.education ?? '不限',
      experience: position?.experience ?? '不限',
      description: position?.description ?? '',
      status: (position?.status ?? 'open') as 'open' | 'closed',
    },
  });
  const { values, set, errors } = form;
  const reloadLatest = () => form.reload(async () => (position ? (await client.fetchQuery({ ...recruitmentQuery(position.id), staleTime: 0 })).version : undefined));
  const submit = form.handleSubmit(async (parsed) => {
    const ok = await mutate(() => (position ? updateRecruitment(position.id, parsed) : createRecruitment(parsed)), { onStale: form.conflict });
    if (!ok) return;
    void client.invalidateQueries({ queryKey: ['supplier'] });
    void navigate('/admin/supplier/talentRecruitment');
  });
  return (
    <form className="bo-page bo-editor" onSubmit={submit} onBlur={form.onBlur} noValidate data-testid="position-form">
      {form.stale && <StaleBanner onReload={reloadLatest} />}
      <PageHeader
        title={position ? '编辑职位' : '发布职位'}
        crumbs={[
          { to: '/admin/supplier', label: '供应商中心' },
          { to: '/admin/supplier/talentRecruitment', label: '人才招聘' },
        ]}
      />
      <section className="bo-card bo-form">
        <div className="bo-form-grid">
          <Field label="职位名称 *" error={errors.title}>
            <input {...form.field('title')} maxLength={80} placeholder="如：液相色谱应用工程师" />
          </Field>
          <Field label="工作城市" error={errors.city}>
            <input {...form.field('city')} maxLength={20} placeholder="如：上海" />
          </Field>
          <Field label="薪资范围" error={errors.salary} hint="不填显示为「面议」">
            <input {...form.field('salary')} maxLength={40} placeholder="如：15-25K·13薪" />
          </Field>
          <Field label="招聘人数 *" error={errors.headcount}>
            <input name="headcount" inputMode="numeric" value={values.headcount} onChange={(e) => set('headcount', e.target.value.replace(/\D/g, '').slice(0, 3))} />
          </Field>
          <Field label="学历要求" error={errors.education}>
            <select {...form.field('education')}>
              {EDUCATION_OPTIONS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          </Field>
          <Field label="经验要求" error={errors.experience}>
            <select {...form.field('experience')}>
              {EXPERIENCE_OPTIONS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          </Field>
        </div>
      </section>
      <section className="bo-card bo-form">
        <h3 className="bo-card-title">职位描述 *</h3>
        <RichTextEditor value={values.description} onChange={(html) => set('description', html)} minHeight={260} placeholder="岗位职责、任职要求、福利待遇、简历投递方式…" invalid={Boolean(errors.description)} testId="position-description" label="职位描述" />
        {errors.description && <p className="field-error">{errors.description}</p>}
      </section>
      <div className="bo-actionbar">
        <label className="checkbox">
          <input type="checkbox" checked={values.status === 'open'} onChange={(e) => set('status', e.target.checked ? 'open' : 'closed')} />
          保存后立即开放招聘
        </label>
        <AppLink className="btn" to="/admin/supplier/talentRecruitment">
          取消
        </AppLink>
        <button type="submit" className="btn btn-primary" disabled={form.isSubmitting} data-testid="save-position">
          {form.isSubmitting ? '保存中...' : '保存'}
        </button>
      </div>
    </form>
  );
}
