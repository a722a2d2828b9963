// The purchaser's 比价 of a demand: every quotation but withdrawn ones side by side, marked by
// contracts/comparison.ts (comparisonMarks) as of the decision (or now, before one), with the
// 决策记录; and the 核验码 a printed 比价单 carries, checked on a public page.
import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  comparableTotal,
  comparisonMarks,
  comparisonSnapshot,
  decisionSummary,
  documentNumber,
  mainLine,
  VERIFY_CODE_ALPHABET,
  ZComparisonSnapshot,
  type TComparison,
  type TComparisonColumn,
  type TComparisonVerify,
} from '../../../../contracts/comparison.js';
import { bidsOpened, SEALED_EXPORT_REFUSED, type TDemandState, type TQuotationState } from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { auditLog, comparisonSnapshots, demands, members, quotations, quotationVersions, stores, suppliers } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { clock } from '../../../lib/clock.js';
import type { TSessionMember } from '../../auth/session.repository.js';
import { attachmentsOf } from '../attachments/attachments.service.js';
import { iso, isAdmin, isoOrNull } from '../common.js';
import { findDemand, type TDemandRow } from '../demands/demands.repository.js';
import { demandDetail } from '../demands/demands.service.js';
import { responseFigures } from '../../response/response.service.js';
import { approvesFor, awardApprovalOf } from '../organisation/award-records.js';

/** States in which a demand's comparison no longer moves: it is judged at the moment it got there. */
const SETTLED_DEMAND_STATES: TDemandState[] = ['AWARDED', 'EXPIRED', 'CANCELLED', 'CLOSED', 'REJECTED'];

const decider = (m: { realName: string | null; nickname: string | null; uname: string | null }) => {
  const name = m.realName || m.nickname;
  if (name && m.uname) return `${name}（${m.uname}）`;
  return name || m.uname || '采购方';
};

/**
 * When the comparison is judged (the decision, else the moment the demand ended, else now) and,
 * once decided, who decided and when. The decision is the accepted quotation's transition.
 */
async function judgement(db: Db, d: TDemandRow, acceptedId: number | null) {
  if (!SETTLED_DEMAND_STATES.includes(d.status as TDemandState)) return { at: clock.now(), decidedAt: null, decidedBy: null };
  if (acceptedId !== null) {
    const [accepted] = await db
      .select({ at: auditLog.at, realName: members.realName, nickname: members.nickname, uname: members.uname })
      .from(auditLog)
      .leftJoin(members, eq(members.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, 'quotation'), eq(auditLog.entityId, acceptedId), eq(auditLog.toState, 'ACCEPTED')))
      .orderBy(asc(auditLog.at))
      .limit(1);
    if (accepted) return { at: accepted.at.getTime(), decidedAt: iso(accepted.at), decidedBy: decider(accepted) };
  }
  const [ended] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'demand'), eq(auditLog.entityId, d.id), inArray(auditLog.toState, SETTLED_DEMAND_STATES)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(1);
  return { at: (ended?.at ?? d.updatedAt).getTime(), decidedAt: null, decidedBy: null };
}

/** The comparison's columns and 决策记录 for a demand row; no permission check (callers do it). */
export async function compareDemand(db: Db, d: TDemandRow, opts: { withFiles?: boolean } = {}) {
  const rows = await db
    .select({ q: quotations, v: quotationVersions, supplierName: suppliers.companyName, storeUid: stores.uid })
    .from(quotations)
    .innerJoin(quotationVersions, and(eq(quotationVersions.quotationId, quotations.id), eq(quotationVersions.version, quotations.version)))
    .innerJoin(suppliers, eq(suppliers.id, quotations.supplierId))
    .leftJoin(stores, eq(stores.supplierId, suppliers.id))
    .where(and(eq(quotations.demandId, d.id), ne(quotations.status, 'WITHDRAWN')))
    .orderBy(asc(quotations.createdAt), asc(quotations.id))
    .limit(50);
  const files = opts.withFiles
    ? await attachmentsOf(
        db,
        'quotation',
        rows.map((r) => r.q.id),
      )
    : new Map();
  const accepted = rows.find((r) => r.q.status === 'ACCEPTED');
  const when = await judgement(db, d, accepted?.q.id ?? null);
  const base = rows.map((r) => {
    const lines = r.v.lines;
    const main = mainLine(lines);
    return {
      quotationId: r.q.id,
      supplierId: r.q.supplierId,
      supplierName: r.supplierName,
      storeUid: r.storeUid,
      status: r.q.status as TQuotationState,
      version: r.q.version,
      lines,
      specs: r.v.specs ?? [],
      totalAmount: Number(r.v.totalAmount),
      comparableTotal: comparableTotal(lines),
      quantity: main.quantity,
      leadTimeDays: Math.max(...lines.map((l) => l.leadTimeDays)),
      // The warranty of the main item, not of accessories.
      warrantyMonths: main.warrantyMonths,
      paymentTerms: [...new Set(lines.map((l) => l.paymentTerms))].join('；'),
      taxIncluded: lines.every((l) => l.taxIncluded),
      validUntil: isoOrNull(r.q.validUntil),
      notes: r.q.notes,
      rejectReason: r.q.rejectReason,
      attachments: files.get(r.q.id) ?? [],
      submittedAt: iso(r.v.createdAt),
    };
  });
  const marks = comparisonMarks(base, { demandQuantity: d.quantity, at: when.at });
  // 响应质量: once decided, the figures kept at the award (keepAwardResponse); before, the live ones.
  const kept = when.decidedAt && d.awardResponse ? d.awardResponse : null;
  const live = await responseFigures(
    db,
    base.filter((c) => !kept?.figures[String(c.supplierId)]).map((c) => c.supplierId),
  );
  const columns: TComparisonColumn[] = base.map((c, i) => ({ ...c, ...marks[i]!, response: kept?.figures[String(c.supplierId)] ?? live.get(c.supplierId) }));
  return {
    columns,
    documentNo: documentNumber({ id: d.id, createdAt: iso(d.createdAt) }),
    markedAt: new Date(when.at).toISOString(),
    decision: decisionSummary(columns, { decidedAt: when.decidedAt, decidedBy: when.decidedBy, reason: d.awardReason }),
    responseAt: kept?.at ?? null,
    // 定标审批 (issue 38): the proposals and their steps, part of the 决策记录 and of its 核验码.
    awardApproval: await awardApprovalOf(db, d),
  };
}

/**
 * At the award (in the accepting transaction): keeps the figures of every supplier on the demand's
 * comparison as they stand, so the comparison, the 比价单 and its 核验 page show them as of the
 * decision from then on, whatever the batch computes later.
 */
export async function keepAwardResponse(db: Db, demandId: number) {
  const rows = await db
    .select({ supplierId: quotations.supplierId })
    .from(quotations)
    .where(and(eq(quotations.demandId, demandId), ne(quotations.status, 'WITHDRAWN')));
  const figures = await responseFigures(
    db,
    rows.map((r) => r.supplierId),
  );
  await db
    .update(demands)
    .set({ awardResponse: { at: clock.date().toISOString(), figures: Object.fromEntries([...figures].map(([id, f]) => [String(id), f])) } })
    .where(eq(demands.id, demandId));
}

/**
 * The purchaser's side-by-side view of every quotation on a demand (admins read it too, and the
 * 审批人 of the demand's 采购单位, who approve its award on it: issue 38).
 */
export async function comparison(db: Db, me: TSessionMember, demandId: number): Promise<TComparison> {
  const d = await findDemand(db, demandId);
  if (!d) throw new AppError('NOT_FOUND', '求购不存在');
  const owner = d.purchaserId === me.id;
  if (!owner && !isAdmin(me) && !(await approvesFor(db, me.id, d.organisationId))) throw new AppError('FORBIDDEN', '只有求购发布者可以查看报价');
  const demand = await demandDetail(db, me, demandId);
  if (!bidsOpened(d)) {
    // 密封报价 before 开标: who quoted and when, never what (admins included).
    const rows = await db
      .select({ supplierName: suppliers.companyName, status: quotations.status, createdAt: quotations.createdAt })
      .from(quotations)
      .innerJoin(suppliers, eq(suppliers.id, quotations.supplierId))
      .where(and(eq(quotations.demandId, d.id), ne(quotations.status, 'WITHDRAWN')))
      .orderBy(asc(quotations.createdAt), asc(quotations.id))
      .limit(50);
    const bids = rows.map((r) => ({ supplierName: r.supplierName, status: r.status as TQuotationState, submittedAt: iso(r.createdAt) }));
    return {
      demand,
      sealed: { count: bids.length, opensAt: iso(d.quoteDeadline), bids },
      canDecide: false,
      columns: [],
      documentNo: documentNumber({ id: d.id, createdAt: iso(d.createdAt) }),
      markedAt: clock.date().toISOString(),
      decision: null,
      responseAt: null,
      awardApproval: await awardApprovalOf(db, d),
    };
  }
  const core = await compareDemand(db, d, { withFiles: true });
  // 响应质量: the purchaser has seen these quotations; a withdrawal from now on counts against the supplier.
  if (owner && core.columns.length) {
    await db
      .update(quotations)
      .set({ buyerOpenedAt: clock.date() })
      .where(and(inArray(quotations.id, core.columns.map((c) => c.quotationId)), isNull(quotations.buyerOpenedAt)));
  }
  // While an award waits for the organisation's approval, nothing else is decided.
  const pending = core.awardApproval?.proposals.some((p) => p.status === 'pending') ?? false;
  const canDecide = owner && !pending && (d.status === 'QUOTED' || d.status === 'EVALUATING') && core.columns.some((c) => c.status === 'SUBMITTED');
  return { demand, sealed: null, canDecide, ...core };
}

/** The comparison as the 比价单 exports print it: refused before 开标 of a 密封报价 demand. */
export async function comparisonForExport(db: Db, me: TSessionMember, demandId: number): Promise<TComparison> {
  const cmp = await comparison(db, me, demandId);
  if (cmp.sealed) throw new AppError('CONFLICT', SEALED_EXPORT_REFUSED);
  return cmp;
}

// ---------------------------------------------------------------------------------------------
// 核验码
// ---------------------------------------------------------------------------------------------

const digestOf = (snapshot: unknown) => crypto.createHash('sha256').update(JSON.stringify(snapshot)).digest('hex');

function randomCode() {
  // 31 letters: take bytes below 248 (8 × 31) so every letter is equally likely.
  let code = '';
  while (code.length < 12) {
    for (const b of crypto.randomBytes(16)) {
      if (b < 248 && code.length < 12) code += VERIFY_CODE_ALPHABET[b % 31];
    }
  }
  return code;
}

/**
 * The 核验码 of the figures a 比价单 prints: the same figures keep their code; any change (a new
 * version, a decision, a status) gets a new random one.
 */
export async function issueVerifyCode(db: Db, cmp: Parameters<typeof comparisonSnapshot>[0] & { demand: { id: number } }): Promise<string> {
  const snapshot = comparisonSnapshot(cmp);
  const digest = digestOf(snapshot);
  const existing = async () => (await db.select({ code: comparisonSnapshots.code }).from(comparisonSnapshots).where(and(eq(comparisonSnapshots.demandId, cmp.demand.id), eq(comparisonSnapshots.digest, digest))).limit(1))[0]?.code;
  const found = await existing();
  if (found) return found;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db.insert(comparisonSnapshots).values({ code: randomCode(), demandId: cmp.demand.id, digest, snapshot }).onConflictDoNothing().returning({ code: comparisonSnapshots.code });
    if (row) return row.code;
    // Another export of the same figures won the race, or (rarely) the code was taken.
    const raced = await existing();
    if (raced) return raced;
  }
  throw new AppError('INTERNAL', '核验码生成失败，请稍后再试');
}

/** The public check of a printed 比价单: the figures as issued, and whether they still hold. */
export async function verifyComparison(db: Db, code: string): Promise<TComparisonVerify> {
  const [row] = await db.select().from(comparisonSnapshots).where(eq(comparisonSnapshots.code, code)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', '核验码不存在，请核对比价单上的核验码');
  const snapshot = ZComparisonSnapshot.parse(row.snapshot);
  const d = await findDemand(db, row.demandId);
  let current = false;
  if (d) {
    const now = await compareDemand(db, d);
    current = digestOf(comparisonSnapshot({ ...now, demand: d })) === row.digest;
  }
  return { ...snapshot, code: row.code, issuedAt: iso(row.createdAt), current };
}
