// 响应质量 (issue 37): the figures against hand-computed rows of a seeded history — after-hours
// arrivals, a weekend, a spam mark, withdrawals before and after the buyer opened a quotation, a
// 中标, the minimum sample and the 90-day window — as buyers read them (store, product, comparison,
// directories with their sort and 「24小时内回复」 filter), as the supplier and the admin read them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEIJING_OFFSET_MS } from '../../../contracts/time.js';
import type { TAdminInquiry, TResponseDistribution, TResponseFigures, TSupplierResponse } from '../../../contracts/response-quality.js';
import { inquiries, quotations } from '../../db/schema.js';
import { advanceClock, clock, resetClock } from '../../lib/clock.js';
import { makeMember, makeTestApp, within5s, type TTestApp } from '../../test/harness.js';
import { call, makeCast, makeCategoryTree, makeProduct, postDemand, quote, type TActor } from './test-factories.js';
import { recomputeResponseStats } from '../response/response.service.js';

const DAY = 86400_000;
let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let fastSupplier: TActor;
let slowSupplier: TActor;
let rareSupplier: TActor;
let productId: number;
let spamId: number;
let demandWon: number;

/** A Monday 00:00 in Beijing three to four weeks ago: every seeded row is in the past and in the window. */
const MONDAY = (() => {
  const day = Math.floor((Date.now() - 21 * DAY + BEIJING_OFFSET_MS) / DAY);
  const weekday = (day + 4) % 7; // 0 = Sunday
  return (day - ((weekday + 6) % 7)) * DAY - BEIJING_OFFSET_MS;
})();
/** Beijing wall time `day` days after that Monday. */
const bj = (day: number, hour: number, minute = 0) => new Date(MONDAY + day * DAY + hour * 3600_000 + minute * 60_000);

async function seedInquiry(supplierId: number, createdAt: Date, repliedAt: Date | null, over: Partial<typeof inquiries.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(inquiries)
    .values({ kind: 'product', supplierId, subject: '液相色谱仪询价', quantity: 1, createdAt, repliedAt, status: repliedAt ? 'REPLIED' : 'NEW', ...over })
    .returning({ id: inquiries.id });
  return row!.id;
}

const storeOf = async (who: TActor) => (await call<{ response: TResponseFigures }>(t, null, 'GET', `/api/stores/t${who.id}`)).body.data.response;

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  fastSupplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '苏州快速响应仪器有限公司' } });
  slowSupplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '广州慢回复仪器有限公司' } });
  rareSupplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '天津少回复仪器有限公司' } });
  const cats = await makeCategoryTree(t);
  productId = (await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id })).id;
  const s1 = cast.supplier.supplierId!;

  // cast.supplier: six counted inquiries, five replied. Working minutes to the first reply:
  await seedInquiry(s1, bj(0, 10), bj(0, 11, 30)); //                     Mon 10:00 → 11:30: 90
  const [quick] = await t.database.db.insert(inquiries).values({ kind: 'quick', subject: '气相色谱仪', status: 'NEW', createdAt: bj(0, 19) }).returning({ id: inquiries.id });
  await seedInquiry(s1, bj(0, 20), bj(1, 9, 30), { kind: 'quick', parentId: quick!.id }); // routed Mon 20:00 → Tue 09:30: 30 (from the next working morning)
  await seedInquiry(s1, bj(4, 17), bj(7, 10)); //                          Fri 17:00 → Mon 10:00: 60 + 60 = 120
  await seedInquiry(s1, bj(5, 11), bj(5, 12)); //                          Sat 11:00 → Sat 12:00: 0 (before the clock started)
  await seedInquiry(s1, bj(1, 9), null); //                                Tue 09:00, not replied
  await seedInquiry(s1, bj(2, 14), bj(3, 14)); //                          Wed 14:00 → Thu 14:00: 4 h + 5 h = 540
  spamId = await seedInquiry(s1, bj(2, 15), null); //                      Wed 15:00, not replied: spam, marked below
  // Outside the window: not counted.
  await seedInquiry(s1, new Date(clock.now() - 91 * DAY), null);

  // cast.supplier2: four inquiries, all replied at once — below the minimum sample.
  for (let d = 0; d < 4; d++) await seedInquiry(cast.supplier2.supplierId!, bj(d, 10), bj(d, 10, 5));
  // Five replied in 30 working minutes; five replied two working days later (1080 minutes).
  for (let d = 0; d < 5; d++) await seedInquiry(fastSupplier.supplierId!, bj(d, 10), bj(d, 10, 30));
  for (let d = 0; d < 5; d++) await seedInquiry(slowSupplier.supplierId!, bj(d, 10), bj(d + 2, 10));
  // One of five answered in 10 minutes, four never: quick when it answers, but not 24小时内回复.
  for (let d = 0; d < 5; d++) await seedInquiry(rareSupplier.supplierId!, bj(d, 10), d === 0 ? bj(d, 10, 10) : null);

  // Quotations of cast.supplier on public demands: withdrawn after the buyer opened it, withdrawn
  // before, and chosen (中标).
  const opened = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteMode: 'public' });
  const openedQuote = await quote(t, cast.supplier, opened);
  expect((await call(t, cast.purchaser, 'GET', `/api/demands/${opened}/quotations`)).status).toBe(200);
  expect((await call(t, cast.supplier, 'POST', `/api/quotations/${openedQuote}/withdraw`, {})).status).toBe(200);
  const unopened = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteMode: 'public' });
  const unopenedQuote = await quote(t, cast.supplier, unopened);
  expect((await call(t, cast.supplier, 'POST', `/api/quotations/${unopenedQuote}/withdraw`, {})).status).toBe(200);
  demandWon = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteMode: 'public' });
  const wonQuote = await quote(t, cast.supplier, demandWon);
  expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${wonQuote}/accept`, { version: 1 })).status).toBe(200);
  const [row] = await t.database.db.select({ at: quotations.buyerOpenedAt }).from(quotations).where(eq(quotations.id, unopenedQuote));
  expect(row!.at).toBeNull();
});

afterAll(async () => {
  resetClock();
  await t.close();
});

describe('supplier response figures', () => {
  it('counts spam until the admin marks it, then not', async () => {
    await recomputeResponseStats(t.database.db);
    expect(await storeOf(cast.supplier)).toMatchObject({ inquiries: 7, replyRate: 71, medianReplyMinutes: 90 });

    const marked = await call(t, cast.admin, 'PUT', `/api/admin/inquiries/${spamId}/spam`, { spam: true });
    expect(marked.status).toBe(200);
    expect(marked.body.msg).toBe('已标记为垃圾询价，下一次统计（约5分钟内）起不再计入供应商响应数据');
    expect((await call(t, cast.supplier, 'PUT', `/api/admin/inquiries/${spamId}/spam`, { spam: false })).status).toBe(403);
    await recomputeResponseStats(t.database.db);
    // The store's answer is cached; the new figures drop it.
    expect(await within5s(async () => (await storeOf(cast.supplier)).inquiries === 6)).toBe(true);
  });

  it('lists routed inquiries for the admin with their spam marks (全部询价)', async () => {
    type TList = { items: TAdminInquiry[]; total: number };
    const spam = await call<TList>(t, cast.admin, 'GET', '/api/admin/inquiries?spam=spam&pageSize=100');
    expect(spam.status).toBe(200);
    expect(spam.body.data.items.map((i) => i.id)).toEqual([spamId]);
    expect(spam.body.data.items[0]).toMatchObject({ kind: 'product', supplierId: cast.supplier.supplierId, parentSpam: false, spamAt: expect.any(String) });
    const all = await call<TList>(t, cast.admin, 'GET', '/api/admin/inquiries?pageSize=100');
    // Routed copies of a quick inquiry are listed, the quick inquiry itself (no supplier) is not.
    expect(all.body.data.items.some((i) => i.kind === 'quick' && i.parentId !== null)).toBe(true);
    expect(all.body.data.items.every((i) => i.supplierId !== null)).toBe(true);
    const counted = await call<TList>(t, cast.admin, 'GET', '/api/admin/inquiries?spam=counted&pageSize=100');
    expect(counted.body.data.total).toBe(all.body.data.total - 1);
    expect((await call(t, cast.supplier, 'GET', '/api/admin/inquiries')).status).toBe(403);
  });

  it('shows buyers the hand-computed figures on the store and the product, and the decided comparison those of the decision', async () => {
    const expected = { inquiries: 6, enough: true, replyRate: 83, medianReplyMinutes: 90, fastReply: true, quotations: 3, withdrawnAfterOpen: 1, accepted: 1 };
    expect(await storeOf(cast.supplier)).toMatchObject(expected);
    const product = await call<{ supplier: { response: TResponseFigures } }>(t, null, 'GET', `/api/products/${productId}`);
    expect(product.body.data.supplier.response).toMatchObject(expected);
    // The comparison of a decided demand shows the figures as of the decision (kept at the award,
    // before any batch had run): not these (comparison-response.api.test.ts has the whole story).
    const cmp = await call<{ responseAt: string | null; columns: { supplierId: number; response: TResponseFigures }[] }>(t, cast.purchaser, 'GET', `/api/demands/${demandWon}/quotations`);
    expect(cmp.body.data.responseAt).not.toBeNull();
    expect(cmp.body.data.columns.find((c) => c.supplierId === cast.supplier.supplierId)!.response).toMatchObject({ inquiries: 0, enough: false, computedAt: null });
  });

  it('shows no rate below the minimum sample of 5 inquiries', async () => {
    expect(await storeOf(cast.supplier2)).toMatchObject({ inquiries: 4, enough: false, replyRate: null, medianReplyMinutes: null, fastReply: false });
    expect(await storeOf(fastSupplier)).toMatchObject({ inquiries: 5, enough: true, replyRate: 100, medianReplyMinutes: 30, fastReply: true });
    expect(await storeOf(slowSupplier)).toMatchObject({ inquiries: 5, replyRate: 100, medianReplyMinutes: 1080, fastReply: false });
    expect(await storeOf(rareSupplier)).toMatchObject({ inquiries: 5, replyRate: 20, medianReplyMinutes: 10, fastReply: false });
  });

  it('sorts the store and enterprise directories by reply rate and filters 24小时内回复', async () => {
    const mine = [cast.supplier, cast.supplier2, fastSupplier, slowSupplier].map((a) => a.supplierId!);
    const order = (items: { supplierId?: number; id: number }[], key: 'supplierId' | 'id') => items.map((i) => i[key]!).filter((id) => mine.includes(id));
    const stores = await call<{ items: { supplierId: number; id: number }[] }>(t, null, 'GET', '/api/stores?sort=replyRate&pageSize=100');
    expect(order(stores.body.data.items, 'supplierId')).toEqual([fastSupplier.supplierId, slowSupplier.supplierId, cast.supplier.supplierId, cast.supplier2.supplierId]);
    const fast = await call<{ items: { supplierId: number; id: number }[]; total: number }>(t, null, 'GET', '/api/stores?fast=1&pageSize=100');
    expect(order(fast.body.data.items, 'supplierId').sort()).toEqual([cast.supplier.supplierId, fastSupplier.supplierId].sort());
    expect(fast.body.data.total).toBe(2);
    const enterprises = await call<{ items: { id: number; supplierId?: number }[] }>(t, null, 'GET', '/api/enterprises?sort=replyRate&fast=true&pageSize=100');
    expect(order(enterprises.body.data.items, 'id')).toEqual([fastSupplier.supplierId, cast.supplier.supplierId]);
    expect((await call(t, null, 'GET', '/api/stores?sort=price')).status).toBe(400);
  });

  it('shows the supplier the rows behind its figures', async () => {
    const mine = await call<TSupplierResponse>(t, cast.supplier, 'GET', '/api/supplier/response');
    expect(mine.status).toBe(200);
    const rows = mine.body.data.inquiries;
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.id === spamId)).toMatchObject({ spam: true, replyMinutes: null });
    expect(rows.map((r) => r.replyMinutes).sort((a, b) => (a ?? -1) - (b ?? -1))).toEqual([null, null, 0, 30, 90, 120, 540]);
    expect(mine.body.data.quotations.filter((q) => q.withdrawnAfterOpen)).toHaveLength(1);
    expect(mine.body.data.figures).toMatchObject({ inquiries: 6, replyRate: 83 });
    expect((await call(t, cast.purchaser, 'GET', '/api/supplier/response')).status).toBe(403);
  });

  it('gives the admin the distribution across suppliers', async () => {
    const dist = await call<TResponseDistribution>(t, cast.admin, 'GET', '/api/admin/response');
    expect(dist.status).toBe(200);
    const d = dist.body.data;
    expect(d.insufficient).toBe(1);
    expect(d.replyRate.find((b) => b.label === '95%及以上')!.suppliers).toBe(2);
    expect(d.replyRate.find((b) => b.label === '80%–94%')!.suppliers).toBe(1);
    expect(d.medianReply.map((b) => b.suppliers)).toEqual([2, 1, 1]);
    expect((await call(t, cast.supplier, 'GET', '/api/admin/response')).status).toBe(403);
  });

  it('forgets rows older than 90 days', async () => {
    advanceClock(120 * DAY);
    const { changed } = await recomputeResponseStats(t.database.db);
    expect(changed).toBeGreaterThan(0);
    expect(await within5s(async () => (await storeOf(cast.supplier)).inquiries === 0)).toBe(true);
    expect(await storeOf(cast.supplier)).toMatchObject({ enough: false, replyRate: null, quotations: 0, accepted: 0 });
    // Nothing changed since: nothing is written, so cached answers stay.
    expect((await recomputeResponseStats(t.database.db)).changed).toBe(0);
  });

  it('does not count the routed copies of a quick inquiry the admin marked as spam', async () => {
    const at = new Date(clock.now() - 3600_000);
    const [quick] = await t.database.db.insert(inquiries).values({ kind: 'quick', subject: '推广信息', status: 'NEW', createdAt: at }).returning({ id: inquiries.id });
    await seedInquiry(cast.supplier2.supplierId!, at, null, { kind: 'quick', parentId: quick!.id });
    await recomputeResponseStats(t.database.db);
    expect(await within5s(async () => (await storeOf(cast.supplier2)).inquiries === 1)).toBe(true);
    expect((await call(t, cast.admin, 'PUT', `/api/admin/inquiries/${quick!.id}/spam`, { spam: true })).status).toBe(200);
    // The queue the admin marked it from says so.
    const queue = await call<{ items: { id: number; spamAt: string | null }[] }>(t, cast.admin, 'GET', '/api/admin/quick-inquiries?pageSize=100');
    expect(queue.body.data.items.find((i) => i.id === quick!.id)!.spamAt).not.toBeNull();
    await recomputeResponseStats(t.database.db);
    expect(await within5s(async () => (await storeOf(cast.supplier2)).inquiries === 0)).toBe(true);
    const rows = (await call<TSupplierResponse>(t, cast.supplier2, 'GET', '/api/supplier/response')).body.data.inquiries;
    expect(rows).toEqual([expect.objectContaining({ kind: 'quick', spam: true })]);
  });
});
