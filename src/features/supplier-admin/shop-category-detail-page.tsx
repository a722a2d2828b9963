// /admin/supplier/shopGoodCategory/categoryDetail?id=&parentId=: create or edit a store category.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { AppLink } from '@/components/ui/app-link';
import { ZStoreCategoryInput } from '@contracts/backoffice';
import { PageHeader } from '@/components/ui/page-header';
import { createStoreCategory, storeCategoriesQuery, storeCategoryQuery, updateStoreCategory, type TStoreCategoryDetail } from './api/store-categories';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { StaleBanner } from './components/stale-banner';
import { useSchemaForm } from '@/components/form/use-schema-form';
import '@/styles/backoffice.css';

export default function ShopCategoryDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const parentId = Number(params.get('parentId')) || 0;
  const q = useQuery({ ...storeCategoryQuery(id ?? 0), enabled: id !== null });
  if (id && q.isLoading) return <Loading />;
  if (id && (q.error || !q.data)) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return <CategoryForm key={id ?? `new-${parentId}`} category={id ? q.data! : null} parentId={parentId} />;
}

function CategoryForm({ category, parentId }: { category: TStoreCategoryDetail | null; parentId: number }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const tree = useQuery(storeCategoriesQuery());
  const form = useSchemaForm({
    schema: ZStoreCategoryInput,
    initial: { name: category?.name ?? '', parentId: String(category?.parentId ?? parentId), sort: String(category?.sort ?? 0) },
    toPayload: (v, version) => ({ version, name: v.name, parentId: Number(v.parentId), sort: v.sort.trim() === '' ? 0 : Number(v.sort) }),
    version: category?.version,
  });
  const { values, set, errors } = form;
  const reloadLatest = () => form.reload(async () => (category ? (await client.fetchQuery({ ...storeCategoryQuery(category.id), staleTime: 0 })).version : undefined));
  const submit = form.handleSubmit(async (parsed) => {
    const ok = await mutate(() => (category ? updateStoreCategory(category.id, parsed) : createStoreCategory(parsed)), { onStale: form.conflict });
    if (!ok) return;
    void client.invalidateQueries({ queryKey: ['supplier'] });
    void navigate('/admin/supplier/shopGoodCategory');
  });
  // A category with children must stay at the top level; a category cannot be its own parent.
  const parents = (tree.data ?? []).filter((t) => t.id !== category?.id);
  return (
    <form className="bo-page" onSubmit={submit} onBlur={form.onBlur} noValidate data-testid="store-category-form">
      {form.stale && <StaleBanner onReload={reloadLatest} />}
      <PageHeader
        title={category ? '编辑分类' : '新建分类'}
        crumbs={[
          { to: '/admin/supplier', label: '供应商中心' },
          { to: '/admin/supplier/shopGoodCategory', label: '店铺分类' },
        ]}
      />
      <section className="bo-card bo-form bo-narrow">
        <Field label="分类名称 *" error={errors.name}>
          <input {...form.field('name')} maxLength={50} placeholder="如：液相色谱仪" autoFocus />
        </Field>
        <Field label="上级分类" error={errors.parentId} hint={category?.hasChildren ? '该分类下有子分类，只能作为一级分类' : '不选则为一级分类'}>
          <select {...form.field('parentId')} disabled={category?.hasChildren}>
            <option value="0">无（一级分类）</option>
            {parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="排序" error={errors.sort} hint="数字越小越靠前；也可以在分类列表中用 ↑ ↓ 调整">
          <input name="sort" inputMode="numeric" value={values.sort} onChange={(e) => set('sort', e.target.value.replace(/\D/g, '').slice(0, 4))} />
        </Field>
        <div className="bo-form-foot">
          <AppLink className="btn" to="/admin/supplier/shopGoodCategory">
            取消
          </AppLink>
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting} data-testid="save-store-category">
            {form.isSubmitting ? '保存中...' : '保存'}
          </button>
        </div>
      </section>
    </form>
  );
}
