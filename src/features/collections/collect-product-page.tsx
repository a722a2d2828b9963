// /admin/collect/product: collected instruments with model, price and supplier.
import { formatPrice } from '@contracts/money-format';
import { formatDateTime } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { CollectList } from './components/collect-list';

const price = (p: number | null, unit: string) => (p === null ? '面议' : `${formatPrice(p)}/${unit}`);

export default function CollectProductPage() {
  return (
    <CollectList
      kind="product"
      renderItem={(p) => (
        <>
          <AppLink to={`/shop/detail/${p.targetId}.html`} className="collect-thumb">
            {p.coverImage ? <img src={p.coverImage} alt="" loading="lazy" /> : <span aria-hidden>仪</span>}
          </AppLink>
          <div className="collect-info">
            <AppLink to={`/shop/detail/${p.targetId}.html`} className="collect-title" title={p.name}>
              {p.name}
            </AppLink>
            <p className="collect-sub">
              {p.model && <span>型号：{p.model}</span>}
              {p.storeUid ? <AppLink to={`/store/${p.storeUid}`}>{p.supplierName}</AppLink> : <span>{p.supplierName}</span>}
              {p.status !== 'on_sale' && <span className="collect-off">已下架</span>}
            </p>
            <p className="collect-time">收藏于 {formatDateTime(p.collectedAt)}</p>
          </div>
          <strong className={`collect-price${p.price === null ? ' is-negotiable' : ''}`}>{price(p.price, p.unit)}</strong>
        </>
      )}
    />
  );
}
