// Company and store names identify a supplier to buyers: two suppliers may not share one, so the
// directory never shows two 「…官方店铺」 cards. Names are compared as people read them: without any
// spaces (「中科仪达 官方店铺」 is 中科仪达官方店铺), full-width letters, digits and signs as half-width
// (ＡＢＣ１２３（上海） is abc123(上海)) and in any case. Checked when a name is applied for (入驻),
// edited and approved. Names that already collide under this rule stay as they are (no index
// enforces it, so a start never fails on them): only a new name is checked, and a name changed only
// in spacing or width is no new name.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stores, supplierApplications, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** U+FF01…U+FF5E (full-width ASCII), then the spaces translate() deletes: ideographic, no-break, zero-width. */
const FULL_WIDTH = Array.from({ length: 94 }, (_, i) => String.fromCharCode(0xff01 + i)).join('');
const HALF_WIDTH = Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
const DROPPED = '\u3000\u00a0\u200b\ufeff';

/** The name as compared, in JavaScript: the same as nameKeySql. */
export function nameKey(name: string): string {
  return name
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000\u00a0\u200b\ufeff]+/g, '')
    .toLowerCase();
}

/** The name as compared, in SQL (both sides go through it, so the database's own lower() decides case). */
export const nameKeySql = (value: SQL | typeof suppliers.companyName | typeof stores.name | typeof supplierApplications.companyName): SQL =>
  sql`lower(regexp_replace(translate(${value}, ${FULL_WIDTH + DROPPED}, ${HALF_WIDTH}), '\\s', '', 'g'))`;

const same = (col: typeof suppliers.companyName | typeof stores.name | typeof supplierApplications.companyName, name: string): SQL => sql`${nameKeySql(col)} = ${nameKeySql(sql`${name}`)}`;

/** Whether `next` is another name than `current` (not the same one spaced or written differently). */
export const isNewName = (next: string, current: string | null | undefined) => nameKey(next) !== nameKey(current ?? '');

const companyTaken = (name: string) => new AppError('CONFLICT', `公司名称「${name.trim()}」已被其他企业使用，请核对后重新填写`);

/** 409 when another supplier already uses this company name. */
export async function assertCompanyNameFree(db: Db, name: string, exceptSupplierId?: number) {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(same(suppliers.companyName, name), exceptSupplierId === undefined ? undefined : ne(suppliers.id, exceptSupplierId)))
    .limit(1);
  if (row) throw companyTaken(name);
}

/** 409 when another supplier's store already has this name. */
export async function assertStoreNameFree(db: Db, name: string, exceptSupplierId?: number) {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(same(stores.name, name), exceptSupplierId === undefined ? undefined : ne(stores.supplierId, exceptSupplierId)))
    .limit(1);
  if (row) throw new AppError('CONFLICT', `店铺名称「${name.trim()}」已被使用，请换一个名称`);
}

/**
 * An 入驻 application's company name, checked when it is submitted rather than only when an admin
 * approves it: approval opens a supplier under this name and a store named after it, so it must be
 * free among suppliers and stores, and not be another member's application waiting for review.
 */
export async function assertApplicationNameFree(db: Db, name: string, memberId: number) {
  await assertCompanyNameFree(db, name);
  const [store] = await db.select({ id: stores.id }).from(stores).where(same(stores.name, name)).limit(1);
  if (store) throw companyTaken(name);
  const [pending] = await db
    .select({ id: supplierApplications.id })
    .from(supplierApplications)
    .where(and(same(supplierApplications.companyName, name), eq(supplierApplications.status, 'pending'), ne(supplierApplications.memberId, memberId)))
    .limit(1);
  if (pending) throw new AppError('CONFLICT', `公司名称「${name.trim()}」已有入驻申请正在审核中，请核对后重新填写`);
}
