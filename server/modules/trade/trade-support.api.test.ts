// API tests of the trade module's support: attachments (type by content, size, links, who may
// download), the notification bell's calls, and the scheduled expiry job.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TDemandDetail, TNotification, TQuotationDetail } from '../../../contracts/trade.js';
import { demands, quotations } from '../../db/schema.js';
import { makeTestApp, type TTestApp } from '../../test/harness.js';
import { runTradeJobs } from './trade.jobs.js';
import { call, demandInput, makeCast, makeCategoryTree, pdfBytes, postDemand, quote, uploadAttachment } from './test-factories.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let cats: Awaited<ReturnType<typeof makeCategoryTree>>;
type TPage<T> = { items: T[]; total: number };

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  cats = await makeCategoryTree(t);
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

describe('attachments', () => {
  it('accepts PDF and images checked by content, keeping the Chinese file name', async () => {
    const pdf = await uploadAttachment(t, cast.purchaser, '技术参数要求.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.body.data).toMatchObject({ filename: '技术参数要求.pdf', mime: 'application/pdf', url: `/api/trade/attachments/${pdf.body.data.id}` });
    const png = await uploadAttachment(t, cast.purchaser, '现场照片.png', PNG, 'image/png');
    expect(png.body.data.mime).toBe('image/png');
  });

  it('takes a compound file only under an old Office name (.doc, .xls, .ppt), never as .msi', async () => {
    const cfb = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    const doc = await uploadAttachment(t, cast.purchaser, '技术要求.doc', cfb, 'application/msword');
    expect(doc.body.data).toMatchObject({ filename: '技术要求.doc', mime: 'application/msword' });
    const msi = await uploadAttachment(t, cast.purchaser, 'setup.msi', cfb, 'application/octet-stream');
    expect(msi.status).toBe(415);
    expect(msi.body.msg).toBe('附件格式不支持，请上传 PDF、Word、Excel、PPT 或图片文件');
  });

  it('refuses files whose content is not an allowed type, whatever their name says', async () => {
    const fake = await uploadAttachment(t, cast.purchaser, '参数.pdf', Buffer.from('MZ\x90\x00 this is not a pdf at all'), 'application/pdf');
    expect(fake.status).toBe(415);
    expect(fake.body.msg).toBe('附件格式不支持，请上传 PDF、Word、Excel、PPT 或图片文件');
  });

  it('refuses files over 5 MB and empty uploads', async () => {
    const big = await uploadAttachment(t, cast.purchaser, '大文件.pdf', Buffer.concat([pdfBytes(), Buffer.alloc(5 * 1024 * 1024 + 10, 32)]));
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('附件不能超过5MB');
    const empty = await uploadAttachment(t, cast.purchaser, '空.pdf', Buffer.alloc(0));
    expect(empty.status).toBe(400);
  });

  it('links only the caller’s own uploads; serves a demand file to suppliers but not to members', async () => {
    const mine = (await uploadAttachment(t, cast.purchaser, '需求说明.pdf')).body.data.id;
    const theirs = (await uploadAttachment(t, cast.otherPurchaser, '别人的.pdf')).body.data.id;
    const bad = await call(t, cast.purchaser, 'POST', '/api/demands', demandInput(cats.leaf.id, { attachmentIds: [theirs] }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('附件无效，请重新上传');
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { attachmentIds: [mine] });
    const detail = await call<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${id}`);
    expect(detail.body.data.attachments.map((a) => a.filename)).toEqual(['需求说明.pdf']);
    const dl = await t.app.inject({ method: 'GET', url: `/api/trade/attachments/${mine}`, headers: cast.supplier.auth });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('需求说明.pdf')}`);
    expect(dl.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: `/api/trade/attachments/${mine}`, headers: cast.member.auth })).statusCode).toBe(404);
    expect((await call<TDemandDetail>(t, null, 'GET', `/api/demands/${id}`)).body.data.attachments).toEqual([]);
  });

  it('serves a quotation file to the quoting supplier and the buyer only', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const file = (await uploadAttachment(t, cast.supplier, '报价单.pdf')).body.data.id;
    const qid = await quote(t, cast.supplier, id, { attachmentIds: [file] });
    const q = await call<TQuotationDetail>(t, cast.purchaser, 'GET', `/api/quotations/${qid}`);
    expect(q.body.data.attachments.map((a) => a.filename)).toEqual(['报价单.pdf']);
    const as = async (who: typeof cast.supplier) => (await t.app.inject({ method: 'GET', url: `/api/trade/attachments/${file}`, headers: who.auth })).statusCode;
    expect(await as(cast.purchaser)).toBe(200);
    expect(await as(cast.supplier)).toBe(200);
    expect(await as(cast.supplier2)).toBe(404);
    expect(await as(cast.otherPurchaser)).toBe(404);
    expect((await call(t, cast.purchaser, 'GET', '/api/trade/attachments/abc')).status).toBe(400);
  });
});

describe('notifications', () => {
  it('lists the member’s own notices, counts unread ones and marks them read', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '通知测试求购' });
    await quote(t, cast.supplier, id);
    const count = await call<{ count: number }>(t, cast.purchaser, 'GET', '/api/notifications/unread-count');
    expect(count.body.data.count).toBeGreaterThan(0);
    const list = await call<TPage<TNotification>>(t, cast.purchaser, 'GET', '/api/notifications?unread=1&pageSize=5');
    const first = list.body.data.items[0]!;
    expect(first).toMatchObject({ kind: 'new_quotation', readAt: null });
    expect(first.content).toContain('通知测试求购');
    expect((await call(t, cast.purchaser, 'PUT', `/api/notifications/${first.id}/read`)).status).toBe(200);
    const after = await call<{ count: number }>(t, cast.purchaser, 'GET', '/api/notifications/unread-count');
    expect(after.body.data.count).toBe(count.body.data.count - 1);
    expect((await call(t, cast.supplier, 'PUT', `/api/notifications/${first.id}/read`)).status).toBe(404);
    expect((await call(t, cast.purchaser, 'PUT', '/api/notifications/999999/read')).status).toBe(404);
    expect((await call(t, cast.purchaser, 'PUT', '/api/notifications/x/read')).status).toBe(400);
    const all = await call<{ updated: number }>(t, cast.purchaser, 'PUT', '/api/notifications/read-all');
    expect(all.body.data.updated).toBe(after.body.data.count);
    expect((await call<{ count: number }>(t, cast.purchaser, 'GET', '/api/notifications/unread-count')).body.data.count).toBe(0);
    expect((await call(t, cast.purchaser, 'GET', '/api/notifications?pageSize=1000')).status).toBe(400);
  });
});

describe('the expiry job', () => {
  const past = (ms: number) => new Date(Date.now() - ms);

  it('expires OPEN demands at the deadline and moves QUOTED ones to EVALUATING, once', async () => {
    const open = await postDemand(t, cast.purchaser, cats.leaf.id);
    const quoted = await postDemand(t, cast.purchaser, cats.leaf.id);
    await quote(t, cast.supplier, quoted);
    await t.database.db.update(demands).set({ quoteDeadline: past(1000) }).where(eq(demands.id, open));
    await t.database.db.update(demands).set({ quoteDeadline: past(1000) }).where(eq(demands.id, quoted));
    await runTradeJobs(t.app);
    const status = async (id: number) => (await call<TDemandDetail>(t, cast.purchaser, 'GET', `/api/demands/${id}`)).body.data.status;
    expect(await status(open)).toBe('EXPIRED');
    expect(await status(quoted)).toBe('EVALUATING');
    // A second run (or a restarted server) finds nothing left to do for them.
    const again = await runTradeJobs(t.app);
    expect(again.expiredOrEvaluating).toBe(0);
    const repost = await call<{ id: number }>(t, cast.purchaser, 'POST', `/api/demands/${open}/repost`, {});
    expect(repost.status).toBe(200);
  });

  it('expires EVALUATING demands 30 days after the deadline and closes their open quotations', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const qid = await quote(t, cast.supplier, id);
    await call(t, cast.purchaser, 'POST', `/api/demands/${id}/stop`, {});
    await t.database.db.update(demands).set({ quoteDeadline: past(31 * 86400_000) }).where(eq(demands.id, id));
    await runTradeJobs(t.app);
    expect((await call<TDemandDetail>(t, cast.purchaser, 'GET', `/api/demands/${id}`)).body.data.status).toBe('EXPIRED');
    expect((await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${qid}`)).body.data.status).toBe('NOT_SELECTED');
  });

  it('expires quotations past valid-until', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const qid = await quote(t, cast.supplier2, id);
    await t.database.db.update(quotations).set({ validUntil: past(1000) }).where(eq(quotations.id, qid));
    await runTradeJobs(t.app);
    const q = await call<TQuotationDetail>(t, cast.supplier2, 'GET', `/api/quotations/${qid}`);
    expect(q.body.data.status).toBe('EXPIRED');
    expect(q.body.data.history.at(-1)).toMatchObject({ fromState: 'SUBMITTED', toState: 'EXPIRED', actor: '系统' });
  });

  it('reminds the purchaser once when the deadline is within 24 hours', async () => {
    const id = await postDemand(t, cast.otherPurchaser, cats.leaf.id, { title: '即将截止的求购' });
    await t.database.db.update(demands).set({ quoteDeadline: new Date(Date.now() + 3 * 3600_000) }).where(eq(demands.id, id));
    await runTradeJobs(t.app);
    await runTradeJobs(t.app);
    const list = await call<TPage<TNotification>>(t, cast.otherPurchaser, 'GET', '/api/notifications?pageSize=50');
    expect(list.body.data.items.filter((n) => n.kind === 'deadline_soon' && n.content.includes('即将截止的求购'))).toHaveLength(1);
  });
});

describe('page meta for shared links', () => {
  it('writes the hall title and description into the app shell', async () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-trade-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>仪采通</title><meta name="description" content="x"></head><body></body></html>');
    const web = await makeTestApp({ STATIC_DIR: staticDir });
    try {
      const res = await web.app.inject({ method: 'GET', url: '/demand?page=2' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>求购大厅 - 仪采通</title>');
      expect(res.body).toContain('og:description');
      const quick = await web.app.inject({ method: 'GET', url: '/demand/quickInquiry' });
      expect(quick.body).toContain('<title>快速询价 - 仪采通</title>');
    } finally {
      await web.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('malformed input', () => {
  it.each([
    ['GET', '/api/demands/abc'],
    ['GET', '/api/demands/0/edit'],
    ['POST', '/api/demands/-1/cancel'],
    ['GET', '/api/quotations/1.5'],
    ['POST', '/api/quotations/abc/accept'],
    ['GET', '/api/inquiries/abc'],
    ['GET', '/api/trade/products/abc/summary'],
    ['GET', '/api/demands/abc/comparison.xlsx'],
    ['PUT', '/api/notifications/abc/read'],
    ['GET', '/api/purchaser/demands/counts?scope=bogus'],
    ['GET', '/api/supplier/inquiries?status=OPEN'],
    ['GET', '/api/admin/quick-inquiries?pageSize=0'],
    ['GET', '/api/notifications?unread=maybe'],
  ] as const)('%s %s answers 400 with a Chinese message', async (method, url) => {
    const who = url.includes('admin') ? cast.admin : url.includes('supplier') ? cast.supplier : cast.purchaser;
    const r = await call(t, who, method, url, method === 'GET' ? undefined : {});
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses a malformed JSON body with 400 and a Chinese message', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/quotations', headers: { ...cast.supplier.auth, 'content-type': 'application/json' }, payload: '{"demandId":' });
    expect(r.statusCode).toBe(400);
    expect((r.json() as { msg: string }).msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
