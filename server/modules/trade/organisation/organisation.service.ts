// 采购单位 (issue 38): organisations, their members and roles, invitations (link or SMS), the admin's
// approval rules and the platform admin's verification. The approval of demands before they go to
// the platform's review is in approvals.service.ts.
import crypto from 'node:crypto';
import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { TPage } from '../../../../contracts/api.js';
import {
  DEFAULT_TWO_LEVEL_ABOVE,
  INVITATION_DAYS,
  maskMobile,
  ORG_MESSAGES,
  ORG_ROLES,
  type TAdminOrganisation,
  type TInvitationView,
  type TOrganisation,
  type TOrgRole,
  type TRules,
  type ZAdminOrganisationQuery,
  type ZOrgReviewBody,
} from '../../../../contracts/organisation.js';
import type { Db } from '../../../db/client.js';
import { auditLog, members, organisationInvitations, organisationMembers, organisations } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { uniqueViolation } from '../../../lib/db-errors.js';
import { likePattern } from '../../../lib/filenames.js';
import type { TSessionMember } from '../../auth/session.repository.js';
import { dispatchEvents, type TTradeEvent } from '../common.js';

const ENTITY = 'organisation';
export const ORG_PAGE = '/admin/purchaser/organisation';

export type TOrgRow = typeof organisations.$inferSelect;
export type TMembership = { organisation: TOrgRow; roles: TOrgRole[] };

const displayName = (m: { realName: string | null; nickname: string | null; mobile: string | null; id: number }) => m.realName || m.nickname || maskMobile(m.mobile) || `会员${m.id}`;

/** The member's organisation and roles, or null. `lock`: the organisation row FOR UPDATE (membership changes). */
export async function membershipOf(db: Db, memberId: number, lock = false): Promise<TMembership | null> {
  const [m] = await db.select().from(organisationMembers).where(eq(organisationMembers.memberId, memberId)).limit(1);
  if (!m) return null;
  const q = db.select().from(organisations).where(eq(organisations.id, m.organisationId)).limit(1);
  const [org] = lock ? await q.for('update') : await q;
  if (!org) return null;
  if (lock) {
    // The membership may have changed while we waited for the lock.
    const [again] = await db.select().from(organisationMembers).where(eq(organisationMembers.memberId, memberId)).limit(1);
    if (!again || again.organisationId !== org.id) return null;
    return { organisation: org, roles: ORG_ROLES.filter((r) => again.roles.includes(r)) };
  }
  return { organisation: org, roles: ORG_ROLES.filter((r) => m.roles.includes(r)) };
}

export const rulesOf = (org: TOrgRow): TRules => ({
  publishApproval: org.publishApproval,
  awardApproval: org.awardApproval,
  twoLevelAbove: org.twoLevelAbove === null ? null : Number(org.twoLevelAbove),
});

async function requireMembership(db: Db, me: TSessionMember, lock = false) {
  const m = await membershipOf(db, me.id, lock);
  if (!m) throw new AppError('NOT_FOUND', ORG_MESSAGES.notMember);
  return m;
}

async function requireOrgAdmin(db: Db, me: TSessionMember, lock = false) {
  const m = await requireMembership(db, me, lock);
  if (!m.roles.includes('admin')) throw new AppError('FORBIDDEN', ORG_MESSAGES.notAdmin);
  return m;
}

const orgAudit = (db: Db, orgId: number, fromState: string | null, toState: string, actorId: number | null, note: string | null) =>
  db.insert(auditLog).values({ entity: ENTITY, entityId: orgId, fromState, toState, actorId, note });

/* ---------- reading ---------- */

export async function organisationView(db: Db, me: TSessionMember, m: TMembership): Promise<TOrganisation> {
  const org = m.organisation;
  const rows = await db
    .select({ memberId: organisationMembers.memberId, roles: organisationMembers.roles, joinedAt: organisationMembers.joinedAt, realName: members.realName, nickname: members.nickname, mobile: members.mobile })
    .from(organisationMembers)
    .innerJoin(members, eq(members.id, organisationMembers.memberId))
    .where(eq(organisationMembers.organisationId, org.id))
    .orderBy(organisationMembers.joinedAt, organisationMembers.memberId);
  const admin = m.roles.includes('admin');
  const invitations = admin
    ? await db
        .select()
        .from(organisationInvitations)
        .where(and(eq(organisationInvitations.organisationId, org.id), isNull(organisationInvitations.revokedAt), isNull(organisationInvitations.acceptedAt), gt(organisationInvitations.expiresAt, new Date())))
        .orderBy(desc(organisationInvitations.createdAt))
    : [];
  return {
    id: org.id,
    name: org.name,
    code: org.code,
    status: org.status as TOrganisation['status'],
    reviewNote: org.reviewNote,
    rules: rulesOf(org),
    myRoles: m.roles,
    members: rows.map((r) => ({
      memberId: r.memberId,
      name: displayName({ ...r, id: r.memberId }),
      mobile: maskMobile(r.mobile),
      roles: ORG_ROLES.filter((x) => r.roles.includes(x)),
      joinedAt: r.joinedAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({ id: i.id, token: i.token, mobile: i.mobile, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
    createdAt: org.createdAt.toISOString(),
  };
}

/* ---------- creating and verifying ---------- */

function codeTaken(err: unknown): never {
  if (uniqueViolation(err) !== null) throw new AppError('CONFLICT', ORG_MESSAGES.codeTaken);
  throw err;
}

/** A purchaser creates an organisation and becomes its admin (and 申请人); it awaits the platform's verification. */
export async function createOrganisation(app: FastifyInstance, me: TSessionMember, body: { name: string; code: string }) {
  if (!me.roles.includes('purchaser')) throw new AppError('FORBIDDEN', '只有采购商可以创建采购单位，请先升级为采购商');
  const id = await app.db
    .transaction(async (tx) => {
      const [org] = await tx
        .insert(organisations)
        .values({ name: body.name, code: body.code, createdBy: me.id, twoLevelAbove: String(DEFAULT_TWO_LEVEL_ABOVE) })
        .returning({ id: organisations.id });
      // The member's key refuses a second organisation (organisation_members_pkey).
      await tx.insert(organisationMembers).values({ memberId: me.id, organisationId: org!.id, roles: ['admin', 'applicant'] });
      await orgAudit(tx, org!.id, null, 'pending', me.id, '创建采购单位');
      return org!.id;
    })
    .catch((err: unknown) => {
      const c = uniqueViolation(err);
      if (c !== null && c !== 'organisations_code_uq') throw new AppError('CONFLICT', ORG_MESSAGES.alreadyMember);
      return codeTaken(err);
    });
  await dispatchEvents(app, await adminReviewNotices(app.db, body.name));
  return { id };
}

/** The admin corrects a rejected (or pending) organisation; it goes back to 待审核. */
export async function updateOrganisation(app: FastifyInstance, me: TSessionMember, body: { name: string; code: string }) {
  await app.db
    .transaction(async (tx) => {
      const m = await requireOrgAdmin(tx, me, true);
      if (m.organisation.status === 'approved' && (m.organisation.code !== body.code || m.organisation.name !== body.name)) {
        throw new AppError('CONFLICT', '单位已通过平台审核，名称和代码不能修改；如需变更请联系平台');
      }
      await tx.update(organisations).set({ name: body.name, code: body.code, status: m.organisation.status === 'approved' ? 'approved' : 'pending', updatedAt: new Date() }).where(eq(organisations.id, m.organisation.id));
      if (m.organisation.status === 'rejected') await orgAudit(tx, m.organisation.id, 'rejected', 'pending', me.id, '修改后重新提交审核');
    })
    .catch(codeTaken);
  await dispatchEvents(app, await adminReviewNotices(app.db, body.name));
}

async function adminReviewNotices(db: Db, name: string): Promise<TTradeEvent[]> {
  const admins = await db.select({ id: members.id }).from(members).where(and(sql`'admin' = any(${members.roles})`, isNull(members.deletedAt))).limit(20);
  return admins.map((a) => ({ memberId: a.id, kind: 'organisation' as const, title: '采购单位待审核', content: `采购单位“${name}”已提交，请核实单位名称与统一社会信用代码。`, link: '/admin/organisations' }));
}

export async function adminQueue(db: Db, q: z.output<typeof ZAdminOrganisationQuery>): Promise<TPage<TAdminOrganisation>> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(organisations.status, q.status));
  if (q.keyword) conds.push(or(ilike(organisations.name, likePattern(q.keyword)), ilike(organisations.code, likePattern(q.keyword.toUpperCase())))!);
  const where = conds.length ? and(...conds) : undefined;
  const memberCount = sql<number>`(select count(*)::int from ${organisationMembers} where ${organisationMembers.organisationId} = ${organisations.id})`;
  const rows = await db
    .select({ org: organisations, memberCount, realName: members.realName, nickname: members.nickname, mobile: members.mobile, creatorId: members.id })
    .from(organisations)
    .leftJoin(members, eq(members.id, organisations.createdBy))
    .where(where)
    .orderBy(sql`case when ${organisations.status} = 'pending' then 0 else 1 end`, desc(organisations.createdAt), desc(organisations.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(organisations).where(where);
  return {
    items: rows.map((r) => ({
      id: r.org.id,
      name: r.org.name,
      code: r.org.code,
      status: r.org.status as TAdminOrganisation['status'],
      reviewNote: r.org.reviewNote,
      creator: r.creatorId ? displayName({ realName: r.realName, nickname: r.nickname, mobile: r.mobile, id: r.creatorId }) : '已注销会员',
      creatorMobile: r.mobile,
      memberCount: r.memberCount,
      createdAt: r.org.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The platform admin verifies (approves) or rejects, with a reason, a 待审核 organisation. */
export async function reviewOrganisation(app: FastifyInstance, actorId: number, id: number, body: z.output<typeof ZOrgReviewBody>) {
  const status = body.decision === 'approve' ? 'approved' : 'rejected';
  const [done] = await app.db
    .update(organisations)
    .set({ status, reviewNote: body.note, reviewedBy: actorId, reviewedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(organisations.id, id), eq(organisations.status, 'pending')))
    .returning();
  if (!done) {
    const [org] = await app.db.select({ status: organisations.status }).from(organisations).where(eq(organisations.id, id)).limit(1);
    if (!org) throw new AppError('NOT_FOUND', '采购单位不存在');
    throw new AppError('CONFLICT', `该采购单位${org.status === 'approved' ? '已通过' : '已驳回'}，不能重复审核`);
  }
  await orgAudit(app.db, id, 'pending', status, actorId, body.note);
  const admins = await app.db
    .select({ id: organisationMembers.memberId })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, id), sql`'admin' = any(${organisationMembers.roles})`));
  const content =
    status === 'approved'
      ? `采购单位“${done.name}”已通过平台审核，供应商将看到单位名称。${body.note ? `审核意见：${body.note}` : ''}`
      : `采购单位“${done.name}”未通过平台审核。驳回原因：${body.note}。请修改后重新提交。`;
  await dispatchEvents(
    app,
    admins.map((a) => ({ memberId: a.id, kind: 'organisation' as const, title: status === 'approved' ? '采购单位审核通过' : '采购单位审核未通过', content, link: ORG_PAGE })),
  );
}

/* ---------- members and roles ---------- */

/** Invites by link (anyone signed in who opens it) or by mobile (an SMS to it; an in-app notice too if it is a member's). */
export async function invite(app: FastifyInstance, me: TSessionMember, mobile: string | null) {
  const m = await requireOrgAdmin(app.db, me);
  const token = crypto.randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86400_000);
  const [row] = await app.db.insert(organisationInvitations).values({ organisationId: m.organisation.id, token, mobile, invitedBy: me.id, expiresAt }).returning({ id: organisationInvitations.id });
  const link = `/admin/purchaser/organisation?invite=${token}`;
  if (mobile) {
    const text = `您被邀请加入采购单位“${m.organisation.name}”。请登录后打开链接接受邀请（${INVITATION_DAYS}天内有效）：${app.config.PUBLIC_URL ?? ''}${link}`;
    const [invited] = await app.db.select({ id: members.id }).from(members).where(eq(members.mobile, mobile)).limit(1);
    if (invited) {
      // The notice channel: an in-app notice (live) plus the member's e-mail or SMS.
      await dispatchEvents(app, [{ memberId: invited.id, kind: 'organisation', title: '采购单位邀请', content: text, link }]);
    } else {
      try {
        await app.mailer.notify(mobile, `【${app.config.SITE_NAME}】采购单位邀请`, text);
      } catch (err) {
        app.log.warn({ err }, 'organisation invitation SMS failed');
      }
    }
  }
  return { id: row!.id, token, link, expiresAt: expiresAt.toISOString() };
}

export async function revokeInvitation(db: Db, me: TSessionMember, id: number) {
  const m = await requireOrgAdmin(db, me);
  const done = await db
    .update(organisationInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(organisationInvitations.id, id), eq(organisationInvitations.organisationId, m.organisation.id), isNull(organisationInvitations.revokedAt)))
    .returning({ id: organisationInvitations.id });
  if (!done.length) throw new AppError('NOT_FOUND', '邀请不存在或已撤销');
}

async function openInvitation(db: Db, token: string) {
  const [inv] = await db
    .select({ inv: organisationInvitations, orgName: organisations.name, orgStatus: organisations.status })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(eq(organisationInvitations.token, token))
    .limit(1);
  if (!inv || inv.inv.revokedAt || inv.inv.acceptedAt || inv.inv.expiresAt.getTime() <= Date.now()) throw new AppError('NOT_FOUND', ORG_MESSAGES.invitationInvalid);
  return inv;
}

export async function invitationView(db: Db, token: string): Promise<TInvitationView> {
  const { inv, orgName } = await openInvitation(db, token);
  const [by] = inv.invitedBy ? await db.select({ id: members.id, realName: members.realName, nickname: members.nickname, mobile: members.mobile }).from(members).where(eq(members.id, inv.invitedBy)).limit(1) : [];
  return { organisationName: orgName, inviter: by ? displayName(by) : '单位管理员', forMobile: Boolean(inv.mobile), expiresAt: inv.expiresAt.toISOString() };
}

/** Joins as 申请人. A mobile invitation is the invited member's alone and used once; a link serves many until it expires. */
export async function acceptInvitation(app: FastifyInstance, me: TSessionMember, token: string) {
  const { inv, orgName } = await openInvitation(app.db, token);
  if (inv.mobile) {
    const [m] = await app.db.select({ mobile: members.mobile }).from(members).where(eq(members.id, me.id)).limit(1);
    if (m?.mobile !== inv.mobile) throw new AppError('FORBIDDEN', ORG_MESSAGES.invitationOtherMobile);
  }
  await app.db
    .transaction(async (tx) => {
      await tx.insert(organisationMembers).values({ memberId: me.id, organisationId: inv.organisationId, roles: ['applicant'] });
      if (inv.mobile) {
        const used = await tx
          .update(organisationInvitations)
          .set({ acceptedAt: new Date(), acceptedBy: me.id })
          .where(and(eq(organisationInvitations.id, inv.id), isNull(organisationInvitations.acceptedAt)))
          .returning({ id: organisationInvitations.id });
        if (!used.length) throw new AppError('NOT_FOUND', ORG_MESSAGES.invitationInvalid);
      }
      await orgAudit(tx, inv.organisationId, null, 'member_joined', me.id, `会员 #${me.id} 接受邀请加入`);
    })
    .catch((err: unknown) => {
      if (uniqueViolation(err) !== null) throw new AppError('CONFLICT', ORG_MESSAGES.alreadyMember);
      throw err;
    });
  return { organisationName: orgName };
}

/** The organisation's admins, locked: who may still manage it after a change. */
async function adminIds(db: Db, orgId: number) {
  const rows = await db
    .select({ id: organisationMembers.memberId })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, orgId), sql`'admin' = any(${organisationMembers.roles})`));
  return rows.map((r) => r.id);
}

export async function leave(db: Db, me: TSessionMember) {
  await db.transaction(async (tx) => {
    const m = await requireMembership(tx, me, true);
    const admins = await adminIds(tx, m.organisation.id);
    if (admins.length === 1 && admins[0] === me.id) throw new AppError('CONFLICT', ORG_MESSAGES.lastAdmin);
    await tx.delete(organisationMembers).where(eq(organisationMembers.memberId, me.id));
    await orgAudit(tx, m.organisation.id, null, 'member_left', me.id, `会员 #${me.id} 退出单位`);
  });
}

export async function removeMember(app: FastifyInstance, me: TSessionMember, memberId: number) {
  const orgName = await app.db.transaction(async (tx) => {
    const m = await requireOrgAdmin(tx, me, true);
    if (memberId === me.id) throw new AppError('BAD_REQUEST', '不能移除自己，请使用“退出单位”');
    const done = await tx
      .delete(organisationMembers)
      .where(and(eq(organisationMembers.memberId, memberId), eq(organisationMembers.organisationId, m.organisation.id)))
      .returning({ id: organisationMembers.memberId });
    if (!done.length) throw new AppError('NOT_FOUND', '该会员不是本单位成员');
    await orgAudit(tx, m.organisation.id, null, 'member_removed', me.id, `移除会员 #${memberId}`);
    return m.organisation.name;
  });
  await dispatchEvents(app, [{ memberId, kind: 'organisation', title: '已移出采购单位', content: `您已被管理员移出采购单位“${orgName}”。`, link: ORG_PAGE }]);
}

export async function setRoles(db: Db, me: TSessionMember, memberId: number, roles: TOrgRole[]) {
  await db.transaction(async (tx) => {
    const m = await requireOrgAdmin(tx, me, true);
    const [target] = await tx.select().from(organisationMembers).where(and(eq(organisationMembers.memberId, memberId), eq(organisationMembers.organisationId, m.organisation.id))).limit(1);
    if (!target) throw new AppError('NOT_FOUND', '该会员不是本单位成员');
    if (!roles.includes('admin')) {
      const admins = await adminIds(tx, m.organisation.id);
      if (admins.length === 1 && admins[0] === memberId) throw new AppError('CONFLICT', memberId === me.id ? ORG_MESSAGES.lastAdmin : '单位至少需要一名管理员');
    }
    await tx.update(organisationMembers).set({ roles }).where(eq(organisationMembers.memberId, memberId));
    await orgAudit(tx, m.organisation.id, null, 'roles_changed', me.id, `会员 #${memberId} 的角色：${roles.join(',')}`);
  });
}

export async function setRules(db: Db, me: TSessionMember, rules: TRules) {
  const m = await requireOrgAdmin(db, me);
  await db
    .update(organisations)
    .set({ publishApproval: rules.publishApproval, awardApproval: rules.awardApproval, twoLevelAbove: rules.twoLevelAbove === null ? null : String(rules.twoLevelAbove), updatedAt: new Date() })
    .where(eq(organisations.id, m.organisation.id));
  await orgAudit(db, m.organisation.id, null, 'rules_changed', me.id, JSON.stringify(rules));
}

export { requireMembership, displayName };
