// /admin/supplier: the supplier's home — store summary, goods by status, content counts, shortcuts.
import { Diamond, FolderTree, JapaneseYen, MessagesSquare, Palette, PenLine, Plus, UserPlus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { PRODUCT_STATUSES, STORE_THEMES, SUPPLIER_STATUSES, type TProductStatus } from '@contracts/backoffice';
import { formatDateTime } from '@contracts/time';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { overviewQuery } from './api/store';
import { LoadError, Loading } from './components/query-state';
import { SettleApplication } from './settle-application';
import { ApiError } from '@/platform/http';
import '@/styles/backoffice.css';

const SHORTCUTS = [
  { to: '/admin/supplier/goods/goodDetail', label: '发布商品', icon: Plus },
  { to: '/admin/supplier/product-management', label: '批量改价', icon: JapaneseYen },
  { to: '/admin/supplier/shopGoodCategory', label: '店铺分类', icon: FolderTree },
  { to: '/admin/supplier/article/ArticleDetail?kind=article', label: '写文章', icon: PenLine },
  { to: '/admin/supplier/article/ArticleDetail?kind=scheme', label: '发布方案', icon: Diamond },
  { to: '/admin/supplier/talentRecruitment/RecruitmentDetail', label: '发布职位', icon: UserPlus },
  { to: '/admin/supplier/baseInfo', label: '店铺装修', icon: Palette },
  { to: '/admin/supplier/inquiry', label: '询价管理', icon: MessagesSquare },
];

export default function SupplierHomePage() {
  const q = useQuery(overviewQuery());
  if (q.isLoading) return <Loading rows={6} />;
  // A member without a store applies online here.
  if (q.error instanceof ApiError && q.error.code === 403) return <SettleApplication />;
  if (q.error || !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const o = q.data;
  const c = o.counts;
  const theme = STORE_THEMES[o.store.theme as 1 | 2];
  return (
    <div className="bo-page" data-testid="supplier-home">
      <PageHeader title="供应商中心" subtitle="管理店铺、商品与内容，数据实时更新" />
      {o.status !== 'approved' && (
        <div className={`bo-alert ${o.status === 'rejected' ? 'bo-alert-danger' : 'bo-alert-warning'}`} role="status">
          <strong>入驻审核{SUPPLIER_STATUSES[o.status as keyof typeof SUPPLIER_STATUSES] ?? o.status}</strong>
          {o.status === 'pending' ? '：审核通过前，您的店铺和商品不会在平台上展示。可以先完善企业信息、准备商品。' : '：请根据站内通知中的审核意见修改企业信息，或联系平台客服。'}
        </div>
      )}
      <section className="bo-card bo-store-card">
        <div className="bo-store-logo">{o.store.logo ? <img src={o.store.logo} alt={o.store.name} /> : <span>{o.store.name.slice(0, 1)}</span>}</div>
        <div className="bo-store-info">
          <h2>
            {o.store.name}
            {o.verified && <span className="bo-tag bo-tag-success">已认证</span>}
          </h2>
          <p className="muted">
            {o.companyName} · 店铺编号 {o.store.uid} · 主题「{theme?.name ?? o.store.theme}」
          </p>
        </div>
        <div className="bo-store-actions">
          <a className="btn" href={`/store/${o.store.uid}`} target="_blank" rel="noreferrer" data-testid="open-store">
            访问我的店铺 ↗
          </a>
          <AppLink className="btn btn-primary" to="/admin/supplier/baseInfo">
            店铺设置
          </AppLink>
        </div>
      </section>

      <section className="bo-stats">
        <AppLink className="bo-stat" to="/admin/supplier/goods?status=on_sale">
          <span>在售商品</span>
          <strong data-testid="stat-on-sale">{c.onSale}</strong>
        </AppLink>
        <AppLink className="bo-stat" to="/admin/supplier/goods?status=draft">
          <span>草稿</span>
          <strong>{c.draft}</strong>
        </AppLink>
        <AppLink className="bo-stat" to="/admin/supplier/goods?status=off_shelf">
          <span>已下架</span>
          <strong>{c.offShelf}</strong>
        </AppLink>
        <div className="bo-stat">
          <span>店铺访问量</span>
          <strong>{o.store.views.toLocaleString('zh-CN')}</strong>
        </div>
        <div className="bo-stat">
          <span>商品浏览量</span>
          <strong>{c.productViews.toLocaleString('zh-CN')}</strong>
        </div>
      </section>

      <div className="bo-grid-2">
        <section className="bo-card">
          <h3 className="bo-card-title">常用功能</h3>
          <div className="bo-shortcuts">
            {SHORTCUTS.map((s) => (
              <AppLink key={s.label} to={s.to} className="bo-shortcut">
                <i aria-hidden>
                  <s.icon size={16} strokeWidth={2} />
                </i>
                {s.label}
              </AppLink>
            ))}
          </div>
        </section>
        <section className="bo-card">
          <h3 className="bo-card-title">店铺内容</h3>
          <ul className="bo-kv">
            <li>
              <span>店铺文章</span>
              <AppLink to="/admin/supplier/article?kind=article">{c.articles} 篇</AppLink>
            </li>
            <li>
              <span>解决方案</span>
              <AppLink to="/admin/supplier/article?kind=scheme">{c.schemes} 个</AppLink>
            </li>
            <li>
              <span>招聘中职位</span>
              <AppLink to="/admin/supplier/talentRecruitment">{c.openPositions} 个</AppLink>
            </li>
            <li>
              <span>店铺分类</span>
              <AppLink to="/admin/supplier/shopGoodCategory">{c.storeCategories} 个</AppLink>
            </li>
            <li>
              <span>经营品牌</span>
              <AppLink to="/admin/supplier/brand">
                {c.brands} 个{c.pendingBrandApplications > 0 && <em className="bo-tag bo-tag-warning">{c.pendingBrandApplications} 个申请待审核</em>}
              </AppLink>
            </li>
          </ul>
        </section>
      </div>

      <section className="bo-card">
        <div className="bo-card-head">
          <h3 className="bo-card-title">最近更新的商品</h3>
          <AppLink to="/admin/supplier/goods">全部商品 ›</AppLink>
        </div>
        {o.recentProducts.length === 0 ? (
          <p className="muted">
            还没有商品，<AppLink to="/admin/supplier/goods/goodDetail">发布第一件商品</AppLink>
          </p>
        ) : (
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">商品</th>
                <th scope="col">状态</th>
                <th scope="col">更新时间</th>
              </tr>
            </thead>
            <tbody>
              {o.recentProducts.map((p) => (
                <tr key={p.id}>
                  <td>
                    <AppLink to={`/admin/supplier/goods/goodDetail?id=${p.id}`}>{p.name}</AppLink>
                  </td>
                  <td style={{ width: 100 }}>
                    <StatusTag status={p.status} label={PRODUCT_STATUSES[p.status as TProductStatus] ?? p.status} />
                  </td>
                  <td style={{ width: 160 }} className="muted">
                    {formatDateTime(p.updatedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
