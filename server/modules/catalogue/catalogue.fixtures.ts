// Factories for catalogue tests (STYLE.md 17): categories, brands, suppliers with stores,
// products with search tokens, store articles, positions, demands, news and articles.
import type { Db } from '../../db/client.js';
import {
  articles,
  brands,
  categories,
  demands,
  news,
  productImages,
  productParams,
  products,
  recruitments,
  storeArticles,
  storeCategories,
  stores,
  suppliers,
} from '../../db/schema.js';
import { searchTokensValue } from '../../lib/search-tokens.js';

let seq = 0;
const next = () => ++seq;

export async function makeCategory(db: Db, opts: { name: string; parentId?: number; level?: number; sort?: number }) {
  const [row] = await db
    .insert(categories)
    .values({ name: opts.name, parentId: opts.parentId ?? 0, level: opts.level ?? (opts.parentId ? 2 : 1), sort: opts.sort ?? 0 })
    .returning();
  return row!;
}

export async function makeBrand(db: Db, opts: { name?: string; nameEn?: string; supplierId?: number } = {}) {
  const [row] = await db
    .insert(brands)
    .values({ name: opts.name ?? `品牌${next()}`, nameEn: opts.nameEn ?? null, country: '中国', supplierId: opts.supplierId ?? null })
    .returning();
  return row!;
}

export async function makeSupplier(
  db: Db,
  opts: {
    companyName?: string;
    province?: string;
    city?: string;
    kind?: 'manufacturer' | 'distributor' | 'agent';
    verified?: boolean;
    status?: string;
    uid?: string;
    theme?: number;
    storeName?: string;
    slogan?: string;
    businessScope?: string;
    introduction?: string;
    withStore?: boolean;
  } = {},
) {
  const n = next();
  const [supplier] = await db
    .insert(suppliers)
    .values({
      companyName: opts.companyName ?? `测试仪器${n}有限公司`,
      shortName: `测试${n}`,
      province: opts.province ?? '上海市',
      city: opts.city ?? '上海市',
      address: '上海市徐汇区漕河泾开发区',
      contactName: '王经理',
      contactPhone: '021-64001234',
      contactEmail: `sales${n}@example.com`,
      businessScope: opts.businessScope ?? '色谱仪器、光谱仪器的销售与维修',
      founded: 2008,
      employees: '50-99人',
      registeredCapital: '1000万元',
      kind: opts.kind ?? 'distributor',
      verified: opts.verified ?? true,
      status: opts.status ?? 'approved',
    })
    .returning();
  let store: typeof stores.$inferSelect | undefined;
  if (opts.withStore !== false) {
    [store] = await db
      .insert(stores)
      .values({
        supplierId: supplier!.id,
        uid: opts.uid ?? `t${String(n).padStart(4, '0')}`,
        name: opts.storeName ?? `${supplier!.companyName}旗舰店`,
        theme: opts.theme ?? 1,
        slogan: opts.slogan ?? '专注分析仪器二十年',
        introduction: opts.introduction ?? '<p>公司是一家专业的分析仪器供应商。</p>',
      })
      .returning();
  }
  return { supplier: supplier!, store };
}

export async function makeProduct(
  db: Db,
  opts: {
    supplierId: number;
    categoryId: number;
    name: string;
    model?: string | null;
    brand?: { id: number; name: string; nameEn?: string | null } | null;
    categoryName?: string;
    price?: number | null;
    province?: string;
    status?: string;
    views?: number;
    description?: string;
    storeCategoryId?: number;
    createdAt?: Date;
    params?: { name: string; value: string; sort?: number }[];
    images?: string[];
  },
) {
  const [row] = await db
    .insert(products)
    .values({
      supplierId: opts.supplierId,
      categoryId: opts.categoryId,
      brandId: opts.brand?.id ?? null,
      storeCategoryId: opts.storeCategoryId ?? null,
      name: opts.name,
      model: opts.model ?? null,
      price: opts.price === null ? null : String(opts.price ?? 100000),
      province: opts.province ?? '上海市',
      status: opts.status ?? 'on_sale',
      views: opts.views ?? 0,
      summary: `${opts.name}，性能稳定`,
      description: opts.description ?? `<p>${opts.name}的详细介绍。</p>`,
      searchTokens: searchTokensValue({ name: opts.name, model: opts.model, brandName: opts.brand?.name, brandNameEn: opts.brand?.nameEn, categoryNames: opts.categoryName ? [opts.categoryName] : [], summary: `${opts.name}，性能稳定` }),
      createdAt: opts.createdAt ?? new Date(),
    })
    .returning();
  if (opts.params?.length) await db.insert(productParams).values(opts.params.map((p, i) => ({ productId: row!.id, name: p.name, value: p.value, sort: p.sort ?? i })));
  if (opts.images?.length) await db.insert(productImages).values(opts.images.map((url, i) => ({ productId: row!.id, url, sort: i })));
  return row!;
}

export async function makeStoreCategory(db: Db, supplierId: number, name: string, parentId = 0) {
  const [row] = await db.insert(storeCategories).values({ supplierId, name, parentId }).returning();
  return row!;
}

export async function makeStoreArticle(db: Db, opts: { supplierId: number; kind?: 'article' | 'scheme'; title?: string; content?: string; status?: string; createdAt?: Date }) {
  const [row] = await db
    .insert(storeArticles)
    .values({
      supplierId: opts.supplierId,
      kind: opts.kind ?? 'article',
      title: opts.title ?? `店铺文章${next()}`,
      content: opts.content ?? '<p>正文</p>',
      status: opts.status ?? 'published',
      createdAt: opts.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}

export async function makeRecruitment(db: Db, opts: { supplierId: number; title?: string; status?: string }) {
  const [row] = await db
    .insert(recruitments)
    .values({ supplierId: opts.supplierId, title: opts.title ?? '销售工程师', city: '上海市', salary: '12-20K', headcount: 2, education: '本科', experience: '3-5年', description: '负责华东区域色谱产品销售。', status: opts.status ?? 'open' })
    .returning();
  return row!;
}

export async function makeDemand(db: Db, opts: { title?: string; companyName?: string | null; status?: string; createdAt?: Date } = {}) {
  const [row] = await db
    .insert(demands)
    .values({
      title: opts.title ?? `求购气相色谱仪${next()}`,
      quantity: 1,
      quoteDeadline: new Date(Date.now() + 7 * 86400_000),
      province: '上海市',
      companyName: opts.companyName === undefined ? '华东理工大学分析测试中心' : opts.companyName,
      contactName: '李老师',
      contactPhone: '13900001111',
      status: opts.status ?? 'OPEN',
      createdAt: opts.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}

export async function makeNews(db: Db, opts: { title?: string; publishedAt?: Date } = {}) {
  const [row] = await db
    .insert(news)
    .values({ category: '行业动态', title: opts.title ?? `新闻${next()}`, content: '<p>内容</p>', publishedAt: opts.publishedAt ?? new Date(Date.now() - 60_000) })
    .returning();
  return row!;
}

export async function makeArticle(db: Db, opts: { title?: string; publishedAt?: Date } = {}) {
  const [row] = await db
    .insert(articles)
    .values({ category: '色谱技术', title: opts.title ?? `技术文章${next()}`, content: '<p>内容</p>', publishedAt: opts.publishedAt ?? new Date(Date.now() - 60_000) })
    .returning();
  return row!;
}
