// Server-written title, description and Open Graph image for shared product and store links.
import type { FastifyInstance } from 'fastify';
import { registerMetaResolver, type TPageMeta } from '../../plugins/html.js';
import { productMeta, storeMeta } from './catalogue.service.js';

const PRODUCT_PAGE = /^\/shop\/detail\/(\d{1,10})\.html$/;
const STORE_PAGE = /^\/store\/([A-Za-z0-9_-]{1,32})(?:\/[^/]*)?$/;

function absolute(app: FastifyInstance, url: string | undefined): string | undefined {
  if (!url || /^https?:\/\//.test(url) || !app.config.PUBLIC_URL) return url;
  return new URL(url, app.config.PUBLIC_URL).toString();
}

async function resolveCatalogueMeta(app: FastifyInstance, pathname: string): Promise<TPageMeta | null> {
  const product = PRODUCT_PAGE.exec(pathname);
  if (product) {
    const id = Number(product[1]);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const meta = await productMeta(app.db, id);
    return meta && { ...meta, image: absolute(app, meta.image) };
  }
  const store = STORE_PAGE.exec(pathname);
  if (store) {
    const meta = await storeMeta(app.db, store[1]!);
    return meta && { ...meta, image: absolute(app, meta.image) };
  }
  return null;
}

// The resolver list is process-wide while apps come and go (tests build many): register once.
let registered = false;
export function registerCatalogueMeta() {
  if (registered) return;
  registered = true;
  registerMetaResolver(resolveCatalogueMeta);
}
