// /admin/supplier/goods/goodDetail?id=: create or edit goods — name, model, category (3 levels),
// brand, store category, price or 面议, unit, origin, summary, images (first is the cover),
// parameter table, rich-text description and status.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { AppLink } from '@/components/ui/app-link';
import { PRODUCT_LIMITS, PRODUCT_STATUSES, ZProductInput, type TProductStatus, type TSupplierProductDetail } from '@contracts/backoffice';
import { productPath } from '@contracts/catalogue';
import { PageHeader } from '@/components/ui/page-header';
import { createProduct, productQuery, updateProduct } from './api/products';
import { storeCategoriesQuery, storeCategoryOptions } from './api/store-categories';
import { mutate } from './api/mutate';
import { BrandPicker } from './components/brand-picker';
import { CategoryCascader } from './components/category-cascader';
import { ImageGallery } from './components/image-upload';
import { ParamTable, paramRow, type TParamRow } from './components/param-table';
import { LoadError, Loading } from './components/query-state';
import { RichTextEditor } from './components/rich-text-editor';
import { StaleBanner } from './components/stale-banner';
import { useSchemaForm } from '@/components/form/use-schema-form';
import '@/styles/backoffice.css';

const UNITS = ['台', '套', '件', '个', '支', '盒', '瓶', '包', '米', '千克'];
const ORIGINS = ['国产', '进口', '美国', '德国', '日本', '英国', '瑞士', '法国', '意大利'];

export default function GoodsDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const q = useQuery({ ...productQuery(id ?? 0), enabled: id !== null });
  if (id && q.isLoading) return <Loading rows={10} />;
  if (id && (q.error || !q.data)) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return <GoodsEditor key={id ?? 'new'} product={id ? q.data! : null} />;
}

export function GoodsEditor({ product }: { product: TSupplierProductDetail | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const cats = useQuery(storeCategoriesQuery());
  const form = useSchemaForm({
    schema: ZProductInput,
    version: product?.version,
    toPayload: (v, version) => ({
      version,
      name: v.name,
      sku: v.sku,
      model: v.model,
      categoryId: v.categoryId ?? 0,
      brandId: v.brand?.id ?? null,
      storeCategoryId: v.storeCategoryId ? Number(v.storeCategoryId) : null,
      // An empty price is checked as 0: the rule below names 面议 instead of "must be a number".
      price: v.negotiable ? null : v.price.trim() === '' ? 0 : Number(v.price),
      unit: v.unit,
      origin: v.origin,
      summary: v.summary,
      description: v.description,
      params: v.params.map((p) => ({ name: p.name, value: p.value })),
      images: v.images,
      status: v.status,
    }),
    rules: (v): Record<string, string> => (!v.negotiable && v.price.trim() === '' ? { price: '请填写价格，或勾选“面议”' } : {}),
    initial: {
      name: product?.name ?? '',
      sku: product?.sku ?? '',
      model: product?.model ?? '',
      categoryId: product?.categoryId ?? null,
      brand: product?.brandId ? { id: product.brandId, name: product.brandName ?? `品牌${product.brandId}` } : null,
      storeCategoryId: product?.storeCategoryId ? String(product.storeCategoryId) : '',
      negotiable: product ? product.price === null : false,
      price: product?.price != null ? String(product.price) : '',
      unit: product?.unit ?? '台',
      origin: product?.origin ?? '',
      summary: product?.summary ?? '',
      description: product?.description ?? '',
      params: (product?.params ?? []).map((p) => paramRow(p.name, p.value)) as TParamRow[],
      images: product?.images ?? ([] as string[]),
      status: (product?.status ?? 'on_sale') as TProductStatus,
    },
  });
  const { values, set, errors } = form;
  const reloadLatest = () => form.reload(async () => (product ? (await client.fetchQuery({ ...productQuery(product.id), staleTime: 0 })).version : undefined));

  const submit = form.handleSubmit(async (parsed) => {
    const res = await mutate(() => (product ? updateProduct(product.id, parsed) : createProduct(parsed)), { onStale: form.conflict });
    if (!res) return;
    void client.invalidateQueries({ queryKey: ['supplier'] });
    void navigate('/admin/supplier/goods');
  });

  return (
    <form className="bo-page bo-editor" onSubmit={submit} onBlur={form.onBlur} noValidate data-testid="goods-editor">
      {form.stale && <StaleBanner onReload={reloadLatest} />}
      <PageHeader
        title={product ? '编辑商品' : '发布商品'}
        subtitle={product ? `商品编号 ${product.id} · 浏览 ${product.views} 次` : '带 * 的为必填项；信息越完整，越容易被采购商找到'}
        crumbs={[
          { to: '/admin/supplier', label: '供应商中心' },
          { to: '/admin/supplier/goods', label: '商品管理' },
        ]}
        actions={
          product?.status === 'on_sale' ? (
            <a className="btn" href={productPath(product.id)} target="_blank" rel="noreferrer">
              查看商品页 ↗
            </a>
          ) : undefined
        }
      />

      {product?.takedownReason && (
        <div className="bo-alert bo-alert-danger" role="alert" data-testid="takedown-notice">
          该商品已被平台下架，原因：{product.takedownReason}。请按原因修改后选择「立即上架」并保存，商品即重新上架（无需审核）。
        </div>
      )}
      <section className="bo-card bo-form">
        <h3 className="bo-card-title">基本信息</h3>
        <div className="bo-form-grid">
          <div className="bo-span-2">
            <Field label="商品名称 *" error={errors.name} hint={`${values.name.length}/120，建议包含品牌、品类与关键特征`}>
              <input {...form.field('name')} maxLength={120} placeholder="如：岛津 LC-2050C 3D 一体化高效液相色谱仪" />
            </Field>
          </div>
          <Field label="货号" error={errors.sku} hint="您自己的商品编号；Excel 批量导入时按货号更新商品">
            <input {...form.field('sku')} maxLength={40} placeholder="如：LC2050-01" />
          </Field>
          <Field label="型号" error={errors.model}>
            <input {...form.field('model')} maxLength={60} placeholder="如：LC-2050C" />
          </Field>
          <Field label="品牌" error={errors.brandId}>
            <BrandPicker value={values.brand} onChange={(b) => set('brand', b)} />
          </Field>
          <div className="bo-span-2">
            <Field label="商品分类 *" error={errors.categoryId} hint="请选择到最末一级分类">
              <CategoryCascader value={values.categoryId} onChange={(leaf) => set('categoryId', leaf)} invalid={Boolean(errors.categoryId)} />
            </Field>
          </div>
          <Field label="店铺分类" error={errors.storeCategoryId} hint={<AppLink to="/admin/supplier/shopGoodCategory">管理店铺分类</AppLink>}>
            <select name="storeCategoryId" value={values.storeCategoryId} onChange={(e) => set('storeCategoryId', e.target.value)}>
              <option value="">未分类</option>
              {storeCategoryOptions(cats.data).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="产地" error={errors.origin}>
            <input {...form.field('origin')} list="bo-origins" maxLength={40} placeholder="如：日本" />
            <datalist id="bo-origins">
              {ORIGINS.map((o) => (
                <option key={o} value={o} />
              ))}
            </datalist>
          </Field>
        </div>
      </section>

      <section className="bo-card bo-form">
        <h3 className="bo-card-title">价格</h3>
        <div className="bo-form-grid">
          <Field label="价格（元） *" error={errors.price}>
            <div className="bo-price-input">
              <span>¥</span>
              <input
                name="price"
                inputMode="decimal"
                value={values.negotiable ? '' : values.price}
                disabled={values.negotiable}
                placeholder={values.negotiable ? '面议' : '0.00'}
                onChange={(e) => set('price', e.target.value.replace(/[^\d.]/g, ''))}
              />
              <label className="checkbox">
                <input type="checkbox" name="negotiable" checked={values.negotiable} onChange={(e) => set('negotiable', e.target.checked)} />
                面议
              </label>
            </div>
          </Field>
          <Field label="计价单位 *" error={errors.unit}>
            <input {...form.field('unit')} list="bo-units" maxLength={10} />
            <datalist id="bo-units">
              {UNITS.map((u) => (
                <option key={u} value={u} />
              ))}
            </datalist>
          </Field>
          <div className="bo-span-2">
            <Field label="商品简介" error={errors.summary} hint={`${values.summary.length}/${PRODUCT_LIMITS.summary}，显示在商品列表与搜索结果中`}>
              <textarea {...form.field('summary')} rows={3} maxLength={PRODUCT_LIMITS.summary} />
            </Field>
          </div>
        </div>
      </section>

      <section className="bo-card bo-form">
        <h3 className="bo-card-title">
          商品图片 <small className="muted">最多{PRODUCT_LIMITS.images}张，第一张为封面；建议 800×800 以上的白底图</small>
        </h3>
        <ImageGallery value={values.images} onChange={(urls) => set('images', urls)} max={PRODUCT_LIMITS.images} testId="goods-images" />
        {errors.images && <p className="field-error">{errors.images}</p>}
      </section>

      <section className="bo-card bo-form">
        <h3 className="bo-card-title">技术参数</h3>
        <ParamTable rows={values.params} onChange={(rows) => set('params', rows)} errors={errors} />
      </section>

      <section className="bo-card bo-form">
        <h3 className="bo-card-title">商品详情</h3>
        <RichTextEditor value={values.description} onChange={(html) => set('description', html)} placeholder="介绍产品特点、应用领域、配置清单与售后服务…" invalid={Boolean(errors.description)} testId="goods-description" label="商品详情" />
        {errors.description && <p className="field-error">{errors.description}</p>}
      </section>

      <div className="bo-actionbar">
        <div className="bo-status-choice" role="radiogroup" aria-label="商品状态">
          <span>保存后：</span>
          {(['on_sale', 'draft', 'off_shelf'] as const).map((s) => (
            <label key={s} className="checkbox">
              <input type="radio" name="status" value={s} checked={values.status === s} onChange={() => set('status', s)} />
              {s === 'on_sale' ? '立即上架' : PRODUCT_STATUSES[s]}
            </label>
          ))}
        </div>
        <AppLink className="btn" to="/admin/supplier/goods">
          取消
        </AppLink>
        <button type="submit" className="btn btn-primary" disabled={form.isSubmitting} data-testid="save-goods">
          {form.isSubmitting ? '保存中...' : product ? '保存修改' : values.status === 'on_sale' ? '发布商品' : '保存商品'}
        </button>
      </div>
    </form>
  );
}
