// /store/{uid}/goods-details?id=: a product of this store inside the store's frame: pictures,
// price or 面议, facts, parameters, the sanitised description, 询价 and 收藏.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { productPath } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { CollectButton } from '@/components/collect-button';
import { ErrorView } from '@/pages/error-page';
import { ApiError } from '@/platform/http';
import { ProductImage } from '@/components/ui/product-image';
import { storeProductQuery } from './api/store-product';
import { prefetchStorePage } from './api/store';
import type { TPrefetchContext } from '@/shared/route-meta';
import { formatPrice } from '@contracts/money-format';
import { BlockHead } from './components/store-blocks';
import { usePageTitle } from '@/shared/page-title';
import { positiveId, useStore } from './components/use-store';

/** Server rendering: the store and the product of ?id= (404 when unknown or another store's). */
export function prefetch(ctx: TPrefetchContext) {
  const id = positiveId(ctx.url.searchParams.get('id'));
  return prefetchStorePage(ctx, (uid) => (id === null ? [] : [ctx.queryClient.prefetchQuery(storeProductQuery(uid, id))]));
}

export default function StoreGoodsDetailsPage() {
  const { uid } = useStore();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = positiveId(params.get('id'));
  const product = useQuery({ ...storeProductQuery(uid, id ?? 0), enabled: id !== null });
  const [shown, setShown] = useState(0);
  const p = product.data;
  // The server answers only this store's goods: another store's product is not found here.
  const foreign = p !== undefined && p.supplier.storeUid !== uid;
  usePageTitle(foreign ? undefined : p?.name);

  if (id === null || (product.error instanceof ApiError && product.error.code === 404) || foreign) {
    return <ErrorView statusCode={404} message="该店铺没有这件商品" onRetry={() => void navigate(`/store/${uid}/allProducts`, { replace: true })} />;
  }
  if (product.isError) return <ErrorView statusCode={500} message={product.error.message} onRetry={() => void product.refetch()} />;
  if (!p) return <div className="store-loading" aria-busy="true" />;

  const leaf = p.categoryPath[p.categoryPath.length - 1]?.name ?? p.categoryName;
  return (
    <div className="store-goods" data-testid="store-goods">
      <nav className="store-crumbs" aria-label="当前位置">
        <AppLink to={`/store/${uid}`}>店铺首页</AppLink>
        <span>/</span>
        <AppLink to={`/store/${uid}/allProducts`}>全部产品</AppLink>
        <span>/</span>
        <span>{p.name}</span>
      </nav>
      <section className="store-goods-top panel">
        <div className="store-goods-gallery">
          <ProductImage src={p.images[shown] ?? p.images[0]} name={p.name} category={leaf} size="lg" />
          {p.images.length > 1 && (
            <div className="store-goods-thumbs">
              {p.images.map((src, i) => (
                <button key={src} type="button" className={i === shown ? 'active' : undefined} onClick={() => setShown(i)} aria-label={`第${i + 1}张图片`}>
                  <ProductImage src={src} name={p.name} category={leaf} size="sm" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="store-goods-info">
          <h1 data-testid="product-name">{p.name}</h1>
          {p.summary && <p className="muted">{p.summary}</p>}
          <div className="store-goods-price">
            <span>参考价</span>
            <strong className={p.price === null ? 'is-negotiable' : undefined}>{formatPrice(p.price)}</strong>
            {p.price !== null && <em>/ {p.unit}</em>}
          </div>
          <dl className="store-goods-facts">
            {(
              [
                ['品牌', p.brand?.name],
                ['型号', p.model],
                ['产地', p.origin],
                ['分类', leaf],
                ['所在地', p.province],
                ['浏览', `${p.views} 次`],
              ] as [string, string | null | undefined][]
            )
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
          </dl>
          <div className="store-goods-actions">
            <AppLink to={`/demand/inquiry?productId=${p.id}`} className="btn btn-accent btn-lg">
              立即询价
            </AppLink>
            <CollectButton kind="product" targetId={p.id} />
            <AppLink to={productPath(p.id)} className="btn btn-lg">
              在商城中查看
            </AppLink>
          </div>
        </div>
      </section>
      <section className="panel store-section">
        <BlockHead title="产品参数" />
        {p.params.length ? (
          <table className="store-facts-table store-param-table" data-testid="param-table">
            <tbody>
              {p.params.map((x) => (
                <tr key={x.name}>
                  <th scope="row">{x.name}</th>
                  <td>{x.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">暂无参数，可通过询价获取详细配置。</p>
        )}
      </section>
      <section className="panel store-section">
        <BlockHead title="产品详情" />
        {/* Sanitised by the server. */}
        {p.description ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: p.description }} /> : <p className="muted">暂无详细介绍。</p>}
      </section>
      <div className="phone-inquiry-bar" data-testid="phone-inquiry-bar">
        <AppLink to={`/demand/inquiry?productId=${p.id}`} className="btn btn-accent phone-inquiry-main" data-testid="phone-inquiry-button">
          询价
        </AppLink>
      </div>
    </div>
  );
}
