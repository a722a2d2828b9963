// Rules of the public catalogue: what is public, category subtrees, sanitised rich text, masked
// buyer names, the home page's sections, and the shapes the API answers with.
import type { TResponseFigures } from '../../../contracts/response-quality.js';
import { responseFigures, toFigures } from '../response/response.service.js';
import type { TCategoryNode, THome, TProductDetail, TProductList, TProductQuery, TStoreCategory, TStoreDetail, TStoreCard, TSupplierCard, TEnterpriseCard, TEnterpriseDetail, TStoreArticleDetail, TCarouselSlide } from '../../../contracts/catalogue.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as productsRepo from './products.repository.js';
import * as storesRepo from './stores.repository.js';
import * as homeRepo from './home.repository.js';
import { PARTIAL_NOTICE } from '../../lib/search/match.js';
import { plainText, sanitizeRichText } from './rich-text.js';
import { cached, cacheKey } from '../../lib/cache.js';
import { countVisit, flushedViews, type TVisitor } from '../../lib/view-counts.js';

// ---- categories --------------------------------------------------------------------------

export function buildCategoryTree(rows: productsRepo.TCategoryRow[]): TCategoryNode[] {
  const nodes = new Map<number, TCategoryNode>();
  for (const r of rows) nodes.set(r.id, { id: r.id, parentId: r.parentId, name: r.name, level: r.level, children: [] });
  const roots: TCategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else if (r.parentId === 0) roots.push(node);
  }
  return roots;
}

/** The category and every category below it. */
export function descendantIds(rows: productsRepo.TCategoryRow[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    if (out.includes(next)) continue;
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

export function categoryPath(rows: productsRepo.TCategoryRow[], id: number): { id: number; name: string }[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path: { id: number; name: string }[] = [];
  let current = byId.get(id);
  while (current && path.length < 10) {
    path.unshift({ id: current.id, name: current.name });
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path;
}

/**
 * Reads what the first visitors' lists are counted from (the catalogue's facts, ~0.3 s at 100,000
 * goods) before they ask: called once the server listens.
 */
export async function warmCatalogue(db: Db): Promise<void> {
  await productsRepo.catalogueFacts(db);
}

export async function categoryTree(db: Db) {
  return cached(db, 'categories', '', ['catalogue'], async () => buildCategoryTree(await productsRepo.listCategories(db)));
}

// ---- products ----------------------------------------------------------------------------

/** One answer per normalised query, kept until a catalogue write (totals and facets included). */
export async function listProducts(db: Db, q: TProductQuery): Promise<TProductList> {
  return cached(db, 'products', cacheKey({ ...q }), ['catalogue'], () => searchProductList(db, q));
}

async function searchProductList(db: Db, q: TProductQuery): Promise<TProductList> {
  const categoryIds = q.category ? descendantIds(await productsRepo.listCategories(db), q.category) : undefined;
  const search: productsRepo.TProductSearch = {
    keyword: q.keyword,
    literal: q.literal,
    categoryIds,
    brandId: q.brand,
    priceMin: q.priceMin,
    priceMax: q.priceMax,
    priceBelow: q.priceBelow,
    province: q.province,
    sort: q.sort,
    page: q.page,
    pageSize: q.pageSize,
  };
  // Without a keyword the facets do not depend on how the words matched: counted alongside the page.
  const [result, unmatchedFacets] = await Promise.all([productsRepo.searchProducts(db, search), q.keyword?.trim() ? null : productsRepo.productFacets(db, search, null)]);
  const facets = unmatchedFacets ?? (await productsRepo.productFacets(db, search, result.match));
  const selectedBrand = q.brand ? { id: q.brand, name: facets.brands.find((b) => b.id === q.brand)?.name ?? (await productsRepo.brandName(db, q.brand)) ?? `品牌 ${q.brand}` } : null;
  return {
    items: result.items,
    total: result.total,
    terms: result.terms,
    partial: result.partial,
    notice: result.partial ? PARTIAL_NOTICE : null,
    understood: result.understood,
    page: q.page,
    pageSize: q.pageSize,
    brands: facets.brands,
    provinces: facets.provinces,
    selectedBrand,
  };
}

const yearsSince = (date: Date) => Math.max(1, Math.floor((Date.now() - date.getTime()) / (365.25 * 24 * 3600 * 1000)) + 1);

type TSupplierRow = {
  id: number;
  companyName: string;
  shortName: string | null;
  province: string | null;
  city: string | null;
  kind: string;
  verified: boolean;
  founded: number | null;
  createdAt: Date;
  contactName: string | null;
  contactPhone: string | null;
};

function supplierCard(s: TSupplierRow, store: { uid: string | null; name: string | null; theme: number | null } | null, response: TResponseFigures): TSupplierCard {
  return {
    id: s.id,
    companyName: s.companyName,
    shortName: s.shortName,
    province: s.province,
    city: s.city,
    kind: s.kind,
    verified: s.verified,
    founded: s.founded,
    years: yearsSince(s.createdAt),
    storeUid: store?.uid ?? null,
    storeName: store?.name ?? null,
    storeTheme: store?.theme ?? null,
    contactName: s.contactName,
    contactPhone: s.contactPhone,
    response,
  };
}

/** The detail from the cache; the visit is counted write-behind and shown in `views` at once. */
const RELATED = 8;

/** A product's page; `visitor` (lib/view-counts.ts visitorOf) counts the visit, once per visit. */
export async function productDetail(db: Db, id: number, visitor?: TVisitor | null): Promise<TProductDetail> {
  const entry = await cachedProductDetail(db, id);
  if (!entry) throw new AppError('NOT_FOUND', '商品不存在');
  return { ...entry.detail, views: entry.viewsBase + countVisit(db, 'products', id, visitor) };
}

const cachedProductDetail = (db: Db, id: number) => cached(db, 'product', String(id), ['catalogue'], () => readProductDetail(db, id));

/**
 * A product inside a store's frame (/store/{uid}/goods-details): only this store's own goods; another
 * supplier's product is not found here and counts no visit.
 */
export async function storeProductDetail(db: Db, uid: string, id: number, visitor?: TVisitor | null): Promise<TProductDetail> {
  const { supplier } = await requireStore(db, uid);
  const entry = await cachedProductDetail(db, id);
  if (!entry || entry.detail.supplierId !== supplier.id) throw new AppError('NOT_FOUND', '该店铺没有这件商品');
  return { ...entry.detail, views: entry.viewsBase + countVisit(db, 'products', id, visitor) };
}

async function readProductDetail(db: Db, id: number): Promise<{ detail: TProductDetail; viewsBase: number } | null> {
  const alreadyWritten = flushedViews(db, 'products', id);
  const found = await productsRepo.findPublicProduct(db, id);
  if (!found) return null;
  const { params, images } = found;
  const categories = await productsRepo.listCategories(db);
  // One list per category, shared by its products: the top 9, less this product, first 8.
  const top = await cached(db, 'related', String(found.card.categoryId), ['catalogue'], () => productsRepo.relatedProducts(db, found.card.categoryId, RELATED + 1));
  const related = top.filter((p) => p.id !== id).slice(0, RELATED);
  const cover = found.card.coverImage;
  const detail: TProductDetail = {
    ...found.card,
    views: found.card.views,
    summary: found.summary,
    description: sanitizeRichText(found.description),
    origin: found.origin,
    updatedAt: found.updatedAt.toISOString(),
    params,
    images: images.length ? images : cover ? [cover] : [],
    brand: found.brand?.id ? found.brand : null,
    categoryPath: categoryPath(categories, found.card.categoryId),
    supplier: supplierCard(found.supplier, found.store?.uid ? found.store : null, toFigures(found.stats)),
    related,
  };
  return { detail, viewsBase: found.card.views - alreadyWritten };
}

/** Title, description and image for the HTML of a shared product link. */
export async function productMeta(db: Db, id: number) {
  const found = await productsRepo.findPublicProduct(db, id);
  return found && productMetaOf(found);
}

/** Title, description and image of a product already read with findPublicProduct. */
export function productMetaOf(found: NonNullable<Awaited<ReturnType<typeof productsRepo.findPublicProduct>>>) {
  const p = found.card;
  const name = p.model && !p.name.includes(p.model) ? `${p.name} ${p.model}` : p.name;
  const price = p.price === null ? '价格面议' : `参考价 ¥${p.price.toLocaleString('zh-CN')}`;
  const lead = [p.brandName, p.categoryName].filter(Boolean).join(' · ');
  const text = plainText(found.summary || found.description, 100);
  return { title: name, description: `${lead ? `${lead}，` : ''}${price}，${found.supplier.companyName}供货。${text}`, image: p.coverImage ?? undefined };
}

export async function listBrands(db: Db, q: { page: number; pageSize: number; categoryId?: number; keyword?: string }) {
  return cached(db, 'brands', cacheKey({ ...q }), ['catalogue'], async () => {
    const categoryIds = q.categoryId ? descendantIds(await productsRepo.listCategories(db), q.categoryId) : undefined;
    const { items, total } = await productsRepo.listBrands(db, { page: q.page, pageSize: q.pageSize, categoryIds, keyword: q.keyword });
    return { items, total, page: q.page, pageSize: q.pageSize };
  });
}

// ---- stores ------------------------------------------------------------------------------

function storeCard(row: storesRepo.TStoreRow, productCount: number, response: TResponseFigures): TStoreCard {
  return {
    id: row.store.id,
    uid: row.store.uid,
    name: row.store.name,
    theme: row.store.theme,
    logo: row.store.logo,
    slogan: row.store.slogan,
    views: row.store.views,
    supplierId: row.supplier.id,
    companyName: row.supplier.companyName,
    province: row.supplier.province,
    city: row.supplier.city,
    kind: row.supplier.kind,
    verified: row.supplier.verified,
    businessScope: row.supplier.businessScope,
    productCount,
    response,
  };
}

/** A directory page, with the matcher's partial-match notice when only some words matched. */
type TDirectoryPage<T> = TPage<T> & { partial: boolean; notice: string | null };

export async function listStores(db: Db, f: storesRepo.TDirectoryFilter): Promise<TDirectoryPage<TStoreCard>> {
  return cached(db, 'stores', cacheKey({ ...f }), ['catalogue'], () => readStores(db, f));
}

async function readStores(db: Db, f: storesRepo.TDirectoryFilter): Promise<TDirectoryPage<TStoreCard>> {
  const { rows, total, partial } = await storesRepo.listStores(db, f);
  const ids = rows.map((r) => r.supplier.id);
  const [counts, figures] = await Promise.all([storesRepo.productCounts(db, ids), responseFigures(db, ids)]);
  return { items: rows.map((r) => storeCard(r, counts.get(r.supplier.id) ?? 0, figures.get(r.supplier.id)!)), total, page: f.page, pageSize: f.pageSize, partial, notice: partial ? PARTIAL_NOTICE : null };
}

export async function requireStore(db: Db, uid: string): Promise<storesRepo.TStoreRow> {
  const row = await storesRepo.findStore(db, uid);
  if (!row) throw new AppError('NOT_FOUND', '店铺不存在');
  return row;
}

const cachedStoreDetail = (db: Db, uid: string) => cached(db, 'store', uid, ['catalogue'], () => readStoreDetail(db, uid));

/** The store from the cache; `visitor`'s visit to the store (店铺访问量) counts once per visit, write-behind. */
export async function storeDetail(db: Db, uid: string, visitor?: TVisitor | null): Promise<TStoreDetail> {
  const entry = await cachedStoreDetail(db, uid);
  return { ...entry.detail, views: entry.viewsBase + countVisit(db, 'stores', entry.detail.id, visitor) };
}

/** The store's id for its uid (from the same cache), or null: what a store page's visit counts on. */
export async function storeIdOf(db: Db, uid: string): Promise<number | null> {
  return cachedStoreDetail(db, uid).then(
    (entry) => entry.detail.id,
    () => null,
  );
}

async function readStoreDetail(db: Db, uid: string): Promise<{ detail: TStoreDetail; viewsBase: number }> {
  const known = await storesRepo.findStore(db, uid);
  const alreadyWritten = known ? flushedViews(db, 'stores', known.store.id) : 0;
  const row = await requireStore(db, uid);
  const counts = await storesRepo.storeCounts(db, row.supplier.id);
  const s = row.supplier;
  const response = (await responseFigures(db, [s.id])).get(s.id)!;
  const detail: TStoreDetail = {
    ...storeCard(row, counts.products, response),
    banner: row.store.banner,
    introduction: sanitizeRichText(row.store.introduction) || null,
    createdAt: row.store.createdAt.toISOString(),
    supplier: {
      ...supplierCard(s, row.store, response),
      address: s.address,
      contactEmail: s.contactEmail,
      businessScope: s.businessScope,
      employees: s.employees,
      registeredCapital: s.registeredCapital,
    },
    counts,
  };
  return { detail, viewsBase: row.store.views - alreadyWritten };
}

/** Title, description and image of a store already read with findStore. */
export function storeMetaOf(row: NonNullable<Awaited<ReturnType<typeof storesRepo.findStore>>>) {
  const text = row.store.slogan || plainText(row.store.introduction, 120) || row.supplier.businessScope || '';
  return {
    title: row.store.name,
    description: `${row.supplier.companyName}${row.supplier.province ? `（${row.supplier.province}${row.supplier.city && row.supplier.city !== row.supplier.province ? row.supplier.city : ''}）` : ''}。${text}`,
    image: row.store.logo ?? undefined,
  };
}

export async function storeProducts(db: Db, uid: string, q: { storeCategoryId?: number; keyword?: string; page: number; pageSize: number }) {
  return cached(db, 'store-products', cacheKey({ ...q, uid }), ['catalogue'], () => readStoreProducts(db, uid, q));
}

async function readStoreProducts(db: Db, uid: string, q: { storeCategoryId?: number; keyword?: string; page: number; pageSize: number }) {
  const { supplier } = await requireStore(db, uid);
  const result = await productsRepo.searchProducts(db, {
    supplierId: supplier.id,
    storeCategoryId: q.storeCategoryId,
    keyword: q.keyword,
    sort: q.keyword ? 'default' : 'newest',
    page: q.page,
    pageSize: q.pageSize,
  });
  return { items: result.items, total: result.total, terms: result.terms, partial: result.partial, notice: result.partial ? PARTIAL_NOTICE : null, page: q.page, pageSize: q.pageSize };
}

export async function storeCategories(db: Db, uid: string): Promise<TStoreCategory[]> {
  return cached(db, 'store-categories', uid, ['catalogue'], () => readStoreCategories(db, uid));
}

async function readStoreCategories(db: Db, uid: string): Promise<TStoreCategory[]> {
  const { supplier } = await requireStore(db, uid);
  const rows = await storesRepo.storeCategoryRows(db, supplier.id);
  const nodes = new Map<number, TStoreCategory>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: TStoreCategory[] = [];
  for (const r of rows) {
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(nodes.get(r.id)!);
    else roots.push(nodes.get(r.id)!);
  }
  return roots;
}

const isoDates = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function storeArticles(db: Db, uid: string, kind: 'article' | 'scheme', page: number, pageSize: number) {
  return cached(db, 'store-articles', cacheKey({ uid, kind, page, pageSize }), ['catalogue'], async () => {
    const { supplier } = await requireStore(db, uid);
    const { rows, total } = await storesRepo.listStoreArticles(db, supplier.id, kind, page, pageSize);
    return { items: rows.map((r) => ({ ...isoDates(r), summary: r.summary ?? (plainText(r.summary, 120) || null) })), total, page, pageSize };
  });
}

export async function storeArticle(db: Db, uid: string, id: number, visitor?: TVisitor | null): Promise<TStoreArticleDetail> {
  const entry = await cached(db, 'store-article', `${uid}/${id}`, ['catalogue'], async () => {
    const { supplier } = await requireStore(db, uid);
    const alreadyWritten = flushedViews(db, 'store_articles', id);
    const article = await storesRepo.findStoreArticle(db, supplier.id, id);
    if (!article) return null;
    const detail: TStoreArticleDetail = {
      ...isoDates(article),
      views: article.views,
      summary: article.summary ?? (plainText(article.content, 120) || null),
      content: sanitizeRichText(article.content),
      updatedAt: article.updatedAt.toISOString(),
    };
    return { detail, viewsBase: article.views - alreadyWritten };
  });
  if (!entry) throw new AppError('NOT_FOUND', '文章不存在');
  return { ...entry.detail, views: entry.viewsBase + countVisit(db, 'store_articles', id, visitor) };
}

export async function storeRecruitments(db: Db, uid: string, page: number, pageSize: number) {
  return cached(db, 'store-recruitments', cacheKey({ uid, page, pageSize }), ['catalogue'], async () => {
    const { supplier } = await requireStore(db, uid);
    const { rows, total } = await storesRepo.listRecruitments(db, supplier.id, page, pageSize);
    // Descriptions are rich text: sanitised HTML the page renders as such (never raw <p> text).
    return { items: rows.map((r) => isoDates({ ...r, description: sanitizeRichText(r.description) })), total, page, pageSize };
  });
}

// ---- enterprises -------------------------------------------------------------------------

type TEnterpriseRow = Awaited<ReturnType<typeof storesRepo.listEnterprises>>['rows'][number];

function enterpriseCard(row: TEnterpriseRow, productCount: number, response: TResponseFigures): TEnterpriseCard {
  const s = row.supplier;
  return {
    id: s.id,
    companyName: s.companyName,
    shortName: s.shortName,
    province: s.province,
    city: s.city,
    kind: s.kind,
    verified: s.verified,
    founded: s.founded,
    employees: s.employees,
    registeredCapital: s.registeredCapital,
    businessScope: s.businessScope,
    storeUid: row.store?.uid ?? null,
    storeName: row.store?.name ?? null,
    productCount,
    response,
  };
}

export async function listEnterprises(db: Db, f: storesRepo.TDirectoryFilter): Promise<TDirectoryPage<TEnterpriseCard>> {
  return cached(db, 'enterprises', cacheKey({ ...f }), ['catalogue'], () => readEnterprises(db, f));
}

async function readEnterprises(db: Db, f: storesRepo.TDirectoryFilter): Promise<TDirectoryPage<TEnterpriseCard>> {
  const { rows, total, partial } = await storesRepo.listEnterprises(db, f);
  const ids = rows.map((r) => r.supplier.id);
  const [counts, figures] = await Promise.all([storesRepo.productCounts(db, ids), responseFigures(db, ids)]);
  return { items: rows.map((r) => enterpriseCard(r, counts.get(r.supplier.id) ?? 0, figures.get(r.supplier.id)!)), total, page: f.page, pageSize: f.pageSize, partial, notice: partial ? PARTIAL_NOTICE : null };
}

export async function enterpriseDetail(db: Db, id: number): Promise<TEnterpriseDetail> {
  return cached(db, 'enterprise', String(id), ['catalogue'], () => readEnterpriseDetail(db, id));
}

async function readEnterpriseDetail(db: Db, id: number): Promise<TEnterpriseDetail> {
  const row = await storesRepo.findEnterprise(db, id);
  if (!row) throw new AppError('NOT_FOUND', '企业不存在');
  const [counts, figures] = await Promise.all([storesRepo.productCounts(db, [id]), responseFigures(db, [id])]);
  const s = row.supplier;
  return {
    ...enterpriseCard(row, counts.get(id) ?? 0, figures.get(id)!),
    address: s.address,
    contactName: s.contactName,
    contactPhone: s.contactPhone,
    contactEmail: s.contactEmail,
    introduction: sanitizeRichText(row.store?.introduction) || null,
    years: yearsSince(s.createdAt),
    createdAt: s.createdAt.toISOString(),
    products: await productsRepo.supplierProducts(db, id, 8),
  };
}

// ---- home --------------------------------------------------------------------------------

/** Buyers stay anonymous on public pages: 华东理工大学分析测试中心 → 华东理工大学***. */
export function maskCompany(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  if (chars.length === 0) return '匿名采购商';
  const keep = chars.length > 8 ? 6 : Math.max(1, Math.ceil(chars.length / 2));
  return `${chars.slice(0, keep).join('')}***`;
}

export const CAROUSEL: TCarouselSlide[] = [
  { id: 'shop', title: '科学仪器一站式采购', subtitle: '色谱、光谱、质谱、生命科学与实验室通用设备，数千家认证供应商在线供货', cta: '进入仪器商城', to: '/shop', tone: 'blue' },
  { id: 'demand', title: '发布求购，坐等报价', subtitle: '填写需求与参数，多家供应商密封报价，比价单一键导出', cta: '立即发布求购', to: '/demand/inquiry', tone: 'orange' },
  { id: 'store', title: '品牌旗舰店与认证经销商', subtitle: '原厂授权、资质可查，店铺直达产品、方案与技术文章', cta: '逛逛品牌店铺', to: '/store', tone: 'teal' },
  { id: 'chromatography', title: '色谱专场：液相 · 气相 · 离子色谱', subtitle: '主流品牌整机与耗材，支持型号搜索，如 7890B、LC-20AT', cta: '查看色谱仪器', to: '/shop?keyword=%E8%89%B2%E8%B0%B1', tone: 'indigo' },
];

/** Everything the home page shows, in one answer; from the shared cache (a minute at most, less after a write). */
export async function homeData(db: Db): Promise<THome> {
  return cached(db, 'home', '', ['catalogue', 'news', 'articles', 'demands'], () => readHome(db));
}

async function readHome(db: Db): Promise<THome> {
  const categories = await categoryTree(db);
  const products = await productsRepo.featuredProducts(db, 12);
  const brands = await homeRepo.featuredBrands(db, 16);
  const storeRows = await storesRepo.featuredStores(db, 8);
  const storeCounts = await storesRepo.productCounts(db, storeRows.map((r) => r.supplier.id));
  const storeFigures = await responseFigures(db, storeRows.map((r) => r.supplier.id));
  const demands = await homeRepo.latestOpenDemands(db, 6);
  const news = await homeRepo.latestNews(db, 6);
  const articles = await homeRepo.latestArticles(db, 6);
  const stats = {
    products: await productsRepo.countPublicProducts(db),
    suppliers: await homeRepo.countApprovedSuppliers(db),
    demands: await homeRepo.countOpenDemands(db),
  };
  const post = (p: { id: number; title: string; category: string; summary: string | null; publishedAt: Date }) => ({ ...p, publishedAt: p.publishedAt.toISOString() });
  const data: THome = {
    carousel: CAROUSEL,
    categories,
    products,
    brands,
    stores: storeRows.map((r) => storeCard(r, storeCounts.get(r.supplier.id) ?? 0, storeFigures.get(r.supplier.id)!)),
    demands: demands.map((d) => ({
      id: d.id,
      title: d.title,
      quantity: d.quantity,
      unit: d.unit,
      province: d.province,
      buyer: maskCompany(d.companyName),
      quoteDeadline: d.quoteDeadline.toISOString(),
      createdAt: d.createdAt.toISOString(),
    })),
    news: news.map(post),
    articles: articles.map(post),
    stats,
  };
  return data;
}
