// Server-written title, description and Open Graph tags for shared links: one table for the public
// list and service pages, and lookups for products, stores, store articles and enterprises.
import type { FastifyInstance } from 'fastify';
import { STORE_PAGES, SUPPLIER_KINDS, type TSupplierKind } from '../../../contracts/catalogue-constants.js';
import { PAGE_NOT_FOUND, registerMetaResolver, type TPageMeta } from '../../plugins/html.js';
import { categoryTree, productMetaOf, storeMetaOf } from './catalogue.service.js';
import * as productsRepo from './products.repository.js';
import { plainText } from './rich-text.js';
import * as storesRepo from './stores.repository.js';

/** Public pages whose meta does not depend on data; the SPA sets the same titles on navigation. */
export const STATIC_PAGE_META: Record<string, TPageMeta> = {
  '/': { title: '科学仪器采购交易平台', siteFirst: true, description: '仪采通：科学仪器与实验室设备 B2B 采购交易平台，提供色谱、光谱、质谱、实验室常用设备的商品展示、求购询价与供应商报价。' },
  '/shop': { title: '仪器商城', description: '按分类、品牌、价格和地区筛选色谱、光谱、质谱、生命科学与实验室常用设备，支持中文关键词和型号搜索，认证供应商在线供货。' },
  '/demand': { title: '求购大厅', description: '高校、科研院所与企业实验室的真实科学仪器采购需求，入驻供应商在线密封报价，采购方在线比价。' },
  '/demand/inquiry': { title: '发布求购', description: '发布仪器采购需求与参数要求，多家供应商密封报价，在线比价、导出比价单。' },
  '/demand/quickInquiry': { title: '快速询价', description: '一句话说明要采购的仪器，手机验证后即可提交，平台为您匹配经营相关产品的供应商。' },
  '/store': { title: '店铺大全', description: '入驻仪采通的科学仪器生产商、代理商与服务商店铺，浏览各家的在售产品、解决方案、公司简介与人才招聘。' },
  '/enterprise': { title: '企业库', description: '科学仪器生产商、经销商与代理商名录，按地区、企业类型和认证状态查找，查看企业资料、主营产品与联系方式。' },
  '/news': { title: '新闻资讯', description: '科学仪器行业动态、政策法规、展会信息与企业新闻，帮助实验室与仪器从业者把握市场变化。' },
  '/technicalCentre': { title: '技术中心', description: '应用方案、操作指南、维护保养与标准解读，由一线应用工程师撰写的科学仪器技术文章。' },
  '/about': { title: '关于我们', description: '仪采通是上海仪采通信息科技有限公司运营的科学仪器与实验室设备 B2B 采购交易平台，连接实验室采购人员与仪器生产商、授权代理商和服务商。' },
  '/about/contact': { title: '联系我们', description: '仪采通客户服务、供应商入驻、商务合作与媒体投稿的联系方式和办公地址。' },
  '/about/join': { title: '加入我们', description: '在仪采通工作：前端开发、仪器行业产品、大客户经理与技术内容编辑等热招职位及投递方式。' },
  '/service': { title: '服务中心', description: '为采购商和供应商提供从找仪器到签合同的全流程服务：发布求购、快速询价、报价比较、入驻开店与店铺装修。' },
  '/service/guide': { title: '采购指南', description: '在仪采通完成一次求购：发布需求、接收密封报价、比较价格与货期、选定供应商，以及采购小贴士。' },
  '/service/settle': { title: '供应商入驻', description: '仪器供应商入驻仪采通的条件、所需材料、审核流程与费用说明。' },
  '/service/store': { title: '店铺装修', description: '供应商店铺包含的页面、两套店铺主题、图片规范与装修建议。' },
  '/service/help': { title: '帮助中心', description: '仪采通账号、求购、报价、询价与店铺等常见问题解答。' },
  '/agreement': { title: '用户服务协议', description: '仪采通用户服务协议：账号注册与使用、用户行为规范、平台服务的性质、知识产权、个人信息保护与责任限制。' },
  '/agreement/supplier': { title: '供应商服务协议', description: '仪采通供应商服务协议：入驻与审核、商品信息规范、询价与报价义务、店铺内容、费用与违规处理。' },
  '/agreement/trade': { title: '求购与报价规则', description: '仪采通求购与报价规则：求购的发布、密封报价、评估与结果、纠纷处理。' },
  '/feedback': { title: '意见反馈', description: '对仪采通的功能、内容或服务有建议或遇到问题，欢迎在线留言，我们会尽快处理并回复。' },
  '/privacy-policy': { title: '隐私政策', description: '仪采通隐私政策：我们收集哪些信息、如何使用、共享与保护，Cookie 与本地存储，以及您对个人信息享有的权利。' },
};

// Each address shape the renderer gives a page (src/app/site-routes.ts). What it names is read as the
// page reads it; an address whose id the page cannot read, or that names nothing, shows the page's 404
// and answers 404 here (PAGE_NOT_FOUND), rendered or not.
const PRODUCT_PAGE = /^\/shop\/detail\/([^/]*)\.html$/;
const STORE_PAGE = /^\/store\/([^/]+)(?:\/([^/]*))?$/;
const STORE_UID = /^[A-Za-z0-9_-]{1,32}$/;
const ENTERPRISE_PAGE = /^\/enterprise\/(.+)$/;
const ENTERPRISE_ID = /^(\d{1,10})(?:\.html)?\/?$/;
const MAX_ID = 2_147_483_647;

/** The id of /shop/detail/{id}.html or /enterprise/{id}: digits only (the pages' own parsers). */
const rowId = (raw: string | null | undefined) => {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
};

/** The id of ?id= as the pages read it (/shop/goods-details, the store's detail pages): the number of the trimmed text. */
const queryRowId = (raw: string | null) => {
  const id = Number(raw?.trim());
  return raw && Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
};

function absolute(app: FastifyInstance, url: string | null | undefined): string | undefined {
  if (!url || /^https?:\/\//.test(url) || !app.config.PUBLIC_URL) return url ?? undefined;
  return new URL(url, app.config.PUBLIC_URL).toString();
}

const withAbsoluteImage = (app: FastifyInstance, meta: TPageMeta | null): TPageMeta | null => meta && { ...meta, image: absolute(app, meta.image) };

type TFoundProduct = NonNullable<Awaited<ReturnType<typeof productsRepo.findPublicProduct>>>;

/** schema.org Product (with its offer when it has a price) and the breadcrumb of a product page. */
function productStructure(app: FastifyInstance, found: TFoundProduct, path: string): Pick<TPageMeta, 'jsonLd' | 'breadcrumb' | 'canonical' | 'ogType'> {
  const p = found.card;
  const url = `${app.config.publicUrl}${path}`;
  const image = absolute(app, p.coverImage);
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: String(p.id),
    url,
    description: plainText(found.summary || found.description, 300) || undefined,
    ...(image ? { image } : {}),
    ...(p.model ? { model: p.model } : {}),
    ...(p.brandName ? { brand: { '@type': 'Brand', name: p.brandName } } : {}),
    ...(p.categoryName ? { category: p.categoryName } : {}),
  };
  // 面议 goods have no price to offer; a priced one is offered by its supplier in CNY.
  if (p.price !== null) {
    product.offers = { '@type': 'Offer', price: p.price, priceCurrency: 'CNY', availability: 'https://schema.org/InStock', url, seller: { '@type': 'Organization', name: found.supplier.companyName } };
  }
  const breadcrumb = [
    { name: '首页', path: '/' },
    { name: '仪器商城', path: '/shop' },
    ...(p.categoryName && p.categoryId ? [{ name: p.categoryName, path: `/shop?category=${p.categoryId}` }] : []),
    { name: p.name, path },
  ];
  return { jsonLd: [product], breadcrumb, canonical: path, ogType: 'product' };
}

async function productPageMeta(app: FastifyInstance, id: number | null): Promise<TPageMeta | typeof PAGE_NOT_FOUND | null> {
  if (id === null) return PAGE_NOT_FOUND;
  const found = await productsRepo.findPublicProduct(app.db, id);
  if (!found) return PAGE_NOT_FOUND;
  // Both addresses of a product name /shop/detail/{id}.html as the page.
  return { ...withAbsoluteImage(app, productMetaOf(found))!, ...productStructure(app, found, `/shop/detail/${id}.html`) };
}

const STORE_PAGE_NAMES: ReadonlySet<string> = new Set(STORE_PAGES);

async function storePageMeta(app: FastifyInstance, uid: string, page: string | undefined, query: URLSearchParams): Promise<TPageMeta | typeof PAGE_NOT_FOUND | null> {
  // A uid the store API refuses, or an address in the store that is no page: the store layout's 404.
  if (!STORE_UID.test(uid) || !STORE_PAGE_NAMES.has(page ?? '')) return PAGE_NOT_FOUND;
  const id = queryRowId(query.get('id'));
  // The store's goods page shows only the store's own products; anything else is its 404.
  if (page === 'goods-details') {
    const found = id === null ? undefined : await productsRepo.findPublicProduct(app.db, id);
    // The same goods as /shop/detail/{id}.html: that address is canonical, with the same Product data.
    if (found?.store?.uid === uid) return { ...withAbsoluteImage(app, productMetaOf(found))!, ...productStructure(app, found, `/shop/detail/${id}.html`) };
    return PAGE_NOT_FOUND;
  }
  const store = await storesRepo.findStore(app.db, uid);
  if (!store) return PAGE_NOT_FOUND;
  if (page === 'storeArticleDetails') {
    // An article of another store, a draft or no readable id: the page's 404.
    const article = id === null ? undefined : await storesRepo.findStoreArticle(app.db, store.supplier.id, id);
    if (!article) return PAGE_NOT_FOUND;
    const text = article.summary || plainText(article.content, 120) || store.store.slogan || '';
    const image = absolute(app, article.cover ?? store.store.logo);
    const storePath = `/store/${uid}`;
    const path = `${storePath}/storeArticleDetails?id=${id}`;
    const structured = {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title.slice(0, 110),
      description: text || undefined,
      datePublished: article.createdAt.toISOString(),
      dateModified: article.updatedAt.toISOString(),
      mainEntityOfPage: `${app.config.publicUrl}${path}`,
      ...(image ? { image: [image] } : {}),
      author: { '@type': 'Organization', name: store.supplier.companyName },
      publisher: { '@type': 'Organization', name: store.store.name },
    };
    return {
      title: article.title,
      description: `${store.store.name}${text ? `：${text}` : ''}`,
      image,
      ogType: 'article',
      canonical: path,
      jsonLd: [structured],
      breadcrumb: [
        { name: '首页', path: '/' },
        { name: store.store.name, path: storePath },
        { name: article.title, path },
      ],
    };
  }
  return withAbsoluteImage(app, storeMetaOf(store));
}

async function enterprisePageMeta(app: FastifyInstance, id: number | null): Promise<TPageMeta | typeof PAGE_NOT_FOUND | null> {
  if (id === null) return PAGE_NOT_FOUND;
  const row = await storesRepo.findEnterprise(app.db, id);
  if (!row) return PAGE_NOT_FOUND;
  const s = row.supplier;
  const place = [s.province, s.city && s.city !== s.province ? s.city : null].filter(Boolean).join('');
  const kind = SUPPLIER_KINDS[s.kind as TSupplierKind];
  const facts = [place, kind, s.founded ? `成立于${s.founded}年` : null].filter(Boolean).join('，');
  const text = s.businessScope || plainText(row.store?.introduction, 120);
  const path = `/enterprise/${id}`;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: s.companyName,
    url: `${app.config.publicUrl}${path}`,
    ...(s.shortName ? { alternateName: s.shortName } : {}),
    ...(s.founded ? { foundingDate: String(s.founded) } : {}),
    ...(place ? { address: { '@type': 'PostalAddress', addressCountry: 'CN', addressRegion: s.province ?? undefined, addressLocality: s.city ?? undefined } } : {}),
    ...(text ? { description: text } : {}),
  };
  return {
    title: s.companyName,
    description: `${s.companyName}${facts ? `（${facts}）` : ''}。${text ? `经营范围：${text}` : ''}`,
    canonical: path,
    jsonLd: [organization],
    breadcrumb: [
      { name: '首页', path: '/' },
      { name: '企业库', path: '/enterprise' },
      { name: s.companyName, path },
    ],
  };
}

type TTreeNode = { id: number; children: TTreeNode[] };
const inTree = (nodes: TTreeNode[], id: number): boolean => nodes.some((n) => n.id === id || inTree(n.children, id));

/**
 * /shop with a category the tree does not have (an old or mistyped link): the page says 「该分类不存在」
 * beside the filters, which is no page of its own for search engines: noindex, and /shop is its address.
 */
async function shopPageMeta(app: FastifyInstance, meta: TPageMeta, query: URLSearchParams): Promise<TPageMeta> {
  // Read as the shop page reads it: another value is no filter at all.
  const id = Number(query.get('category'));
  if (!Number.isInteger(id) || id <= 0) return meta;
  return inTree(await categoryTree(app.db), id) ? meta : { ...meta, canonical: '/shop', noindex: true };
}

async function resolveCatalogueMeta(app: FastifyInstance, pathname: string, query: URLSearchParams): Promise<TPageMeta | typeof PAGE_NOT_FOUND | null> {
  const fixed = STATIC_PAGE_META[pathname.replace(/\/+$/, '') || '/'];
  if (fixed === STATIC_PAGE_META['/shop']) return shopPageMeta(app, fixed!, query);
  if (fixed) return fixed;
  if (pathname === '/shop/goods-details') return productPageMeta(app, queryRowId(query.get('id')));
  const product = PRODUCT_PAGE.exec(pathname);
  if (product) return productPageMeta(app, rowId(product[1]));
  const store = STORE_PAGE.exec(pathname);
  if (store) return storePageMeta(app, store[1]!, store[2], query);
  const enterprise = ENTERPRISE_PAGE.exec(pathname);
  if (enterprise) return enterprisePageMeta(app, rowId(ENTERPRISE_ID.exec(enterprise[1]!)?.[1]));
  return null;
}

// The resolver list is process-wide while apps come and go (tests build many): register once.
let registered = false;
export function registerCatalogueMeta() {
  if (registered) return;
  registered = true;
  registerMetaResolver(resolveCatalogueMeta);
}
