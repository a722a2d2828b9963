// Company and store names identify a supplier to buyers: two suppliers may not share one (compared
// trimmed and case-insensitively), so the directory never shows two 「…官方店铺」 cards.
import { and, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stores, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';

const same = (col: typeof suppliers.companyName | typeof stores.name, name: string): SQL => sql`lower(btrim(${col})) = ${name.trim().toLowerCase()}`;

/** 409 when another supplier already uses this company name. */
export async function assertCompanyNameFree(db: Db, name: string, exceptSupplierId?: number) {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(same(suppliers.companyName, name), exceptSupplierId === undefined ? undefined : ne(suppliers.id, exceptSupplierId)))
    .limit(1);
  if (row) throw new AppError('CONFLICT', `公司名称「${name.trim()}」已被其他企业使用，请核对后重新填写`);
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
