// /store/{uid}/companyProfile: the supplier's introduction, registration facts and contact.
import { SUPPLIER_KINDS, type TSupplierKind } from '@contracts/catalogue-constants';
import { BlockHead, ContactCard } from './components/store-blocks';
import { useStore } from './components/use-store';
import { prefetchStorePage } from './api/store';
import type { TPrefetchContext } from '@/shared/route-meta';

/** Server rendering: the store (the layout's header and this page; a 404 for an unknown store). */
export function prefetch(ctx: TPrefetchContext) {
  return prefetchStorePage(ctx);
}

export default function StoreProfilePage() {
  const { store } = useStore();
  if (!store.data) return <div className="store-loading" aria-busy="true" />;
  const s = store.data;
  const sup = s.supplier;
  const facts: [string, string | number | null][] = [
    ['企业名称', sup.companyName],
    ['企业类型', SUPPLIER_KINDS[sup.kind as TSupplierKind] ?? sup.kind],
    ['认证状态', sup.verified ? '已通过平台企业认证' : '未认证'],
    ['成立年份', sup.founded ? `${sup.founded}年` : null],
    ['员工人数', sup.employees],
    ['注册资本', sup.registeredCapital],
    ['所在地区', [sup.province, sup.city && sup.city !== sup.province ? sup.city : null].filter(Boolean).join(' ') || null],
    ['经营范围', sup.businessScope],
  ];
  return (
    <div className="store-profile store-columns" data-testid="store-profile">
      <section className="store-content">
        <div className={s.theme === 2 ? 't2-section' : 'panel store-section'}>
          <BlockHead title="公司简介" sub={s.theme === 2 ? 'COMPANY PROFILE' : undefined} />
          {s.introduction ? (
            // Sanitised by the server.
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: s.introduction }} />
          ) : (
            <p className="muted">该企业暂未填写简介。</p>
          )}
        </div>
        <div className={s.theme === 2 ? 't2-section' : 'panel store-section'}>
          <BlockHead title="工商信息" sub={s.theme === 2 ? 'REGISTRATION' : undefined} />
          <table className="store-facts-table">
            <tbody>
              {facts
                .filter(([, v]) => v)
                .map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td>{v}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </section>
      <aside className="store-side">
        <ContactCard store={s} />
      </aside>
    </div>
  );
}
