// What the catalogue's page addresses show, for the visit counts (server/lib/view-counts.ts): a
// product page (/shop/detail/{id}.html, /shop/goods-details?id=) is a visit to the product; every
// page of a store (/store/{uid}/…) a visit to the store, and its goods or article page to that too.
// Only pages the server answered with 200 are asked about, so an id here names a row that exists.
import { registerPageVisits, type TViewKind } from '../../lib/view-counts.js';
import { storeIdOf } from './catalogue.service.js';

const PRODUCT_PAGE = /^\/shop\/detail\/(\d{1,10})\.html$/;
const STORE_PAGE = /^\/store\/([A-Za-z0-9_-]{1,32})(?:\/([^/]*))?$/;
const MAX_ID = 2_147_483_647;

const idOf = (raw: string | null | undefined) => {
  const id = Number(raw?.trim());
  return raw && Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
};

let registered = false;

/** Registers once per process (apps come and go in tests). */
export function registerCataloguePageVisits() {
  if (registered) return;
  registered = true;
  registerPageVisits(async (db, pathname, query) => {
    const visits: { kind: TViewKind; id: number }[] = [];
    const product = pathname === '/shop/goods-details' ? idOf(query.get('id')) : idOf(PRODUCT_PAGE.exec(pathname)?.[1]);
    if (product !== null) visits.push({ kind: 'products', id: product });
    const store = STORE_PAGE.exec(pathname);
    if (store) {
      const storeId = await storeIdOf(db, store[1]!);
      if (storeId !== null) visits.push({ kind: 'stores', id: storeId });
      const id = idOf(query.get('id'));
      if (id !== null && store[2] === 'goods-details') visits.push({ kind: 'products', id });
      if (id !== null && store[2] === 'storeArticleDetails') visits.push({ kind: 'store_articles', id });
    }
    return visits;
  });
}
