// /admin/supplier/shopGoodCategory: the store's own categories (two levels) with goods counts,
// ordering by moving up and down, and add/edit/delete.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { STORE_CATEGORY_MAX, type TStoreCategoryNode } from '@contracts/backoffice';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { deleteStoreCategory, moveStoreCategory, storeCategoriesQuery } from './api/store-categories';
import { mutate } from './api/mutate';
import { Empty, LoadError, Loading } from './components/query-state';
import '@/styles/backoffice.css';

export default function ShopCategoryPage() {
  const client = useQueryClient();
  const q = useQuery(storeCategoriesQuery());
  const [confirm, confirmElement] = useConfirm();
  const refresh = () => void client.invalidateQueries({ queryKey: ['supplier'] });
  if (q.isLoading) return <Loading rows={6} />;
  if (q.error || !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const tree = q.data;
  const total = tree.reduce((n, t) => n + 1 + t.children.length, 0);

  const move = async (c: TStoreCategoryNode, direction: 'up' | 'down') => {
    if (await mutate(() => moveStoreCategory(c.id, direction), { quiet: true })) refresh();
  };
  const remove = async (c: TStoreCategoryNode) => {
    const body = c.productCount > 0 ? `「${c.name}」下的 ${c.productCount} 件商品将变为未分类，商品本身不会被删除。` : `确定删除「${c.name}」吗？`;
    if (!(await confirm({ title: '删除店铺分类', body, okText: '删除', danger: true }))) return;
    if (await mutate(() => deleteStoreCategory(c.id))) refresh();
  };

  const row = (c: TStoreCategoryNode, i: number, siblings: TStoreCategoryNode[], child: boolean) => (
    <tr key={c.id} className={child ? 'bo-tree-child' : 'bo-tree-top'} data-testid="store-category-row">
      <td>
        <span className="bo-tree-name">
          {child && <i aria-hidden>└</i>}
          {c.name}
        </span>
      </td>
      <td className="bo-num">
        <AppLink to={`/admin/supplier/goods?storeCategoryId=${c.id}`}>{c.productCount}</AppLink>
      </td>
      <td className="bo-row-actions">
        <button type="button" className="bo-icon-btn" disabled={i === 0} onClick={() => void move(c, 'up')} title="上移" aria-label={`上移${c.name}`}>
          ↑
        </button>
        <button type="button" className="bo-icon-btn" disabled={i === siblings.length - 1} onClick={() => void move(c, 'down')} title="下移" aria-label={`下移${c.name}`}>
          ↓
        </button>
      </td>
      <td className="bo-row-actions">
        <AppLink to={`/admin/supplier/shopGoodCategory/categoryDetail?id=${c.id}`}>编辑</AppLink>
        {!child && <AppLink to={`/admin/supplier/shopGoodCategory/categoryDetail?parentId=${c.id}`}>添加子分类</AppLink>}
        <button type="button" className="link-button bo-danger-link" onClick={() => void remove(c)} disabled={c.children.length > 0} title={c.children.length ? '请先删除子分类' : undefined}>
          删除
        </button>
      </td>
    </tr>
  );

  return (
    <div className="bo-page" data-testid="shop-category">
      <PageHeader
        title="店铺分类"
        subtitle={`店铺分类显示在您店铺的左侧导航中，最多两级、${STORE_CATEGORY_MAX}个（已用 ${total} 个）`}
        crumbs={[{ to: '/admin/supplier', label: '供应商中心' }]}
        actions={
          <AppLink className="btn btn-primary" to="/admin/supplier/shopGoodCategory/categoryDetail" data-testid="new-store-category">
            + 新建分类
          </AppLink>
        }
      />
      <div className="bo-card bo-card-flush">
        {tree.length === 0 ? (
          <Empty action={<AppLink className="btn btn-primary" to="/admin/supplier/shopGoodCategory/categoryDetail">新建分类</AppLink>}>还没有店铺分类。按产品线分类，采购商更容易在您的店铺里找到商品。</Empty>
        ) : (
          <table className="bo-table bo-tree">
            <thead>
              <tr>
                <th>分类名称</th>
                <th className="bo-num" style={{ width: 100 }}>
                  商品数
                </th>
                <th style={{ width: 110 }}>排序</th>
                <th style={{ width: 220 }}>操作</th>
              </tr>
            </thead>
            <tbody>{tree.flatMap((top, i) => [row(top, i, tree, false), ...top.children.map((c, j) => row(c, j, top.children, true))])}</tbody>
          </table>
        )}
      </div>
      {confirmElement}
    </div>
  );
}
