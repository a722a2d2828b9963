// /admin/supplier/goods: the supplier's goods by status (在售/草稿/已下架), search, store-category
// filter, bulk 上架/下架/删除 and paging.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { AppLink } from '@/components/ui/app-link';
import { PRODUCT_STATUSES, type TProductListQuery, type TProductStatus } from '@contracts/backoffice';
import { productPath } from '@contracts/catalogue';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { StatusTag } from '@/components/ui/status-tag';
import { batchDelete, batchStatus, productsQuery } from './api/products';
import { storeCategoriesQuery, storeCategoryOptions } from './api/store-categories';
import { mutate } from './api/mutate';
import { Empty, LoadError, Loading } from './components/query-state';
import { useListParams } from './use-list-params';
import { formatPrice } from './format';
import '@/styles/backoffice.css';

const TABS: { key: '' | TProductStatus; label: string }[] = [
  { key: '', label: '全部' },
  { key: 'on_sale', label: '在售' },
  { key: 'draft', label: '草稿' },
  { key: 'off_shelf', label: '已下架' },
];
const SORTS = { updated: '最近更新', newest: '最新发布', price_desc: '价格从高到低', price_asc: '价格从低到高', views: '浏览最多' } as const;
const PAGE_SIZE = 20;

export default function GoodsListPage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['status', 'keyword', 'storeCategoryId', 'brandId', 'sort'] as const);
  const [keyword, setKeyword] = useState(values.keyword);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirm, confirmElement] = useConfirm();
  const query: TProductListQuery = {
    status: (values.status || undefined) as TProductStatus | undefined,
    keyword: values.keyword || undefined,
    storeCategoryId: values.storeCategoryId ? Number(values.storeCategoryId) : undefined,
    brandId: values.brandId ? Number(values.brandId) : undefined,
    sort: (values.sort || undefined) as TProductListQuery['sort'],
    page,
    pageSize: PAGE_SIZE,
  };
  const q = useQuery(productsQuery(query));
  const cats = useQuery(storeCategoriesQuery());
  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: ['supplier'] });
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: keyword.trim() });
  };
  const setStatus = async (ids: number[], status: 'on_sale' | 'off_shelf') => {
    if (await mutate(() => batchStatus(ids, status))) refresh();
  };
  const remove = async (ids: number[], name?: string) => {
    const ok = await confirm({ title: '删除商品', body: name ? `确定删除「${name}」吗？删除后不可恢复。` : `确定删除选中的 ${ids.length} 件商品吗？删除后不可恢复。`, okText: '删除', danger: true });
    if (ok && (await mutate(() => batchDelete(ids)))) refresh();
  };

  if (q.isLoading) return <Loading rows={8} />;
  if (q.error || !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const data = q.data;
  const pageIds = data.items.map((p) => p.id);
  const allChecked = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  return (
    <div className="bo-page" data-testid="goods-list">
      <PageHeader
        title="商品管理"
        subtitle="在售商品会出现在仪器商城和您的店铺中；草稿与已下架的商品只有您能看到"
        crumbs={[{ to: '/admin/supplier', label: '供应商中心' }]}
        actions={
          <AppLink className="btn btn-primary" to="/admin/supplier/goods/goodDetail" data-testid="new-product">
            + 发布商品
          </AppLink>
        }
      />
      <div className="bo-card bo-card-flush">
        <div className="bo-tabs" role="tablist">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={values.status === t.key}
              className={values.status === t.key ? 'active' : undefined}
              onClick={() => {
                setSelected([]);
                update({ status: t.key });
              }}
              data-testid={`tab-${t.key || 'all'}`}
            >
              {t.label}
              <em>{t.key ? data.counts[t.key] : data.counts.all}</em>
            </button>
          ))}
        </div>
        <div className="bo-toolbar">
          <form className="bo-search" onSubmit={search} role="search">
            <input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="商品名称或型号" maxLength={60} aria-label="搜索商品" data-testid="goods-keyword" />
            <button type="submit" className="btn btn-primary">
              搜索
            </button>
          </form>
          <select aria-label="店铺分类" value={values.storeCategoryId} onChange={(e) => update({ storeCategoryId: e.target.value })}>
            <option value="">全部店铺分类</option>
            {storeCategoryOptions(cats.data).map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          <select aria-label="排序" value={values.sort || 'updated'} onChange={(e) => update({ sort: e.target.value === 'updated' ? '' : e.target.value })}>
            {Object.entries(SORTS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
          {(values.keyword || values.storeCategoryId || values.brandId) && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setKeyword('');
                update({ keyword: '', storeCategoryId: '', brandId: '' });
              }}
            >
              清除筛选
            </button>
          )}
        </div>
        {selected.length > 0 && (
          <div className="bo-bulkbar" data-testid="bulk-bar">
            <span>
              已选 <strong>{selected.length}</strong> 件
            </span>
            <button type="button" className="btn" onClick={() => void setStatus(selected, 'on_sale')}>
              批量上架
            </button>
            <button type="button" className="btn" onClick={() => void setStatus(selected, 'off_shelf')} data-testid="bulk-off">
              批量下架
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void remove(selected)}>
              批量删除
            </button>
            <button type="button" className="link-button" onClick={() => setSelected([])}>
              取消选择
            </button>
          </div>
        )}
        {data.items.length === 0 ? (
          <Empty action={<AppLink className="btn btn-primary" to="/admin/supplier/goods/goodDetail">发布商品</AppLink>}>{values.keyword ? `没有找到与「${values.keyword}」相关的商品` : '这里还没有商品'}</Empty>
        ) : (
          <table className="bo-table bo-goods-table">
            <thead>
              <tr>
                <th className="bo-check">
                  <input type="checkbox" aria-label="全选本页" checked={allChecked} onChange={(e) => setSelected(e.target.checked ? [...new Set([...selected, ...pageIds])] : selected.filter((id) => !pageIds.includes(id)))} />
                </th>
                <th>商品</th>
                <th>分类 / 品牌</th>
                <th className="bo-num">价格</th>
                <th>状态</th>
                <th className="bo-num">浏览</th>
                <th>更新时间</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((p) => (
                <tr key={p.id} data-testid="goods-row" className={selected.includes(p.id) ? 'selected' : undefined}>
                  <td className="bo-check">
                    <input type="checkbox" aria-label={`选择${p.name}`} checked={selected.includes(p.id)} onChange={(e) => setSelected(e.target.checked ? [...selected, p.id] : selected.filter((id) => id !== p.id))} />
                  </td>
                  <td>
                    <div className="bo-product-cell">
                      <div className="bo-thumb">{p.coverImage ? <img src={p.coverImage} alt="" loading="lazy" /> : <span>暂无图片</span>}</div>
                      <div>
                        <AppLink to={`/admin/supplier/goods/goodDetail?id=${p.id}`} className="bo-product-name">
                          {p.name}
                        </AppLink>
                        <div className="muted bo-small">
                          {p.model ? `型号：${p.model}` : '未填写型号'}
                          {p.storeCategoryName && ` · ${p.storeCategoryName}`}
                        </div>
                      </div>
                    </div>
                  </td>
                  <td className="bo-small">
                    <div>{p.categoryName ?? '—'}</div>
                    <div className="muted">{p.brandName ?? '无品牌'}</div>
                  </td>
                  <td className="bo-num bo-price">
                    {formatPrice(p.price)}
                    {p.price !== null && <small>/{p.unit}</small>}
                  </td>
                  <td>
                    <StatusTag status={p.status} label={PRODUCT_STATUSES[p.status as TProductStatus] ?? p.status} />
                  </td>
                  <td className="bo-num">{p.views}</td>
                  <td className="muted bo-small bo-nowrap">
                    {dayjs(p.updatedAt).format('YYYY-MM-DD')}
                    <br />
                    {dayjs(p.updatedAt).format('HH:mm')}
                  </td>
                  <td className="bo-row-actions">
                    <AppLink to={`/admin/supplier/goods/goodDetail?id=${p.id}`}>编辑</AppLink>
                    {p.status === 'on_sale' ? (
                      <button type="button" className="link-button" onClick={() => void setStatus([p.id], 'off_shelf')} data-testid="row-off-shelf">
                        下架
                      </button>
                    ) : (
                      <button type="button" className="link-button" onClick={() => void setStatus([p.id], 'on_sale')} data-testid="row-on-sale">
                        上架
                      </button>
                    )}
                    {p.status === 'on_sale' && (
                      <a href={productPath(p.id)} target="_blank" rel="noreferrer">
                        查看
                      </a>
                    )}
                    <button type="button" className="link-button bo-danger-link" onClick={() => void remove([p.id], p.name)}>
                      删除
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager variant="backoffice" page={data.page} pageSize={data.pageSize} total={data.total} onChange={(p) => update({ page: p })} />
      </div>
      {confirmElement}
    </div>
  );
}
