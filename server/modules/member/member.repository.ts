// SQL for members: lookups by login identifier and the member-info projection.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TMemberInfo } from '../../../contracts/member.js';
import { isEmail, isMobile } from '../../../contracts/validation.js';
import type { Db } from '../../db/client.js';
import { members, stores, suppliers } from '../../db/schema.js';

export type TMemberRow = typeof members.$inferSelect;

export async function findMemberByIdentifier(db: Db, identifier: string): Promise<TMemberRow | null> {
  const id = identifier.trim();
  const where = isMobile(id)
    ? eq(members.mobile, id)
    : isEmail(id)
      ? sql`lower(${members.email}) = ${id.toLowerCase()}`
      : sql`lower(${members.uname}) = ${id.toLowerCase()}`;
  const rows = await db.select().from(members).where(and(where, isNull(members.deletedAt))).limit(1);
  return rows[0] ?? null;
}

export async function findMemberById(db: Db, id: number): Promise<TMemberRow | null> {
  const rows = await db.select().from(members).where(and(eq(members.id, id), isNull(members.deletedAt))).limit(1);
  return rows[0] ?? null;
}

const maskMobile = (m: string) => `${m.slice(0, 3)}****${m.slice(7)}`;

export function displayName(m: Pick<TMemberRow, 'nickname' | 'uname' | 'realName' | 'mobile' | 'email'>): string {
  return m.nickname || m.uname || m.realName || (m.mobile ? maskMobile(m.mobile) : null) || m.email?.split('@')[0] || '会员';
}

export async function memberInfo(db: Db, id: number): Promise<TMemberInfo | null> {
  const m = await findMemberById(db, id);
  if (!m) return null;
  const [supplier] = await db
    .select({ id: suppliers.id, companyName: suppliers.companyName, storeUid: stores.uid })
    .from(suppliers)
    .leftJoin(stores, eq(stores.supplierId, suppliers.id))
    .where(eq(suppliers.memberId, id))
    .limit(1);
  return {
    id: m.id,
    uname: m.uname,
    nickname: displayName(m),
    realName: m.realName,
    mobile: m.mobile,
    email: m.email,
    avatar: m.avatar,
    companyName: m.companyName,
    roles: m.roles,
    hasPassword: Boolean(m.passwordHash),
    supplier: supplier ? { id: supplier.id, companyName: supplier.companyName, storeUid: supplier.storeUid ?? null } : null,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function isTaken(db: Db, field: 'mobile' | 'email' | 'uname', value: string, exceptId?: number): Promise<boolean> {
  const col = members[field];
  const cond = field === 'mobile' ? eq(col, value) : sql`lower(${col}) = ${value.toLowerCase()}`;
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(exceptId ? and(cond, sql`${members.id} <> ${exceptId}`) : cond)
    .limit(1);
  return rows.length > 0;
}
