// /shop/detail/{id}.html and /shop/goods-details?id=: gallery, price or 面议, key facts, parameter
// table, the server-sanitised description, supplier card, 询价 and 收藏, related products.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { type TProductDetail } from '@contracts/catalogue';
import { ResponseBlock } from '@/components/ui/response-figures';
import { SUPPLIER_KINDS, type TSupplierKind } from '@contracts/catalogue-constants';
import { formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { CollectButton } from '@/components/collect-button';
import { ApiError } from '@/platform/http';
import { ErrorView } from '@/pages/error-page';
import { ProductImage } from '@/components/ui/product-image';
import { productQuery } from './api/product';
import { formatPrice } from '@contracts/money-format';
import { ProductCard } from './components/product-card';
import { usePageTitle } from '@/shared/page-title';
import type { TPrefetchContext } from '@/shared/route-meta';
import '@/styles/shop.css';

/** The id from /shop/detail/{id}.html or from ?id=, or null when it is not a positive integer. */
function productIdOf(file: string | undefined, search: URLSearchParams): number | null {
  const raw = file !== undefined ? /^(\d{1,10})\.html$/.exec(file)?.[1] : search.get('id')?.trim();
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

function useProductId(): number | null {
  const { file } = useParams();
  const [search] = useSearchParams();
  return productIdOf(file, search);
}

/** Server rendering: the product's answer (a 404 answer too, which makes the page a 404). */
export async function prefetch({ queryClient, params, url }: TPrefetchContext) {
  const id = productIdOf(params.file, url.searchParams);
  if (id !== null) await queryClient.prefetchQuery(productQuery(id));
}

export default function ProductDetailPage() {
  const id = useProductId();
  const navigate = useNavigate();
  const product = useQuery({ ...productQuery(id ?? 0), enabled: id !== null });
  usePageTitle(product.data?.name);

  if (id === null || (product.error instanceof ApiError && product.error.code === 404)) {
    return <ErrorView statusCode={404} message="商品不存在或已下架" onRetry={() => void navigate('/shop', { replace: true })} />;
  }
  if (product.isError) {
    return <ErrorView statusCode={product.error instanceof ApiError ? product.error.code : 500} message={product.error.message} onRetry={() => void product.refetch()} />;
  }
  if (!product.data) {
    return (
      <div className="container product-page" aria-busy="true">
        <div className="product-top panel skeleton-block" />
      </div>
    );
  }
  return <ProductView product={product.data} />;
}

function ProductView({ product: p }: { product: TProductDetail }) {
  const [shown, setShown] = useState(0);
  const image = p.images[shown] ?? p.images[0];
  const s = p.supplier;
  const leaf = p.categoryPath[p.categoryPath.length - 1];
  const facts: [string, string | null][] = [
    ['品牌', p.brand ? `${p.brand.name}${p.brand.nameEn ? ` / ${p.brand.nameEn}` : ''}` : null],
    ['型号', p.model],
    ['产地', p.origin ?? p.brand?.country ?? null],
    ['所在地', p.province],
    ['分类', leaf?.name ?? p.categoryName],
    ['更新时间', formatDay(p.updatedAt)],
  ];
  return (
    <div className="container product-page" data-testid="product-detail">
      <nav className="breadcrumb" aria-label="当前位置">
        <AppLink to="/">首页</AppLink>
        <span>/</span>
        <AppLink to="/shop">仪器商城</AppLink>
        {p.categoryPath.map((c) => (
          <span key={c.id} className="breadcrumb-step">
            <span>/</span>
            <AppLink to={`/shop?category=${c.id}`}>{c.name}</AppLink>
          </span>
        ))}
        <span>/</span>
        <span className="muted" title={p.name}>
          {p.name}
        </span>
      </nav>

      <div className="product-top">
        <section className="product-gallery" aria-label="商品图片">
          <div className="product-gallery-main">
            <ProductImage src={image} name={p.name} category={leaf?.name ?? p.categoryName} size="lg" />
          </div>
          {p.images.length > 1 && (
            <div className="product-gallery-thumbs">
              {p.images.map((src, i) => (
                <button key={src} type="button" className={i === shown ? 'active' : undefined} onMouseEnter={() => setShown(i)} onClick={() => setShown(i)} aria-label={`第${i + 1}张图片`}>
                  <ProductImage src={src} name={p.name} category={p.categoryName} size="sm" />
                </button>
              ))}
            </div>
          )}
        </section>

        <section className="product-info">
          <h1 className="product-title" data-testid="product-name">
            {p.name}
          </h1>
          {p.summary && <p className="product-summary">{p.summary}</p>}
          <div className="price-box">
            <span className="price-box-label">参考价</span>
            <span className={`price-box-value${p.price === null ? ' is-negotiable' : ''}`} data-testid="product-price">
              {formatPrice(p.price)}
            </span>
            {p.price !== null && <span className="price-box-unit">/ {p.unit}</span>}
            <span className="price-box-note">{p.price === null ? '价格由供应商根据配置报价' : '价格仅供参考，以供应商报价为准'}</span>
          </div>
          <dl className="product-facts">
            {facts
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            <div>
              <dt>浏览</dt>
              <dd>{p.views.toLocaleString('zh-CN')} 次</dd>
            </div>
          </dl>
          <div className="product-actions">
            <AppLink to={`/demand/inquiry?productId=${p.id}`} className="btn btn-accent btn-lg" data-testid="inquiry-button">
              立即询价
            </AppLink>
            <CollectButton kind="product" targetId={p.id} />
            {s.storeUid && (
              <AppLink to={`/store/${s.storeUid}`} className="btn btn-lg">
                进入店铺
              </AppLink>
            )}
          </div>
          <ul className="product-promises">
            <li>认证供应商</li>
            <li>多家比价</li>
            <li>报价密封</li>
            <li>平台留痕</li>
          </ul>
        </section>

        <aside className="supplier-card" data-testid="supplier-card">
          <div className="supplier-card-head">
            <span className="supplier-logo" aria-hidden>
              {Array.from(s.shortName || s.companyName)[0]}
            </span>
            <div>
              <h2>{s.companyName}</h2>
              <div className="supplier-badges">
                {s.verified ? <span className="badge badge-verified">企业认证</span> : <span className="badge">未认证</span>}
                <span className="badge badge-years">入驻第{s.years}年</span>
              </div>
            </div>
          </div>
          <dl className="supplier-facts">
            <div>
              <dt>企业类型</dt>
              <dd>{SUPPLIER_KINDS[s.kind as TSupplierKind] ?? s.kind}</dd>
            </div>
            <div>
              <dt>所在地区</dt>
              <dd>{[s.province, s.city && s.city !== s.province ? s.city : null].filter(Boolean).join(' ') || '—'}</dd>
            </div>
            {s.founded && (
              <div>
                <dt>成立年份</dt>
                <dd>{s.founded}年</dd>
              </div>
            )}
            {s.contactName && (
              <div>
                <dt>联系人</dt>
                <dd>{s.contactName}</dd>
              </div>
            )}
          </dl>
          <ResponseBlock figures={s.response} className="resp-narrow" />
          <div className="supplier-card-actions">
            {s.storeUid && (
              <AppLink to={`/store/${s.storeUid}`} className="btn btn-primary btn-block" data-testid="supplier-store-link">
                进入店铺
              </AppLink>
            )}
            <AppLink to={`/enterprise/${s.id}`} className="btn btn-block">
              企业档案
            </AppLink>
          </div>
        </aside>
      </div>

      <div className="product-sections">
        <section className="panel product-section" aria-labelledby="params-title">
          <h2 id="params-title" className="section-title">
            产品参数
          </h2>
          {p.params.length === 0 ? (
            <p className="muted">供应商暂未填写参数，可通过询价获取详细配置。</p>
          ) : (
            <table className="param-table" data-testid="param-table">
              <tbody>
                {pairs(p.params).map((row, i) => (
                  <tr key={i}>
                    {row.map((param) => (
                      <FragmentCells key={param.name} name={param.name} value={param.value} />
                    ))}
                    {row.length === 1 && <td colSpan={2} className="param-empty" />}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="panel product-section" aria-labelledby="desc-title">
          <h2 id="desc-title" className="section-title">
            产品详情
          </h2>
          {p.description ? (
            // The server sanitised this HTML (scripts, handlers and unsafe URLs removed).
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: p.description }} />
          ) : (
            <p className="muted">暂无详细介绍。</p>
          )}
        </section>

        {p.related.length > 0 && (
          <section className="product-section" aria-labelledby="related-title">
            <h2 id="related-title" className="section-title">
              相关产品
            </h2>
            <div className="product-grid product-grid-4" data-testid="related-products">
              {p.related.map((r) => (
                <ProductCard key={r.id} product={r} />
              ))}
            </div>
          </section>
        )}
      </div>
      <div className="phone-inquiry-bar" data-testid="phone-inquiry-bar">
        {s.storeUid && (
          <AppLink to={`/store/${s.storeUid}`} className="btn">
            店铺
          </AppLink>
        )}
        <AppLink to={`/demand/inquiry?productId=${p.id}`} className="btn btn-accent phone-inquiry-main" data-testid="phone-inquiry-button">
          询价
        </AppLink>
      </div>
    </div>
  );
}

function FragmentCells({ name, value }: { name: string; value: string }) {
  return (
    <>
      <th scope="row">{name}</th>
      <td>{value}</td>
    </>
  );
}

function pairs<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += 2) out.push(items.slice(i, i + 2));
  return out;
}
