// /admin/supplier/goods: the supplier's goods by status (在售/草稿/已下架), search, store-category
// filter, bulk 上架/下架/删除, paging, and 批量导入/导出 by Excel.
import { MatchNotice } from '@/components/match-notice';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { PRODUCT_STATUSES, type TProductListQuery, type TProductStatus } from '@contracts/backoffice';
import { productPath } from '@contracts/catalogue';
import { formatClock, formatDay } from '@contracts/time';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { batchDelete, batchStatus, productsQuery } from './api/products';
import { storeCategoriesQuery, storeCategoryOptions } from './api/store-categories';
import { mutate } from './api/mutate';
import { Empty, LoadError, Loading } from './components/query-state';
import { GoodsExcelActions } from './components/goods-excel-actions';
import { BulkBar, FilterBar, FilterSelect, ListBody, ListTabs, SearchBox, useListParams, useRowSelection, type TListColumn } from '@/components/data-table';
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
  const selection = useRowSelection();
  const selected = selection.ids.map(Number);
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
    selection.clear();
    void client.invalidateQueries({ queryKey: ['supplier'] });
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
  const columns: TListColumn<(typeof data.items)[number]>[] = [
    {
      id: 'product',
      header: '商品',
      cell: (p) => (
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
      ),
    },
    {
      id: 'category',
      header: '分类 / 品牌',
      cellClassName: 'bo-small',
      cell: (p) => (
        <>
          <div>{p.categoryName ?? '—'}</div>
          <div className="muted">{p.brandName ?? '无品牌'}</div>
        </>
      ),
    },
    {
      id: 'price',
      header: '价格',
      className: 'bo-num',
      cellClassName: 'bo-price',
      cell: (p) => (
        <>
          {formatPrice(p.price)}
          {p.price !== null && <small>/{p.unit}</small>}
        </>
      ),
    },
    {
      id: 'status',
      header: '状态',
      cell: (p) =>
        p.takedownReason ? (
          <>
            <StatusTag status="rejected" label="平台下架" />
            <div className="bo-small bo-takedown-reason" data-testid="takedown-reason">
              原因：{p.takedownReason}
            </div>
          </>
        ) : (
          <StatusTag status={p.status} label={PRODUCT_STATUSES[p.status as TProductStatus] ?? p.status} />
        ),
    },
    { id: 'views', header: '浏览', className: 'bo-num', cell: (p) => p.views },
    {
      id: 'updatedAt',
      header: '更新时间',
      cellClassName: 'muted bo-small bo-nowrap',
      cell: (p) => (
        <>
          {formatDay(p.updatedAt)}
          <br />
          {formatClock(p.updatedAt)}
        </>
      ),
    },
    {
      id: 'actions',
      header: '操作',
      cellClassName: 'bo-row-actions',
      cell: (p) => (
        <>
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
        </>
      ),
    },
  ];

  return (
    <div className="bo-page" data-testid="goods-list">
      <PageHeader
        title="商品管理"
        subtitle="在售商品会出现在仪器商城和您的店铺中；草稿与已下架的商品只有您能看到"
        crumbs={[{ to: '/admin/supplier', label: '供应商中心' }]}
        actions={
          <>
            <GoodsExcelActions exportQuery={{ status: query.status, keyword: query.keyword, storeCategoryId: query.storeCategoryId, brandId: query.brandId, sort: query.sort }} onImported={refresh} />
            <AppLink className="btn btn-primary" to="/admin/supplier/goods/goodDetail" data-testid="new-product">
              + 发布商品
            </AppLink>
          </>
        }
      />
      <div className="bo-card bo-card-flush">
        <ListTabs
          tabs={TABS.map((t) => ({ key: t.key, label: t.label, count: t.key ? data.counts[t.key] : data.counts.all, testId: `tab-${t.key || 'all'}` }))}
          active={values.status}
          onChange={(status) => {
            selection.clear();
            update({ status });
          }}
        />
        <FilterBar>
          <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="商品名称或型号" label="搜索商品" testId="goods-keyword" />
          <FilterSelect label="店铺分类" all="全部店铺分类" options={storeCategoryOptions(cats.data).map((c) => [c.id, c.label] as const)} value={values.storeCategoryId} onChange={(storeCategoryId) => update({ storeCategoryId })} />
          <FilterSelect label="排序" options={Object.entries(SORTS)} value={values.sort || 'updated'} onChange={(sort) => update({ sort: sort === 'updated' ? '' : sort })} />
          {values.brandId && (
            // From 代理品牌 (查看商品): the brand filter is shown and removable like the others.
            <button type="button" className="filter-chip" onClick={() => update({ brandId: '' })} title="移除此条件" data-testid="brand-filter">
              品牌：{data.selectedBrand?.name ?? '…'}
              <span aria-hidden>×</span>
            </button>
          )}
          {(values.keyword || values.storeCategoryId || values.brandId) && (
            <button type="button" className="link-button" onClick={() => update({ keyword: '', storeCategoryId: '', brandId: '' })}>
              清除筛选
            </button>
          )}
        </FilterBar>
        <BulkBar count={selected.length} unit="件" onClear={selection.clear}>
          <button type="button" className="btn" onClick={() => void setStatus(selected, 'on_sale')}>
            批量上架
          </button>
          <button type="button" className="btn" onClick={() => void setStatus(selected, 'off_shelf')} data-testid="bulk-off">
            批量下架
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void remove(selected)}>
            批量删除
          </button>
        </BulkBar>
        <MatchNotice notice={q.data?.notice} items={q.data?.items.length ?? 0} />
        <ListBody
          query={q}
          columns={columns}
          getRowId={(p) => p.id}
          className="bo-goods-table"
          rowTestId="goods-row"
          selection={{ ...selection, label: (p) => `选择${p.name}` }}
          empty={<Empty action={<AppLink className="btn btn-primary" to="/admin/supplier/goods/goodDetail">发布商品</AppLink>}>{values.keyword ? `没有找到与「${values.keyword}」相关的商品` : values.storeCategoryId || values.brandId || values.status ? '没有符合筛选条件的商品' : '这里还没有商品'}</Empty>}
          loading={<Loading rows={8} />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {confirmElement}
    </div>
  );
}
