// /admin/collect/shop: collected supplier stores with company and region.
import { formatDateTime } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { CollectList } from './components/collect-list';

export default function CollectShopPage() {
  return (
    <CollectList
      kind="shop"
      renderItem={(s) => (
        <>
          <AppLink to={`/store/${s.uid}`} className="collect-thumb is-shop">
            {s.logo ? <img src={s.logo} alt="" loading="lazy" /> : <span aria-hidden>{s.name.slice(0, 1)}</span>}
          </AppLink>
          <div className="collect-info">
            <AppLink to={`/store/${s.uid}`} className="collect-title" title={s.name}>
              {s.name}
            </AppLink>
            <p className="collect-sub">
              <span>{s.companyName}</span>
              {s.verified && <span className="tag">已认证</span>}
              {s.region && <span>所在地：{s.region}</span>}
            </p>
            {s.slogan && (
              <p className="collect-desc" title={s.slogan}>
                {s.slogan}
              </p>
            )}
            <p className="collect-time">收藏于 {formatDateTime(s.collectedAt)}</p>
          </div>
          <AppLink to={`/store/${s.uid}`} className="btn">
            进入店铺
          </AppLink>
        </>
      )}
    />
  );
}
