// Platform admin: the member list, disabling and enabling accounts, granting the purchaser role.
import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAdminMember, ZAdminMemberQuery } from '../../../contracts/backoffice.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { members, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { revokeMemberSessions } from '../auth/session.repository.js';
import { audit, iso, isoOrNull, likePattern } from './admin.common.js';

export async function list(db: Db, q: z.output<typeof ZAdminMemberQuery>): Promise<TPage<TAdminMember>> {
  const conds: SQL[] = [q.status ? eq(members.status, q.status) : ne(members.status, 'deleted')];
  if (q.role) conds.push(sql`${q.role} = any(${members.roles})`);
  if (q.keyword) {
    const p = likePattern(q.keyword);
    const byId = /^\d{1,9}$/.test(q.keyword) ? eq(members.id, Number(q.keyword)) : undefined;
    conds.push(
      or(
        byId,
        ilike(members.mobile, p),
        ilike(members.email, p),
        ilike(members.uname, p),
        ilike(members.realName, p),
        ilike(members.nickname, p),
        ilike(members.companyName, p),
      )!,
    );
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: members.id,
        uname: members.uname,
        nickname: members.nickname,
        realName: members.realName,
        mobile: members.mobile,
        email: members.email,
        companyName: members.companyName,
        roles: members.roles,
        status: members.status,
        lastLoginAt: members.lastLoginAt,
        createdAt: members.createdAt,
        supplierId: suppliers.id,
      })
      .from(members)
      .leftJoin(suppliers, eq(suppliers.memberId, members.id))
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(members).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, lastLoginAt: isoOrNull(r.lastLoginAt), createdAt: iso(r.createdAt) })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function mustFind(db: Db, id: number) {
  const [m] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  if (!m || m.status === 'deleted') throw new AppError('NOT_FOUND', '会员不存在或已注销');
  return m;
}

/** Disabling signs the member out everywhere; the login refuses accounts that are not active. */
export async function setStatus(db: Db, actorId: number, id: number, status: 'active' | 'disabled') {
  const m = await mustFind(db, id);
  if (status === 'disabled') {
    if (id === actorId) throw new AppError('BAD_REQUEST', '不能禁用自己的账号');
    if (m.roles.includes('admin')) throw new AppError('BAD_REQUEST', '不能禁用管理员账号');
  }
  if (m.status === status) return;
  await db.update(members).set({ status, updatedAt: new Date() }).where(eq(members.id, id));
  if (status === 'disabled') await revokeMemberSessions(db, id);
  await audit(db, { entity: 'member', entityId: id, fromState: m.status, toState: status, actorId });
}

export async function setPurchaser(db: Db, actorId: number, id: number, grant: boolean) {
  const m = await mustFind(db, id);
  const has = m.roles.includes('purchaser');
  if (has === grant) return;
  const roles = grant ? [...m.roles, 'purchaser'] : m.roles.filter((r) => r !== 'purchaser');
  await db.update(members).set({ roles, updatedAt: new Date() }).where(eq(members.id, id));
  await audit(db, { entity: 'member', entityId: id, fromState: has ? 'purchaser' : 'member', toState: grant ? 'purchaser' : 'member', actorId, note: grant ? '授予采购商' : '取消采购商' });
}
