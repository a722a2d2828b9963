// The form to apply for a new brand (or to correct a pending or rejected application).
import { Field } from '@/components/form/field';
import { Modal } from '@/components/ui/modal';
import { ZBrandApplicationInput, type TBrandApplication } from '@contracts/backoffice';
import { fetchData } from '@/platform/http';
import type { TPage } from '@contracts/api';
import { applyBrand, editBrandApplication } from '../api/brands';
import { mutate } from '../api/mutate';
import { SingleImage } from './image-upload';
import { StaleBanner } from './stale-banner';
import { useSchemaForm } from '@/components/form/use-schema-form';

export function BrandFormModal({ application, onClose, onDone }: { application?: TBrandApplication | null; onClose: () => void; onDone: () => void }) {
  const form = useSchemaForm({
    schema: ZBrandApplicationInput,
    initial: {
      name: application?.name ?? '',
      nameEn: application?.nameEn ?? '',
      country: application?.country ?? '',
      logo: application?.logo ?? null,
      description: application?.description ?? '',
    },
    toPayload: (values, version) => ({ ...values, version }),
    version: application?.version,
  });
  const { values, set, errors } = form;
  // The list refetched after the 409 carries the latest version of this application.
  const reloadLatest = () => form.reload(async () => (application ? ((await fetchData<TPage<TBrandApplication>>('get', '/api/supplier/brand-applications', { page: 1, pageSize: 100 })).items.find((b) => b.id === application.id)?.version) : undefined));
  const submit = form.handleSubmit(async (parsed) => {
    const ok = await mutate(() => (application ? editBrandApplication(application.id, parsed) : applyBrand(parsed)), { onStale: form.conflict });
    if (ok) onDone();
  });
  return (
    <Modal open onClose={onClose} title={application ? '修改品牌申请' : '申请新品牌'} width={560} testId="brand-form">
      <form onSubmit={submit} onBlur={form.onBlur} noValidate className="bo-modal-form">
        {form.stale && <StaleBanner onReload={reloadLatest} />}
        {application?.reviewNote && application.status === 'rejected' && <div className="bo-alert bo-alert-danger">驳回原因：{application.reviewNote}</div>}
        <div className="bo-form-grid">
          <Field label="品牌名称 *" error={errors.name}>
            <input name="brandName" data-field="name" value={values.name} maxLength={80} onChange={(e) => set('name', e.target.value)} placeholder="如：中科仪达" />
          </Field>
          <Field label="英文名称" error={errors.nameEn}>
            <input {...form.field('nameEn')} maxLength={80} placeholder="如：ZKYD" />
          </Field>
          <Field label="国家/地区" error={errors.country}>
            <input {...form.field('country')} maxLength={40} placeholder="如：中国" />
          </Field>
          <Field label="品牌标志" error={errors.logo}>
            <SingleImage value={values.logo} onChange={(url) => set('logo', url)} purpose="brand" hint="正方形或横版标志，不超过5MB" />
          </Field>
          <div className="bo-span-2">
            <Field label="品牌介绍" error={errors.description} hint="请说明品牌归属、授权关系（如商标注册证号、代理授权书），便于平台审核">
              <textarea {...form.field('description')} rows={4} maxLength={2000} />
            </Field>
          </div>
        </div>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
            {form.isSubmitting ? '提交中...' : '提交审核'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
