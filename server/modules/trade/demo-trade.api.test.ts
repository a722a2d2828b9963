// The demo trade history on the demo data set: consistent states, versions and audit entries, and
// figures for the demo suppliers that the back-office pages can show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { TComparison } from '../../../contracts/comparison.js';
import type { TInquiryStats } from '../../../contracts/trade.js';
import { auditLog, demands, inquiries, quotations, quotationVersions } from '../../db/schema.js';
import { seedDemo } from '../../db/seed/demo.js';
import { makeTestApp, type TTestApp } from '../../test/harness.js';
import { seedTradeDemo } from './demo-trade.js';
import { call } from './test-factories.js';

let t: TTestApp;
let result: { inquiries: number; quotations: number };

beforeAll(async () => {
  t = await makeTestApp();
  await seedDemo(t.database.db, { products: 300 });
  result = await seedTradeDemo(t.database.db);
});
afterAll(() => t.close());

const loginDemo = async (uname: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: uname, password: 'Demo@1234' } });
  const token = (res.json() as { data: { access_token: string } }).data.access_token;
  return { id: 0, mobile: '', password: '', token, supplierId: undefined, auth: { authorization: `Bearer ${token}` } };
};

describe('seedTradeDemo', () => {
  it('creates inquiries and quotations, once', async () => {
    expect(result.inquiries).toBeGreaterThan(20);
    expect(result.quotations).toBeGreaterThan(20);
    expect(await seedTradeDemo(t.database.db)).toEqual({ inquiries: 0, quotations: 0 });
  });

  it('fills the admin quick-inquiry queue, with some waiting to be forwarded by hand', async () => {
    const queue = await call<{ items: { subject: string; routedTo: unknown[] }[]; total: number }>(t, await loginDemo('ycadmin'), 'GET', '/api/admin/quick-inquiries');
    expect(queue.body.data.total).toBe(4);
    expect(queue.body.data.items.filter((i) => i.routedTo.length === 0)).toHaveLength(2);
    expect(queue.body.data.items.filter((i) => i.routedTo.length > 0)).toHaveLength(2);
  });

  it('gives every awarded demand exactly one accepted quotation', async () => {
    const rows = await t.database.db
      .select({ demandId: quotations.demandId, accepted: sql<number>`count(*) filter (where ${quotations.status} = 'ACCEPTED')::int` })
      .from(quotations)
      .innerJoin(demands, eq(demands.id, quotations.demandId))
      .where(inArray(demands.status, ['AWARDED', 'CLOSED']))
      .groupBy(quotations.demandId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r.accepted) === 1)).toBe(true);
  });

  it('writes a version and an audit entry for every quotation, and QUOTED demands have quotations', async () => {
    const [q] = await t.database.db.select({ n: count() }).from(quotations);
    const [v] = await t.database.db.select({ n: count() }).from(quotationVersions);
    expect(v!.n).toBe(q!.n);
    const [logged] = await t.database.db
      .select({ n: sql<number>`count(distinct ${auditLog.entityId})::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'quotation'), eq(auditLog.toState, 'SUBMITTED')));
    expect(Number(logged!.n)).toBe(q!.n);
    const [orphan] = await t.database.db
      .select({ n: count() })
      .from(demands)
      .where(and(eq(demands.status, 'QUOTED'), sql`not exists (select 1 from quotations q where q.demand_id = ${demands.id})`));
    expect(orphan!.n).toBe(0);
    const [replied] = await t.database.db.select({ n: count() }).from(inquiries).where(eq(inquiries.status, 'REPLIED'));
    expect(replied!.n).toBeGreaterThan(0);
  });

  it('gives every decided demand a 选定理由 and marks the real lowest on its comparison (issue 19)', async () => {
    const buyer = await loginDemo('buyer001');
    const mine = await call<{ items: { id: number; status: string }[] }>(t, buyer, 'GET', '/api/purchaser/demands?pageSize=100');
    const decided = mine.body.data.items.filter((d) => d.status === 'AWARDED' || d.status === 'CLOSED');
    expect(decided.length).toBeGreaterThan(0);
    let notLowest = 0;
    for (const d of decided) {
      const cmp = (await call<TComparison>(t, buyer, 'GET', `/api/demands/${d.id}/quotations`)).body.data;
      const cheapest = Math.min(...cmp.columns.filter((c) => c.compared).map((c) => c.unitPrice));
      expect(cmp.columns.filter((c) => c.lowestPrice).every((c) => c.unitPrice === cheapest)).toBe(true);
      expect(cmp.decision, `demand ${d.id}`).not.toBeNull();
      expect(Array.from(cmp.decision!.reason ?? '').length, `demand ${d.id}`).toBeGreaterThanOrEqual(10);
      expect(cmp.decision!.decidedAt).not.toBeNull();
      if (!cmp.decision!.isLowest) notLowest++;
    }
    // the demo shows the case the reason is for
    expect(notLowest).toBeGreaterThan(0);
  });

  it('gives supplier01 figures for the inquiry data page', async () => {
    const s = await loginDemo('supplier01');
    const stats = await call<TInquiryStats>(t, s, 'GET', '/api/supplier/inquiries/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.data.totalInquiries).toBeGreaterThan(5);
    expect(stats.body.data.weeks.filter((w) => w.inquiries > 0).length).toBeGreaterThan(6);
    expect(stats.body.data.avgResponseHours).not.toBeNull();
  });
});
