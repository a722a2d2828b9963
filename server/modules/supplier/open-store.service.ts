// Opening a supplier store for a member: the supplier record, its store (next free uid, theme 1) and
// the supplier role, in one transaction. Used by the admin's 开通店铺 and by an approved 入驻
// application. Safe under concurrency: two openings for one member answer 409 once one committed, two
// stores computing the same next number retry with a fresh one.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members, stores, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { assertCompanyNameFree, assertStoreNameFree } from './unique-names.js';

export const CREDIT_CODE_TAKEN = '该统一社会信用代码已开通店铺，一个企业只能开通一个店铺';

/** The next free store number: s0001, s0002, … */
async function nextStoreUid(db: Db): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(substring(${stores.uid} from 2)::int), 0)`.mapWith(Number) })
    .from(stores)
    .where(sql`${stores.uid} ~ '^s[0-9]{1,9}$'`);
  return `s${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
}

export type TOpenStoreInput = {
  companyName: string;
  shortName?: string | null;
  kind: string;
  province: string | null;
  city: string | null;
  address?: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  creditCode?: string | null;
  storeName?: string | null;
  status: 'pending' | 'approved' | 'rejected';
};
type TMemberRow = typeof members.$inferSelect;

/** 409 when the member already has a store or the company/store name or credit code is taken. */
export async function openStore(db: Db, m: TMemberRow, input: TOpenStoreInput, inTx?: (tx: Db, created: { id: number; storeUid: string }) => Promise<void>) {
  const alreadyOpened = () => new AppError('CONFLICT', '该会员已开通供应商店铺');
  const hasStore = async () => (await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.memberId, m.id)).limit(1)).length > 0;
  if (await hasStore()) throw alreadyOpened();
  const storeName = input.storeName ?? input.shortName ?? input.companyName;
  try {
    await assertCompanyNameFree(db, input.companyName);
    await assertStoreNameFree(db, storeName);
    if (input.creditCode) {
      const [taken] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.creditCode, input.creditCode)).limit(1);
      if (taken) throw new AppError('CONFLICT', CREDIT_CODE_TAKEN);
    }
  } catch (err) {
    // The same member opened twice at once: the other request may have committed between our
    // checks, so its name now looks taken. Say what actually happened.
    if (await hasStore()) throw alreadyOpened();
    throw err;
  }
  const open = () =>
    db.transaction(async (tx) => {
      const [s] = await tx
        .insert(suppliers)
        .values({
          memberId: m.id,
          companyName: input.companyName,
          shortName: input.shortName ?? null,
          kind: input.kind,
          province: input.province,
          city: input.city,
          address: input.address ?? null,
          contactName: input.contactName,
          contactPhone: input.contactPhone,
          contactEmail: input.contactEmail,
          creditCode: input.creditCode ?? null,
          status: input.status,
        })
        .returning({ id: suppliers.id });
      const uid = await nextStoreUid(tx as unknown as Db);
      await tx.insert(stores).values({ supplierId: s!.id, uid, name: storeName, theme: 1 });
      if (!m.roles.includes('supplier')) {
        await tx
          .update(members)
          .set({ roles: [...m.roles, 'supplier'], companyName: m.companyName ?? input.companyName, updatedAt: new Date() })
          .where(eq(members.id, m.id));
      }
      const created = { id: s!.id, storeUid: uid };
      if (inTx) await inTx(tx as unknown as Db, created);
      return created;
    });
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint === 'stores_uid_uq' && attempt < 5) continue;
      if (constraint === 'stores_uid_uq') throw new AppError('CONFLICT', '店铺编号已被占用，请重试');
      if (constraint === 'suppliers_credit_code_uq') throw new AppError('CONFLICT', CREDIT_CODE_TAKEN);
      throw alreadyOpened();
    }
  }
}
