// The trade clock, run at start and every minute (server/scheduler.ts). Everything is derived from
// the database, so a restart loses nothing:
// - OPEN/QUOTED past its quote deadline → EVALUATING with a pending quotation, else EXPIRED
//   (settleDemand, the contracts' demandStatusFor);
// - EVALUATING without a decision EVALUATION_DAYS after the deadline → EXPIRED, its open
//   quotations → NOT_SELECTED;
// - SUBMITTED quotations past valid_until → EXPIRED, and their demand settled (the last pending
//   one gone: QUOTED → OPEN, EVALUATING → EXPIRED);
// - OPEN/QUOTED demands whose deadline is within 24 h → one reminder to the purchaser.
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEADLINE_REMINDER_MS, EVALUATION_DAYS } from '../../../contracts/trade.js';
import { demands, quotations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { clock } from '../../lib/clock.js';
import { dispatchEvents, supplierMemberIds, transition, type TTradeEvent } from './common.js';
import { closeOpenQuotations, settleDemand } from './demands/demands.service.js';

const BATCH = 100;

/** Runs `step` on each row, skipping rows another process moved meanwhile. */
async function each<T>(rows: T[], step: (row: T) => Promise<void>) {
  for (const row of rows) {
    try {
      await step(row);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'CONFLICT') continue;
      throw err;
    }
  }
}

export async function runTradeJobs(app: FastifyInstance, now = clock.date()) {
  const db = app.db;
  const events: TTradeEvent[] = [];
  const manage = '/admin/purchaser/demand-manager?status=EXPIRED';

  const stale = await db
    .select({ id: demands.id, status: demands.status, title: demands.title, purchaserId: demands.purchaserId })
    .from(demands)
    .where(and(inArray(demands.status, ['OPEN', 'QUOTED']), lte(demands.quoteDeadline, now)))
    .limit(BATCH);
  // Quotations lapse first, so a demand whose only quotation lapsed at its deadline expires
  // instead of waiting in 评标中 with nothing to compare.
  const lapsed = await db
    .select({ id: quotations.id, supplierId: quotations.supplierId, demandId: quotations.demandId })
    .from(quotations)
    .where(and(eq(quotations.status, 'SUBMITTED'), lte(quotations.validUntil, now)))
    .limit(BATCH);
  const owners = await supplierMemberIds(
    db,
    lapsed.map((q) => q.supplierId),
  );
  await each(lapsed, async (q) => {
    await db.transaction(async (tx) => {
      await transition(tx, 'quotation', q.id, 'SUBMITTED', 'EXPIRED', 'system', null, '报价超过有效期');
      if (q.demandId) events.push(...(await settleDemand(tx, q.demandId, now.getTime())));
    });
    events.push({ memberId: owners.get(q.supplierId), kind: 'quotation_not_selected', title: '报价已过有效期', content: '您的一份报价已超过有效期，采购方将无法再接受该报价。', link: `/admin/supplier/quotation/detail?id=${q.id}` });
  });

  await each(stale, async (d) => {
    await db.transaction(async (tx) => {
      events.push(...(await settleDemand(tx, d.id, now.getTime())));
    });
  });

  const undecided = await db
    .select({ id: demands.id, title: demands.title, purchaserId: demands.purchaserId })
    .from(demands)
    .where(and(eq(demands.status, 'EVALUATING'), lte(demands.quoteDeadline, new Date(now.getTime() - EVALUATION_DAYS * 86400_000))))
    .limit(BATCH);
  await each(undecided, async (d) => {
    await db.transaction(async (tx) => {
      await transition(tx, 'demand', d.id, 'EVALUATING', 'EXPIRED', 'system', null, `截止后${EVALUATION_DAYS}天未定标，自动过期`);
      events.push(...(await closeOpenQuotations(tx, d.id, `求购“${d.title}”未定标已过期`)));
      events.push({ memberId: d.purchaserId, kind: 'demand_expired', title: '求购已过期', content: `您的求购“${d.title}”截止后${EVALUATION_DAYS}天未选定报价，已自动过期。`, link: manage });
    });
  });

  // Claiming the reminder in the UPDATE makes it go out once even with several API instances.
  const due = await db
    .update(demands)
    .set({ deadlineNotifiedAt: now })
    .where(and(inArray(demands.status, ['OPEN', 'QUOTED']), isNull(demands.deadlineNotifiedAt), gt(demands.quoteDeadline, now), lte(demands.quoteDeadline, new Date(now.getTime() + DEADLINE_REMINDER_MS))))
    .returning({ id: demands.id, title: demands.title, purchaserId: demands.purchaserId });
  for (const d of due) {
    events.push({ memberId: d.purchaserId, kind: 'deadline_soon', title: '求购即将截止报价', content: `您的求购“${d.title}”将在24小时内截止报价。`, link: `/admin/purchaser/demand-quotation?demandId=${d.id}` });
  }

  await dispatchEvents(app, events);
  return { expiredOrEvaluating: stale.length, expiredUndecided: undecided.length, quotationsExpired: lapsed.length, reminders: due.length };
}
