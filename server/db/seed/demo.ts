// The deterministic demo data set: categories, brands, suppliers with stores, a catalogue of
// opts.products products, news, technical articles, demands and the demo accounts. Runs only in
// demo mode on an empty database (seed/index.ts) or from the seed CLI (seed/cli.ts).
//
// Every data set draws from its own seeded stream (random.ts), so the same options give the same
// data on every run. Content dates are offsets from BASE_DATE; only the quote deadlines of open
// demands are computed from the real clock, so that the demo demands are open when the app runs.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  articles,
  brands,
  categories,
  demands,
  members,
  news,
  notices,
  recruitments,
  storeArticles,
  storeCategories,
  stores,
  suppliers,
} from '../schema.js';
import { hashPassword } from '../../lib/password.js';
import { productTokens, SEARCH_INDEX_VERSION } from '../../lib/search-tokens.js';
import { createRng, type Rng } from './random.js';
import { BRANDS, type TBrandDef } from './data/brands.js';
import { CATEGORY_TREE, commonParams, genValue, type TLeafDef, type TTopDef } from './data/categories.js';
import {
  BUILDINGS,
  CAPITALS,
  EMPLOYEES,
  FOCUS,
  GIVEN_NAMES,
  PURCHASER_ORGS,
  ROADS,
  SLOGANS,
  SUPPLIERS,
  SURNAMES,
  type TSupplierDef,
} from './data/companies.js';
import {
  ARTICLE_CATEGORIES,
  NEWS_CATEGORIES,
  PLATFORM_NOTICES,
  demandText,
  newsItem,
  recruitment,
  storeArticle,
  storeScheme,
  technicalArticle,
  type TStoreCtx,
  type TTextCtx,
} from './data/texts.js';

/** Content dates are offsets from this instant. */
export const BASE_DATE = new Date('2026-11-01T00:00:00+08:00');
export const DEMO_PASSWORD = 'Demo@1234';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BATCH = 500;
/** Product batches per progress message. */
const BATCHES_PER_LOG = 10;

export type TSeedDemoOptions = {
  products: number;
  /** Progress messages (the CLI prints them). */
  log?: (message: string) => void;
  /** The real clock, for the quote deadlines of open demands. */
  now?: Date;
};

type TLeafInfo = {
  def: TLeafDef;
  id: number;
  top: TTopDef;
  groupName: string;
  noun: string;
  unit: string;
  brands: TBrandDef[];
  suppliers: TSupplierInfo[];
};

type TSupplierInfo = {
  def: TSupplierDef;
  id: number;
  uid: string;
  brandNames: Set<string>;
  storeCategoryByGroup: Map<string, number>;
};

type TModelInfo = { basePrice: number; params: { name: string; value: string }[]; summary: string; features: string[] };

const daysBefore = (base: Date, days: number, r?: Rng) =>
  new Date(base.getTime() - days * DAY - (r ? r.int(0, 23) * HOUR + r.int(0, 59) * 60_000 : 0));

function personName(r: Rng) {
  return r.pick(SURNAMES) + r.pick(GIVEN_NAMES);
}

/** An 11-digit mobile 1[3-9]…, never in 13800000000–13800000099 (the demo accounts). */
function mobile(r: Rng, taken: Set<string>) {
  for (;;) {
    let m = `1${r.int(3, 9)}`;
    for (let i = 0; i < 9; i++) m += String(r.int(0, 9));
    if (m.startsWith('138000000') || taken.has(m)) continue;
    taken.add(m);
    return m;
  }
}

function roundPrice(v: number) {
  if (v < 1000) return Math.round(v / 10) * 10;
  const step = 10 ** (Math.floor(Math.log10(v)) - 2);
  return Math.round(v / step) * step;
}

/** Inserts rows in chunks (PostgreSQL allows at most 65535 bound parameters per statement). */
async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A product row as handed to json_to_recordset (bulk inserts through one JSON parameter are
 * several times faster on PGlite than thousands of bound parameters). */
type TProductJson = {
  id: number;
  supplier_id: number;
  category_id: number;
  brand_id: number;
  store_category_id: number | null;
  name: string;
  model: string;
  price: string | null;
  unit: string;
  origin: string;
  summary: string;
  description: string;
  province: string | null;
  status: string;
  views: number;
  created_at: string;
  updated_at: string;
  /** productTokens(...) of the product, stored as tokens::tsvector (literal lexemes). */
  tokens: string;
};
type TParamJson = { product_id: number; name: string; value: string; sort: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function reserveProductIds(db: Db, n: number): Promise<number[]> {
  const result = await db.execute(sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id FROM generate_series(1, ${n})`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

async function insertProducts(db: Db, rows: TProductJson[]) {
  await db.execute(sql`
    INSERT INTO products (id, supplier_id, category_id, brand_id, store_category_id, name, model, price, unit, origin,
      summary, description, province, status, views, search_tokens, search_version, created_at, updated_at)
    SELECT x.id, x.supplier_id, x.category_id, x.brand_id, x.store_category_id, x.name, x.model, x.price, x.unit, x.origin,
      x.summary, x.description, x.province, x.status, x.views, x.tokens::tsvector, ${SEARCH_INDEX_VERSION}, x.created_at, x.updated_at
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(id int, supplier_id int, category_id int, brand_id int,
      store_category_id int, name text, model text, price numeric, unit text, origin text, summary text, description text,
      province text, status text, views int, created_at timestamptz, updated_at timestamptz, tokens text)`);
}

async function insertParams(db: Db, rows: TParamJson[]) {
  await db.execute(sql`
    INSERT INTO product_params (product_id, name, value, sort)
    SELECT x.product_id, x.name, x.value, x.sort
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(product_id int, name text, value text, sort smallint)`);
}

/**
 * Seeds an empty database. All of it runs in one transaction: an interrupted first start leaves
 * an empty database (and ensureSeeded tries again), never half a catalogue.
 */
export async function seedDemo(db: Db, opts: TSeedDemoOptions): Promise<void> {
  await db.transaction((tx) => seedAll(tx, opts));
}

async function seedAll(db: Db, opts: TSeedDemoOptions): Promise<void> {
  /** A phase of the seed; they share the caller's transaction. */
  const phase = <T>(fn: (tx: Db) => Promise<T>) => fn(db);
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  /** Dates of finished demands stay in the past even when the clock is behind BASE_DATE. */
  const pastRef = new Date(Math.min(BASE_DATE.getTime(), now.getTime()));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const takenMobiles = new Set<string>();

  // ------------------------------------------------------------ reference data
  const ref = await phase(async (tx) => {
    // categories: top › group › leaf
    const topRows = await tx
      .insert(categories)
      .values(CATEGORY_TREE.map((top, i) => ({ parentId: 0, name: top.name, level: 1, sort: i + 1 })))
      .returning({ id: categories.id, name: categories.name });
    const topId = new Map(topRows.map((row) => [row.name, row.id]));
    const groupValues = CATEGORY_TREE.flatMap((top) =>
      top.groups.map((g, i) => ({ parentId: topId.get(top.name)!, name: g.name, level: 2, sort: i + 1 })),
    );
    const groupRows = await tx.insert(categories).values(groupValues).returning({ id: categories.id, name: categories.name });
    const groupId = new Map(groupRows.map((row) => [row.name, row.id]));
    const leafValues = CATEGORY_TREE.flatMap((top) =>
      top.groups.flatMap((g) => g.leaves.map((leaf, i) => ({ parentId: groupId.get(g.name)!, name: leaf.name, level: 3, sort: i + 1 }))),
    );
    const leafRows = await tx.insert(categories).values(leafValues).returning({ id: categories.id, name: categories.name });
    const leafId = new Map(leafRows.map((row) => [row.name, row.id]));
    if (leafId.size !== leafValues.length) throw new Error('demo seed: leaf category names must be unique');

    // brands
    const brandRows = await tx
      .insert(brands)
      .values(
        BRANDS.map((b, i) => ({
          name: b.name,
          nameEn: b.nameEn,
          country: b.country,
          description: b.description,
          status: 'approved',
          createdAt: daysBefore(BASE_DATE, 700 - i),
        })),
      )
      .returning({ id: brands.id, name: brands.name });
    const brandId = new Map(brandRows.map((row) => [row.name, row.id]));

    // members: the demo accounts, then the purchasers of the demo demands
    const demo = [
      { uname: 'ycadmin', mobile: '13800000001', email: 'admin@yicaitong.example', realName: '平台管理员', nickname: '仪采通管理员', companyName: null, roles: ['member', 'admin'] },
      { uname: 'supplier01', mobile: '13800000002', email: 'supplier01@yicaitong.example', realName: '王经理', nickname: '中科仪达', companyName: SUPPLIERS[0]!.companyName, roles: ['member', 'supplier'] },
      { uname: 'buyer001', mobile: '13800000003', email: 'buyer001@yicaitong.example', realName: '李采购', nickname: '李采购', companyName: '华东理工大学分析测试中心', roles: ['member', 'purchaser'] },
      { uname: 'supplier02', mobile: '13800000004', email: 'supplier02@yicaitong.example', realName: '陈经理', nickname: '禾谱实验', companyName: SUPPLIERS[1]!.companyName, roles: ['member', 'supplier'] },
      { uname: 'member01', mobile: '13800000005', email: 'member01@yicaitong.example', realName: '张会员', nickname: '张会员', companyName: null, roles: ['member'] },
    ];
    const rm = createRng('members');
    const purchasers = PURCHASER_ORGS.map((org, i) => {
      const realName = personName(rm);
      return {
        uname: `buyer${String(i + 2).padStart(3, '0')}`,
        mobile: mobile(rm, takenMobiles),
        email: `buyer${String(i + 2).padStart(3, '0')}@yicaitong.example`,
        realName,
        nickname: realName,
        companyName: org.name,
        roles: ['member', 'purchaser'],
      };
    });
    const memberRows = await tx
      .insert(members)
      .values(
        [...demo, ...purchasers].map((m, i) => ({
          ...m,
          passwordHash,
          status: 'active',
          createdAt: daysBefore(BASE_DATE, 400 - i * 3, rm),
          updatedAt: daysBefore(BASE_DATE, 30, rm),
        })),
      )
      .returning({ id: members.id, uname: members.uname });
    const memberId = new Map(memberRows.map((row) => [row.uname!, row.id]));

    // suppliers and their stores
    const rs = createRng('suppliers');
    const supplierRows = await tx
      .insert(suppliers)
      .values(
        SUPPLIERS.map((s, i) => {
          const focusNames = [...s.focus].map((c) => FOCUS[c]!);
          return {
            memberId: i === 0 ? memberId.get('supplier01')! : i === 1 ? memberId.get('supplier02')! : null,
            companyName: s.companyName,
            shortName: s.shortName,
            province: s.province,
            city: s.city,
            address: `${s.province === s.city ? '' : s.province}${s.city}${s.district}${rs.pick(ROADS)}${rs.int(1, 300)}号${rs.pick(BUILDINGS)}${rs.int(2, 18)}层`,
            contactName: i === 0 ? '王经理' : i === 1 ? '陈经理' : personName(rs),
            contactPhone: mobile(rs, takenMobiles),
            contactEmail: `sales.s${String(i + 1).padStart(4, '0')}@supplier.example`,
            businessScope: `${focusNames.join('、')}的销售、安装、维修及技术咨询服务；实验室设备与耗材销售；实验室整体规划设计。`,
            founded: rs.int(1998, 2020),
            employees: rs.pick(EMPLOYEES),
            registeredCapital: rs.pick(CAPITALS),
            kind: s.kind,
            verified: i < 2 || rs.chance(0.8),
            status: 'approved',
            createdAt: daysBefore(BASE_DATE, 600 - i * 5, rs),
          };
        }),
      )
      .returning({ id: suppliers.id, companyName: suppliers.companyName, founded: suppliers.founded });
    const supplierIdByName = new Map(supplierRows.map((row) => [row.companyName, row]));

    // leaves with their brands; suppliers with the brands they carry
    const leaves: TLeafInfo[] = [];
    for (const top of CATEGORY_TREE)
      for (const g of top.groups)
        for (const def of g.leaves) {
          const noun = def.noun ?? def.name;
          leaves.push({
            def,
            id: leafId.get(def.name)!,
            top,
            groupName: g.name,
            noun,
            unit: def.unit ?? (noun.endsWith('系统') ? '套' : '台'),
            brands: BRANDS.filter((b) => b.models[def.name]?.length),
            suppliers: [],
          });
        }
    const supplierInfos: TSupplierInfo[] = SUPPLIERS.map((def, i) => {
      const tops = new Set([...def.focus].map((c) => FOCUS[c]!));
      const candidates = BRANDS.filter((b) => leaves.some((l) => tops.has(l.top.name) && b.models[l.def.name]));
      return {
        def,
        id: supplierIdByName.get(def.companyName)!.id,
        uid: `s${String(i + 1).padStart(4, '0')}`,
        brandNames: new Set(rs.sample(candidates, rs.int(5, 10)).map((b) => b.name)),
        storeCategoryByGroup: new Map(),
      };
    });
    for (const leaf of leaves) {
      leaf.suppliers = supplierInfos.filter((s) => [...s.def.focus].some((c) => FOCUS[c] === leaf.top.name));
      if (leaf.brands.length === 0 || leaf.suppliers.length === 0) throw new Error(`demo seed: leaf ${leaf.def.name} has no brand or supplier`);
    }

    await tx.insert(stores).values(
      supplierInfos.map((s, i) => {
        const focusNames = [...s.def.focus].map((c) => FOCUS[c]!);
        const sLeaves = leaves.filter((l) => focusNames.includes(l.top.name));
        const founded = supplierIdByName.get(s.def.companyName)!.founded;
        const kindText = s.def.kind === 'manufacturer' ? '集研发、生产和销售于一体的仪器设备制造企业' : s.def.kind === 'agent' ? '多家国际知名仪器品牌的授权代理商' : '专业的科学仪器经销与技术服务企业';
        return {
          supplierId: s.id,
          uid: s.uid,
          name: `${s.def.shortName}${rs.pick(['仪器商城', '官方店铺', '科学仪器旗舰店', '实验室设备专营店'])}`,
          theme: i === 0 ? 1 : i === 1 ? 2 : rs.pick([1, 2]),
          slogan: rs.pick(SLOGANS),
          introduction: [
            `<p>${s.def.companyName}成立于${founded}年，位于${s.def.province === s.def.city ? '' : s.def.province}${s.def.city}，是一家${kindText}，主营${focusNames.join('、')}。</p>`,
            `<p>公司经销${[...s.brandNames].slice(0, 6).join('、')}等国内外知名品牌，产品涵盖${rs.sample(sLeaves, 5).map((l) => l.def.name).join('、')}等，客户遍及高校、科研院所、疾控、药检、环境监测和第三方检测机构。</p>`,
            '<p>公司拥有专业的销售和技术服务团队，可为客户提供售前咨询、方案设计、安装调试、操作培训和维修保养等全流程服务，以专业和诚信赢得了广大用户的信赖。</p>',
          ].join(''),
          views: rs.int(200, 20000),
          createdAt: daysBefore(BASE_DATE, 590 - i * 5, rs),
        };
      }),
    );

    // store categories: one per category group the supplier deals in
    const storeCategoryValues = supplierInfos.flatMap((s) =>
      CATEGORY_TREE.filter((top) => [...s.def.focus].some((c) => FOCUS[c] === top.name))
        .flatMap((top) => top.groups.map((g) => g.name))
        .map((name, i) => ({ supplierId: s.id, parentId: 0, name, sort: i + 1 })),
    );
    const storeCategoryRows = await tx
      .insert(storeCategories)
      .values(storeCategoryValues)
      .returning({ id: storeCategories.id, supplierId: storeCategories.supplierId, name: storeCategories.name });
    const supplierById = new Map(supplierInfos.map((s) => [s.id, s]));
    for (const row of storeCategoryRows) supplierById.get(row.supplierId)!.storeCategoryByGroup.set(row.name, row.id);

    return { leaves, supplierInfos, brandId, memberId, purchasers };
  });
  const { leaves, supplierInfos, brandId, memberId, purchasers } = ref;
  const leafByName = new Map(leaves.map((l) => [l.def.name, l]));
  log(`reference data: ${leaves.length} leaf categories, ${BRANDS.length} brands, ${supplierInfos.length} suppliers`);

  const textCtx: TTextCtx = {
    leaves: leaves.map((l) => ({ name: l.def.name, noun: l.noun, apps: l.def.apps })),
    intlBrands: BRANDS.filter((b) => !b.domestic).map((b) => b.name),
    domesticBrands: BRANDS.filter((b) => b.domestic).map((b) => b.name),
    models: (leaf) => BRANDS.flatMap((b) => (b.models[leaf] ?? []).map((model) => ({ brand: b.name, model }))),
    params: (r, leaf, n) => {
      const def = leafByName.get(leaf)?.def;
      if (!def) return [];
      return r
        .sample(def.params, n)
        .map(([name, gen]) => ({ name, value: genValue(r, gen) }));
    },
    supplierShortNames: supplierInfos.map((s) => s.def.shortName),
    orgs: PURCHASER_ORGS.map((o) => o.name),
    cities: ['北京', '上海', '广州', '深圳', '杭州', '南京', '苏州', '武汉', '成都', '西安', '天津', '青岛', '合肥', '长沙'],
    person: personName,
  };

  // ------------------------------------------------------------ content: store articles, news, articles, demands
  await phase(async (tx) => {
    const ra = createRng('store-articles');
    const storeArticleRows: (typeof storeArticles.$inferInsert)[] = [];
    const recruitmentRows: (typeof recruitments.$inferInsert)[] = [];
    for (const s of supplierInfos) {
      const focusNames = [...s.def.focus].map((c) => FOCUS[c]!);
      const sLeaves = leaves.filter((l) => focusNames.includes(l.top.name));
      const sctx: TStoreCtx = {
        shortName: s.def.shortName,
        companyName: s.def.companyName,
        city: s.def.city,
        leaves: sLeaves.map((l) => ({ name: l.def.name, noun: l.noun, apps: l.def.apps })),
        brands: [...s.brandNames],
      };
      for (const [kind, n] of [
        ['article', ra.int(3, 8)],
        ['scheme', ra.int(2, 5)],
      ] as const) {
        const titles = new Set<string>();
        for (let i = 0, attempts = 0; i < n && attempts < 50; attempts++) {
          const text = kind === 'article' ? storeArticle(ra, sctx, textCtx) : storeScheme(ra, sctx, textCtx);
          if (titles.has(text.title)) continue;
          titles.add(text.title);
          i++;
          const createdAt = daysBefore(BASE_DATE, ra.int(0, 400), ra);
          storeArticleRows.push({
            supplierId: s.id,
            kind,
            title: text.title,
            summary: text.summary,
            content: text.content,
            status: 'published',
            views: ra.int(20, 3000),
            createdAt,
            updatedAt: createdAt,
          });
        }
      }
      const jobs = ra.int(0, 4);
      const jobTitles = new Set<string>();
      for (let i = 0; i < jobs; i++) {
        const job = recruitment(ra, s.def.city);
        if (jobTitles.has(job.title)) continue;
        jobTitles.add(job.title);
        recruitmentRows.push({ supplierId: s.id, ...job, status: ra.chance(0.85) ? 'open' : 'closed', createdAt: daysBefore(BASE_DATE, ra.int(0, 200), ra) });
      }
    }
    await insertChunks(storeArticleRows, BATCH, (chunk) => tx.insert(storeArticles).values(chunk));
    if (recruitmentRows.length) await tx.insert(recruitments).values(recruitmentRows);

    const rn = createRng('news');
    const newsRows: (typeof news.$inferInsert)[] = [];
    const newsTitles = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const category = NEWS_CATEGORIES[i % NEWS_CATEGORIES.length]!;
      let item = newsItem(rn, category, textCtx);
      for (let attempt = 0; newsTitles.has(item.title) && attempt < 50; attempt++) item = newsItem(rn, category, textCtx);
      newsTitles.add(item.title);
      newsRows.push({ category, ...item, views: Math.floor(rn.next() ** 2 * 20000) + rn.int(30, 300), publishedAt: daysBefore(BASE_DATE, rn.int(0, 300), rn) });
    }
    await tx.insert(news).values(newsRows);

    const rt = createRng('articles');
    const articleRows: (typeof articles.$inferInsert)[] = [];
    const articleTitles = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const category = ARTICLE_CATEGORIES[i % ARTICLE_CATEGORIES.length]!;
      let item = technicalArticle(rt, category, textCtx);
      for (let attempt = 0; articleTitles.has(item.title) && attempt < 50; attempt++) item = technicalArticle(rt, category, textCtx);
      articleTitles.add(item.title);
      articleRows.push({
        category,
        title: item.title,
        summary: item.summary,
        content: item.content,
        author: rt.chance(0.4) ? '仪采通技术部' : `${personName(rt)}（应用工程师）`,
        tags: item.tags,
        views: Math.floor(rt.next() ** 2 * 15000) + rt.int(20, 200),
        publishedAt: daysBefore(BASE_DATE, rt.int(0, 300), rt),
      });
    }
    await tx.insert(articles).values(articleRows);

    // demands of the purchasers; buyer001 gets a share of its own
    const rd = createRng('demands');
    const buyers = [
      { id: memberId.get('buyer001')!, realName: '李采购', mobile: '13800000003', org: { name: '华东理工大学分析测试中心', province: '上海市', city: '上海市' } },
      ...purchasers.map((p, i) => ({ id: memberId.get(p.uname)!, realName: p.realName, mobile: p.mobile, org: PURCHASER_ORGS[i]! })),
    ];
    const statuses = [
      ['OPEN', 62],
      ['EXPIRED', 15],
      ['AWARDED', 13],
      ['CLOSED', 10],
    ] as const;
    const demandRows: (typeof demands.$inferInsert)[] = [];
    for (let i = 0; i < 240; i++) {
      const buyer = i < 16 ? buyers[0]! : rd.pick(buyers);
      const status = i < 6 ? 'OPEN' : rd.weighted(statuses, (s) => s[1])[0];
      const leaf = rd.weighted(leaves, (l) => l.def.weight ?? 1);
      const qty = rd.pick(leaf.def.price[1] > 200_000 ? [1, 1, 1, 1, 2, 2, 3] : [1, 1, 1, 1, 2, 2, 3, 5, 10]) * (leaf.def.unit === '支' ? 5 : 1);
      // the leaf's defining parameter first, then a few others
      const [first, ...rest] = leaf.def.params;
      const params = [first!, ...rd.sample(rest, rd.int(2, Math.min(5, rest.length)))].map(([name, gen]) => ({ name, value: genValue(rd, gen) }));
      const brandHint = rd.chance(0.35) ? rd.pick(leaf.brands).name : null;
      const text = demandText(rd, { name: leaf.def.name, noun: leaf.noun, apps: leaf.def.apps }, qty, leaf.unit, params, brandHint);
      const [lo, hi] = leaf.def.price;
      const budget = roundPrice((lo + (hi - lo) * (0.3 + rd.next() * 0.5)) * qty);
      let createdAt: Date;
      let quoteDeadline: Date;
      if (status === 'OPEN') {
        createdAt = daysBefore(pastRef, rd.int(0, 20), rd);
        const day = new Date(now.getTime() + rd.int(2, 40) * DAY);
        // 17:00 Beijing time of that day
        quoteDeadline = new Date(Math.floor((day.getTime() + 8 * HOUR) / DAY) * DAY - 8 * HOUR + 17 * HOUR);
      } else {
        createdAt = daysBefore(pastRef, rd.int(40, 280), rd);
        quoteDeadline = new Date(createdAt.getTime() + rd.int(7, 30) * DAY);
      }
      const needBy = new Date(quoteDeadline.getTime() + rd.int(20, 90) * DAY);
      demandRows.push({
        purchaserId: buyer.id,
        title: text.title,
        categoryId: leaf.id,
        quantity: qty,
        unit: leaf.unit,
        budget: budget.toFixed(2),
        budgetHidden: rd.chance(0.2),
        needBy,
        quoteDeadline,
        province: buyer.org.province,
        city: buyer.org.city,
        description: text.description,
        params,
        contactName: buyer.realName,
        contactPhone: buyer.mobile,
        companyName: buyer.org.name,
        // 报价方式: mostly 密封报价 (the default), every third 公开报价 (buyer001's open demands have both)
        quoteMode: i % 3 === 1 ? 'public' : 'sealed',
        status,
        createdAt,
        updatedAt: status === 'OPEN' ? createdAt : quoteDeadline,
      });
    }
    await tx.insert(demands).values(demandRows);

    await tx.insert(notices).values([
      ...PLATFORM_NOTICES.map((n, i) => ({ memberId: null, title: n.title, content: n.content, link: n.link, createdAt: daysBefore(BASE_DATE, 200 - i * 40) })),
      { memberId: memberId.get('buyer001')!, title: '您的求购已发布', content: '您发布的求购已通过审核并对供应商公开，请留意报价截止时间。', link: '/admin/purchaser/demand-manager', createdAt: daysBefore(BASE_DATE, 3) },
      { memberId: memberId.get('supplier01')!, title: '店铺资料审核通过', content: '您的店铺资料已审核通过，现在可以发布商品和报价了。', link: '/admin/supplier', createdAt: daysBefore(BASE_DATE, 30) },
      { memberId: memberId.get('supplier02')!, title: '店铺资料审核通过', content: '您的店铺资料已审核通过，现在可以发布商品和报价了。', link: '/admin/supplier', createdAt: daysBefore(BASE_DATE, 28) },
    ]);
  });
  log('content: store articles, news, technical articles, demands and notices');

  // ------------------------------------------------------------ products, generated and inserted per batch
  const rp = createRng('products');
  const modelCache = new Map<string, TModelInfo>();
  const modelInfo = (leaf: TLeafInfo, brand: TBrandDef, model: string): TModelInfo => {
    const key = `${leaf.def.name}|${brand.name}|${model}`;
    let info = modelCache.get(key);
    if (info) return info;
    // the same model looks the same at every supplier
    const r = createRng(key);
    const [lo, hi] = leaf.def.price;
    const u = brand.domestic ? r.next() * 0.55 : 0.3 + r.next() * 0.7;
    const specs = [...leaf.def.params, ...commonParams(leaf.def)].slice(0, r.int(6, 12));
    const features = r.sample(leaf.top.features, 3);
    info = {
      basePrice: lo + (hi - lo) * u,
      params: specs.map(([name, gen]) => ({ name, value: genValue(r, gen) })),
      features,
      summary: `${brand.name}${model}${leaf.noun}，${features[0]}，${features[1]}，广泛应用于${r.sample(leaf.def.apps, 2).join('、')}等领域。`,
    };
    modelCache.set(key, info);
    return info;
  };

  const total = Math.max(0, Math.floor(opts.products));
  const started = Date.now();
  for (let logStart = 0; logStart < total; logStart += BATCH * BATCHES_PER_LOG) {
    await phase(async (tx) => {
      for (let start = logStart; start < Math.min(total, logStart + BATCH * BATCHES_PER_LOG); start += BATCH) {
        const count = Math.min(BATCH, total - start);
        // ids first, so the parameter rows need not rely on the order RETURNING uses
        const ids = await reserveProductIds(tx, count);
        const rows: TProductJson[] = [];
        const paramRows: TParamJson[] = [];
        for (let k = 0; k < count; k++) {
          const i = start + k;
          // every leaf gets products first, then popular leaves get more
          const leaf = i < leaves.length ? leaves[i]! : rp.weighted(leaves, (l) => l.def.weight ?? 1);
          const brand = rp.pick(leaf.brands);
          const model = rp.pick(brand.models[leaf.def.name]!);
          const supplier = rp.weighted(leaf.suppliers, (s) => (s.brandNames.has(brand.name) ? 6 : 1));
          const info = modelInfo(leaf, brand, model);
          const name = `${brand.name} ${model} ${leaf.noun}`;
          const priced = rp.next() >= 0.15;
          const price = priced ? roundPrice(info.basePrice * (0.95 + rp.next() * 0.1)).toFixed(2) : null;
          const createdAt = daysBefore(BASE_DATE, rp.int(0, 365), rp);
          const updatedAt = new Date(Math.min(BASE_DATE.getTime(), createdAt.getTime() + rp.int(0, 60) * DAY));
          const statusRoll = rp.next();
          const warranty = info.params.find((p) => p.name === '质保期')?.value ?? '1年';
          const description = [
            '<h2>产品简介</h2>',
            `<p>${brand.name}（${brand.nameEn}）${model}${leaf.noun}${info.features[2] ? `${info.features[2]}，` : ''}适用于${leaf.def.apps.join('、')}等领域的日常检测与科研工作。${brand.description}</p>`,
            '<h2>产品特点</h2>',
            `<ul>${info.features.map((f) => `<li>${f}</li>`).join('')}</ul>`,
            '<h2>主要技术参数</h2>',
            `<ul>${info.params.map((p) => `<li>${p.name}：${p.value}</li>`).join('')}</ul>`,
            '<h2>售后服务</h2>',
            `<p>${supplier.def.shortName}提供送货上门、安装调试和操作培训，质保期 ${warranty}，质保期外提供有偿维修与定期保养服务。</p>`,
          ].join('');
          const id = ids[k]!;
          rows.push({
            id,
            supplier_id: supplier.id,
            category_id: leaf.id,
            brand_id: brandId.get(brand.name)!,
            store_category_id: supplier.storeCategoryByGroup.get(leaf.groupName) ?? null,
            name,
            model,
            price,
            unit: leaf.unit,
            origin: brand.origin,
            summary: info.summary,
            description,
            province: supplier.def.province,
            status: statusRoll < 0.96 ? 'on_sale' : statusRoll < 0.985 ? 'off_shelf' : 'draft',
            views: Math.floor(rp.next() ** 3 * 5000) + rp.int(0, 50),
            created_at: createdAt.toISOString(),
            updated_at: updatedAt.toISOString(),
            tokens: productTokens({ name, model, brandName: brand.name, brandNameEn: brand.nameEn, categoryNames: [leaf.top.name, leaf.groupName, leaf.def.name], summary: info.summary }),
          });
          info.params.forEach((p, sort) => paramRows.push({ product_id: id, name: p.name, value: p.value, sort }));
        }
        await insertProducts(tx, rows);
        await insertChunks(paramRows, 5000, (chunk) => insertParams(tx, chunk));
      }
    });
    const done = Math.min(total, logStart + BATCH * BATCHES_PER_LOG);
    log(`products: ${done}/${total} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}
