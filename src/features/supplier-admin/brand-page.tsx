// /admin/supplier/brand: the brands the supplier carries (from its goods) and the way to apply
// for a brand the platform does not list yet.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';
import { SUPPLIER_KIND_LABELS } from '@contracts/backoffice';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { carriedBrandsQuery } from './api/brands';
import { overviewQuery, profileQuery } from './api/store';
import { BrandFormModal } from './components/brand-form-modal';
import { Empty, LoadError, Loading } from './components/query-state';
import '@/styles/backoffice.css';

export default function BrandPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState(false);
  const q = useQuery(carriedBrandsQuery(page));
  const profile = useQuery(profileQuery());
  const overview = useQuery(overviewQuery());
  if (q.isLoading) return <Loading rows={6} />;
  if (q.error || !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const kind = profile.data?.kind as keyof typeof SUPPLIER_KIND_LABELS | undefined;
  const pending = overview.data?.counts.pendingBrandApplications ?? 0;
  return (
    <div className="bo-page" data-testid="brand-page">
      <PageHeader
        title="代理品牌"
        subtitle={
          <>
            您的企业类型为「{kind ? SUPPLIER_KIND_LABELS[kind] : '—'}」。经营品牌由您发布的商品自动统计；平台没有的品牌可申请新增，审核通过后即可在发布商品时选择。
          </>
        }
        crumbs={[{ to: '/admin/supplier', label: '供应商中心' }]}
        actions={
          <>
            <AppLink className="btn" to="/admin/supplier/brand-management">
              我的品牌申请{pending > 0 ? `（${pending}个待审核）` : ''}
            </AppLink>
            <button type="button" className="btn btn-primary" onClick={() => setApplying(true)} data-testid="apply-brand">
              + 申请新品牌
            </button>
          </>
        }
      />
      <div className="bo-card bo-card-flush">
        {q.data.items.length === 0 ? (
          <Empty action={<AppLink className="btn btn-primary" to="/admin/supplier/goods/goodDetail">发布商品</AppLink>}>还没有带品牌的商品。发布商品时选择品牌，这里就会列出您经营的品牌。</Empty>
        ) : (
          <div className="bo-brand-grid">
            {q.data.items.map((b) => (
              <article key={b.id} className="bo-brand-card">
                <div className="bo-brand-logo">{b.logo ? <img src={b.logo} alt={b.name} /> : <span>{b.name.slice(0, 2)}</span>}</div>
                <div className="bo-brand-body">
                  <h3>
                    {b.name}
                    {b.own && <span className="bo-tag bo-tag-info">自有品牌</span>}
                  </h3>
                  <p className="muted bo-small">
                    {b.nameEn ?? '—'}
                    {b.country ? ` · ${b.country}` : ''}
                  </p>
                  <p className="bo-small">
                    商品 <strong>{b.productCount}</strong> 件 · 在售 <strong>{b.onSaleCount}</strong> 件
                  </p>
                </div>
                <button type="button" className="link-button" onClick={() => void navigate(`/admin/supplier/goods?brandId=${b.id}`)}>
                  查看商品 ›
                </button>
              </article>
            ))}
          </div>
        )}
        <Pager variant="backoffice" page={q.data.page} pageSize={q.data.pageSize} total={q.data.total} onChange={setPage} />
      </div>
      {applying && (
        <BrandFormModal
          onClose={() => setApplying(false)}
          onDone={() => {
            setApplying(false);
            void client.invalidateQueries({ queryKey: ['supplier'] });
            void navigate('/admin/supplier/brand-management');
          }}
        />
      )}
    </div>
  );
}
