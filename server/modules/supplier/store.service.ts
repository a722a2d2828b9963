// The supplier's company record and store settings, and the numbers of the back-office home.
import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import { PROVINCES } from '../../../contracts/catalogue.js';
import type { TSupplierOverview, TSupplierProfile, ZStoreSettingsInput, ZSupplierCompanyInput } from '../../../contracts/backoffice.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { brands, products, recruitments, storeArticles, storeCategories, stores, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { sanitizeOnWrite, textOf } from './rich-text.js';
import { iso, type TOwnSupplier } from './supplier.context.js';
import { assertApplicationNameFree, assertCompanyNameFree, assertStoreNameFree, isNewName } from './unique-names.js';

/** The name checks the platform back office uses when it edits a supplier (admin module) and 入驻 when a member applies (settle module). */
export { assertApplicationNameFree, assertCompanyNameFree, assertStoreNameFree };

async function storeOf(db: Db, supplierId: number) {
  const [store] = await db.select().from(stores).where(eq(stores.supplierId, supplierId)).limit(1);
  if (!store) throw new AppError('NOT_FOUND', '店铺不存在，请联系平台管理员');
  return store;
}

export async function profile(db: Db, me: TOwnSupplier): Promise<TSupplierProfile> {
  const [s] = await db.select().from(suppliers).where(eq(suppliers.id, me.id)).limit(1);
  if (!s) throw new AppError('NOT_FOUND', '供应商不存在');
  const store = await storeOf(db, me.id);
  return {
    id: s.id,
    companyName: s.companyName,
    shortName: s.shortName,
    province: normaliseProvince(s.province),
    city: s.city,
    address: s.address,
    contactName: s.contactName,
    contactPhone: s.contactPhone,
    contactEmail: s.contactEmail,
    businessScope: s.businessScope,
    founded: s.founded,
    employees: s.employees,
    registeredCapital: s.registeredCapital,
    kind: s.kind,
    verified: s.verified,
    status: s.status,
    createdAt: iso(s.createdAt),
    version: s.version,
    store: {
      id: store.id,
      version: store.version,
      uid: store.uid,
      name: store.name,
      slogan: store.slogan,
      introduction: store.introduction,
      theme: store.theme,
      logo: store.logo,
      banner: store.banner,
      views: store.views,
    },
  };
}

const shortProvince = (name: string) => name.replace(/(壮族|回族|维吾尔)?自治区$|[省市]$/, '') || name;

/** The catalogue's spelling of a province ("上海" or "上海市" → whichever PROVINCES holds), or the value unchanged. */
export function normaliseProvince(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  return PROVINCES.find((p) => p === v || shortProvince(p) === shortProvince(v)) ?? v;
}

export async function updateCompany(db: Db, me: TOwnSupplier, input: z.output<typeof ZSupplierCompanyInput>) {
  const province = normaliseProvince(input.province);
  if (province && !(PROVINCES as readonly string[]).includes(province)) throw new AppError('BAD_REQUEST', '所在省份无效');
  // Only a new name is checked: a supplier whose name predates the rule can still save the rest.
  if (isNewName(input.companyName, me.companyName)) await assertCompanyNameFree(db, input.companyName, me.id);
  await db.transaction(async (tx) => {
    const { version, ...fields } = input;
    const rows = await tx
      .update(suppliers)
      .set({ ...fields, province, version: nextVersion(suppliers.version) })
      .where(and(eq(suppliers.id, me.id), sameVersion(suppliers.version, version)))
      .returning({ id: suppliers.id });
    mustHaveUpdated(rows);
    // Goods carry the supplier's province so the catalogue can filter by region.
    if (province !== normaliseProvince(me.province)) {
      await tx.update(products).set({ province }).where(eq(products.supplierId, me.id));
    }
  });
}

export async function updateStore(db: Db, me: TOwnSupplier, input: z.output<typeof ZStoreSettingsInput>) {
  const current = await storeOf(db, me.id);
  if (isNewName(input.name, current.name)) await assertStoreNameFree(db, input.name, me.id);
  const { version, ...fields } = input;
  const introduction = sanitizeOnWrite(fields.introduction);
  const rows = await db
    .update(stores)
    .set({ ...fields, introduction: textOf(introduction) || /<img\s/i.test(introduction) ? introduction : null, version: nextVersion(stores.version) })
    .where(and(eq(stores.supplierId, me.id), sameVersion(stores.version, version)))
    .returning({ id: stores.id });
  mustHaveUpdated(rows);
}

export async function overview(db: Db, me: TOwnSupplier): Promise<TSupplierOverview> {
  const [s] = await db.select({ companyName: suppliers.companyName, status: suppliers.status, verified: suppliers.verified }).from(suppliers).where(eq(suppliers.id, me.id));
  const store = await storeOf(db, me.id);
  const byStatus = await db
    .select({ status: products.status, n: count(), views: sum(products.views) })
    .from(products)
    .where(eq(products.supplierId, me.id))
    .groupBy(products.status);
  const statusCount = (st: string) => byStatus.find((r) => r.status === st)?.n ?? 0;
  const byKind = await db
    .select({ kind: storeArticles.kind, n: count() })
    .from(storeArticles)
    .where(eq(storeArticles.supplierId, me.id))
    .groupBy(storeArticles.kind);
  const [open] = await db.select({ n: count() }).from(recruitments).where(and(eq(recruitments.supplierId, me.id), eq(recruitments.status, 'open')));
  const [cats] = await db.select({ n: count() }).from(storeCategories).where(eq(storeCategories.supplierId, me.id));
  const [carried] = await db
    .select({ n: sql<number>`count(distinct ${products.brandId})`.mapWith(Number) })
    .from(products)
    .where(eq(products.supplierId, me.id));
  const [pending] = await db.select({ n: count() }).from(brands).where(and(eq(brands.supplierId, me.id), eq(brands.status, 'pending')));
  const recent = await db
    .select({ id: products.id, name: products.name, status: products.status, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.supplierId, me.id))
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(6);
  return {
    companyName: s!.companyName,
    status: s!.status,
    verified: s!.verified,
    store: { uid: store.uid, name: store.name, theme: store.theme, logo: store.logo, views: store.views },
    counts: {
      onSale: statusCount('on_sale'),
      draft: statusCount('draft'),
      offShelf: statusCount('off_shelf'),
      articles: byKind.find((r) => r.kind === 'article')?.n ?? 0,
      schemes: byKind.find((r) => r.kind === 'scheme')?.n ?? 0,
      openPositions: open?.n ?? 0,
      storeCategories: cats?.n ?? 0,
      brands: carried?.n ?? 0,
      pendingBrandApplications: pending?.n ?? 0,
      productViews: byStatus.reduce((acc, r) => acc + Number(r.views ?? 0), 0),
    },
    recentProducts: recent.map((r) => ({ ...r, updatedAt: iso(r.updatedAt) })),
  };
}
