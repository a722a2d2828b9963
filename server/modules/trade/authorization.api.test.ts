// Every trade route called as a visitor, a member, the owning purchaser, the owning supplier,
// another supplier and an admin. Each call runs on fresh records, so one caller's success does not
// change the next caller's answer.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comparisonSnapshots, goodsImportJobs, inquiries, news, notices } from '../../db/schema.js';
import { clearEvents } from '../../lib/throttle.js';
import { makeTestApp, type TTestApp } from '../../test/harness.js';
import { CJK_FONT_FILE } from './quotations/comparison-export.js';
import { call, demandInput, makeCast, makeCategoryTree, makeProduct, multipartBody, pdfBytes, postDemand, quotationBody, quote, uploadAttachment, type TActor } from './test-factories.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let cats: Awaited<ReturnType<typeof makeCategoryTree>>;
let productId: number;
let mobileSeq = 0;

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  cats = await makeCategoryTree(t);
  productId = (await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id })).id;
});
afterAll(() => t.close());

type TWho = 'visitor' | 'member' | 'purchaser' | 'supplier' | 'supplier2' | 'admin';
const WHO: TWho[] = ['visitor', 'member', 'purchaser', 'supplier', 'supplier2', 'admin'];
const actor = (w: TWho): TActor | null => (w === 'visitor' ? null : cast[w]);

/** Fresh records for one call: an open demand with the owning supplier's quotation and attachments, a draft, an inquiry, a notice. */
async function world() {
  // Hundreds of worlds: keep the per-member upload rate (60 an hour) out of the way too.
  for (const m of [cast.purchaser, cast.supplier]) await clearEvents(t.database.db, `upload-rate:member:${m.id}`);
  const demandFile = (await uploadAttachment(t, cast.purchaser)).body.data.id;
  const demand = await postDemand(t, cast.purchaser, cats.leaf.id, { attachmentIds: [demandFile] });
  const quoteFile = (await uploadAttachment(t, cast.supplier, '报价单.pdf')).body.data.id;
  const quotation = await quote(t, cast.supplier, demand, { attachmentIds: [quoteFile] });
  const fresh = await postDemand(t, cast.purchaser, cats.leaf.id);
  // 密封报价 (issue 11 item 5): the owning supplier's quotation, with a file, before 开标.
  const sealed = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteMode: 'sealed' });
  const sealedFile = (await uploadAttachment(t, cast.supplier, '密封报价单.pdf')).body.data.id;
  const sealedQuotation = await quote(t, cast.supplier, sealed, { attachmentIds: [sealedFile] });
  const draft = await postDemand(t, cast.purchaser, cats.leaf.id, { submit: false });
  // Hundreds of worlds: keep the per-member inquiry throttle out of the way.
  await clearEvents(t.database.db, `inquiry:${cast.purchaser.id}`);
  const inquiry = (await call<{ id: number }>(t, cast.purchaser, 'POST', '/api/inquiries', { productId, quantity: 1, message: '请报价，谢谢合作', contactName: '李明', contactPhone: '13912345678' })).body.data.id;
  const [notice] = await t.database.db.select({ id: notices.id }).from(notices).where(eq(notices.memberId, cast.purchaser.id)).limit(1);
  const [quick] = await t.database.db
    .insert(inquiries)
    .values({ kind: 'quick', subject: '气相色谱仪', quantity: 1, unit: '台', contactName: '赵', contactPhone: '13700001111', status: 'NEW' })
    .returning({ id: inquiries.id });
  return { demand, quotation, fresh, draft, inquiry, quick: quick!.id, demandFile, quoteFile, notice: notice!.id, sealed, sealedQuotation, sealedFile };
}
type TWorld = Awaited<ReturnType<typeof world>>;

let importJobId: string | undefined;
/** An Excel import job of the owning supplier (issue 13). */
async function supplierImportJob() {
  importJobId ??= randomUUID();
  const exists = await t.database.db.select({ id: goodsImportJobs.id }).from(goodsImportJobs).where(eq(goodsImportJobs.id, importJobId));
  if (!exists.length) await t.database.db.insert(goodsImportJobs).values({ id: importJobId, supplierId: cast.supplier.supplierId!, rows: 1, processed: 1, created: 1, state: 'done' });
  return importJobId;
}

/** The 核验码 the purchaser's Excel 比价单 of a demand carries. */
async function verifyCode(demandId: number) {
  await t.app.inject({ method: 'GET', url: `/api/demands/${demandId}/comparison.xlsx`, headers: cast.purchaser.auth });
  const [row] = await t.database.db.select({ code: comparisonSnapshots.code }).from(comparisonSnapshots).where(eq(comparisonSnapshots.demandId, demandId)).limit(1);
  return row!.code;
}

type TRow = {
  name: string;
  prepare?: (w: TWorld) => Promise<void>;
  request: (w: TWorld, who: TWho) => Promise<{ method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; multipart?: boolean }>;
  expected: Record<TWho, number>;
};

const all = (n: number): Record<TWho, number> => ({ visitor: n, member: n, purchaser: n, supplier: n, supplier2: n, admin: n });
const e = (visitor: number, member: number, purchaser: number, supplier: number, supplier2: number, admin: number) => ({ visitor, member, purchaser, supplier, supplier2, admin });
const get = (url: string) => ({ method: 'GET' as const, url });
const post = (url: string, payload: unknown = {}) => ({ method: 'POST' as const, url, payload });
const put = (url: string, payload: unknown = {}) => ({ method: 'PUT' as const, url, payload });

const PDF_OK = fs.existsSync(CJK_FONT_FILE) ? 200 : 503;

const ROWS: TRow[] = [
  { name: 'GET /api/trade/categories', request: async () => get('/api/trade/categories'), expected: all(200) },
  { name: 'GET /api/trade/products/:id/summary', request: async () => get(`/api/trade/products/${productId}/summary`), expected: all(200) },
  { name: 'GET /api/demands', request: async () => get('/api/demands'), expected: all(200) },
  { name: 'GET /api/demands/:id (open)', request: async (w) => get(`/api/demands/${w.demand}`), expected: all(200) },
  { name: 'GET /api/demands/:id (draft)', request: async (w) => get(`/api/demands/${w.draft}`), expected: e(404, 404, 200, 404, 404, 200) },
  { name: 'POST /api/demands', request: async () => post('/api/demands', demandInput(cats.leaf.id)), expected: e(401, 403, 200, 403, 403, 403) },
  { name: 'GET /api/demands/:id/edit', request: async (w) => get(`/api/demands/${w.draft}/edit`), expected: e(401, 404, 200, 404, 404, 403) },
  { name: 'PUT /api/demands/:id', request: async (w) => put(`/api/demands/${w.draft}`, demandInput(cats.leaf.id, { submit: false })), expected: e(401, 403, 200, 403, 403, 403) },
  { name: 'POST /api/demands/:id/submit', request: async (w) => post(`/api/demands/${w.draft}/submit`), expected: e(401, 404, 200, 404, 404, 403) },
  { name: 'POST /api/demands/:id/stop', request: async (w) => post(`/api/demands/${w.demand}/stop`), expected: e(401, 403, 200, 403, 403, 403) },
  { name: 'POST /api/demands/:id/cancel', request: async (w) => post(`/api/demands/${w.demand}/cancel`), expected: e(401, 403, 200, 403, 403, 200) },
  {
    name: 'POST /api/demands/:id/repost',
    prepare: async (w) => void (await call(t, cast.purchaser, 'POST', `/api/demands/${w.fresh}/cancel`, {})),
    request: async (w) => post(`/api/demands/${w.fresh}/repost`),
    expected: e(401, 404, 200, 404, 404, 403),
  },
  {
    name: 'POST /api/demands/:id/close',
    prepare: async (w) => void (await call(t, cast.purchaser, 'POST', `/api/quotations/${w.quotation}/accept`, { version: 1 })),
    request: async (w) => post(`/api/demands/${w.demand}/close`),
    expected: e(401, 403, 200, 403, 403, 200),
  },
  { name: 'POST /api/admin/demands/:id/reject', request: async (w) => post(`/api/admin/demands/${w.demand}/reject`, { reason: '违规信息' }), expected: e(401, 403, 403, 403, 403, 200) },
  {
    name: 'POST /api/admin/demands/:id/approve',
    prepare: async (w) => {
      await call(t, cast.admin, 'POST', `/api/admin/demands/${w.fresh}/reject`, { reason: '标题含联系方式' });
      await call(t, cast.purchaser, 'PUT', `/api/demands/${w.fresh}`, demandInput(cats.leaf.id, { submit: true }));
    },
    request: async (w) => post(`/api/admin/demands/${w.fresh}/approve`),
    expected: e(401, 403, 403, 403, 403, 200),
  },
  { name: 'GET /api/purchaser/demands', request: async () => get('/api/purchaser/demands'), expected: e(401, 403, 200, 403, 403, 403) },
  { name: 'GET /api/purchaser/demands?scope=all', request: async () => get('/api/purchaser/demands?scope=all'), expected: e(401, 403, 403, 403, 403, 200) },
  { name: 'GET /api/purchaser/demands/counts', request: async () => get('/api/purchaser/demands/counts'), expected: e(401, 403, 200, 403, 403, 403) },
  { name: 'POST /api/quotations', request: async (w) => post('/api/quotations', { demandId: w.fresh, ...quotationBody() }), expected: e(401, 403, 403, 200, 200, 403) },
  { name: 'GET /api/quotations/:id', request: async (w) => get(`/api/quotations/${w.quotation}`), expected: e(401, 404, 200, 200, 404, 200) },
  { name: 'PUT /api/quotations/:id', request: async (w) => put(`/api/quotations/${w.quotation}`, quotationBody()), expected: e(401, 403, 403, 200, 404, 403) },
  { name: 'POST /api/quotations/:id/withdraw', request: async (w) => post(`/api/quotations/${w.quotation}/withdraw`), expected: e(401, 403, 403, 200, 404, 403) },
  { name: 'POST /api/quotations/:id/accept', request: async (w) => post(`/api/quotations/${w.quotation}/accept`, { version: 1 }), expected: e(401, 404, 200, 404, 404, 403) },
  { name: 'POST /api/quotations/:id/reject', request: async (w) => post(`/api/quotations/${w.quotation}/reject`, { reason: '价格偏高', version: 1 }), expected: e(401, 404, 200, 404, 404, 403) },
  { name: 'GET /api/supplier/quotations', request: async () => get('/api/supplier/quotations'), expected: e(401, 403, 403, 200, 200, 200) },
  { name: 'GET /api/supplier/quotations/counts', request: async () => get('/api/supplier/quotations/counts'), expected: e(401, 403, 403, 200, 200, 200) },
  { name: 'GET /api/demands/:id/quotations', request: async (w) => get(`/api/demands/${w.demand}/quotations`), expected: e(401, 403, 200, 403, 403, 200) },
  { name: 'GET /api/demands/:id/comparison.xlsx', request: async (w) => get(`/api/demands/${w.demand}/comparison.xlsx`), expected: e(401, 403, 200, 403, 403, 200) },
  // Without the CJK font the PDF answers 503 to the callers allowed to export.
  { name: 'GET /api/demands/:id/comparison.pdf', request: async (w) => get(`/api/demands/${w.demand}/comparison.pdf`), expected: e(401, 403, PDF_OK, 403, 403, PDF_OK) },
  // Public: a printed 比价单's 核验码 is all an approver holds.
  { name: 'GET /api/verify/comparison/:code', request: async (w) => get(`/api/verify/comparison/${await verifyCode(w.demand)}`), expected: all(200) },
  {
    name: 'POST /api/inquiries',
    request: async () => post('/api/inquiries', { productId, quantity: 1, message: '请报价，谢谢合作', contactName: '张三', contactPhone: '13912345678' }),
    expected: e(401, 200, 200, 400, 200, 200),
  },
  {
    name: 'POST /api/inquiries/quick',
    request: async () => {
      const mobile = `1370000${String(++mobileSeq).padStart(4, '0')}`;
      await t.app.inject({ method: 'GET', url: `/resource/sms/code?phonenumber=${mobile}&purpose=inquiry`, remoteAddress: `10.9.0.${mobileSeq}` });
      return post('/api/inquiries/quick', { subject: '气相色谱仪', quantity: 1, contactName: '赵', mobile, code: t.lastCode(mobile) });
    },
    expected: all(200),
  },
  { name: 'GET /api/inquiries/:id', request: async (w) => get(`/api/inquiries/${w.inquiry}`), expected: e(401, 404, 200, 200, 404, 200) },
  { name: 'POST /api/inquiries/:id/reply', request: async (w) => post(`/api/inquiries/${w.inquiry}/reply`, { reply: '您好，已报价' }), expected: e(401, 404, 403, 200, 404, 403) },
  { name: 'POST /api/inquiries/:id/close', request: async (w) => post(`/api/inquiries/${w.inquiry}/close`), expected: e(401, 404, 200, 200, 404, 200) },
  { name: 'GET /api/supplier/inquiries', request: async () => get('/api/supplier/inquiries'), expected: e(401, 403, 403, 200, 200, 200) },
  { name: 'GET /api/supplier/inquiries/counts', request: async () => get('/api/supplier/inquiries/counts'), expected: e(401, 403, 403, 200, 200, 200) },
  { name: 'GET /api/supplier/inquiries/stats', request: async () => get('/api/supplier/inquiries/stats'), expected: e(401, 403, 403, 200, 200, 403) },
  { name: 'GET /api/purchaser/inquiries', request: async () => get('/api/purchaser/inquiries'), expected: e(401, 200, 200, 200, 200, 200) },
  { name: 'GET /api/purchaser/inquiries/counts', request: async () => get('/api/purchaser/inquiries/counts'), expected: e(401, 200, 200, 200, 200, 200) },
  {
    name: 'POST /api/admin/quick-inquiries/:id/route',
    request: async (w) => post(`/api/admin/quick-inquiries/${w.quick}/route`, { supplierIds: [cast.supplier2.supplierId] }),
    expected: e(401, 403, 403, 403, 403, 200),
  },
  { name: 'GET /api/admin/quick-inquiries', request: async () => get('/api/admin/quick-inquiries'), expected: e(401, 403, 403, 403, 403, 200) },
  { name: 'GET /api/admin/quick-inquiries/counts', request: async () => get('/api/admin/quick-inquiries/counts'), expected: e(401, 403, 403, 403, 403, 200) },
  { name: 'GET /api/notifications', request: async () => get('/api/notifications'), expected: e(401, 200, 200, 200, 200, 200) },
  { name: 'GET /api/notifications/unread-count', request: async () => get('/api/notifications/unread-count'), expected: e(401, 200, 200, 200, 200, 200) },
  { name: 'PUT /api/notifications/:id/read', request: async (w) => put(`/api/notifications/${w.notice}/read`), expected: e(401, 404, 200, 404, 404, 404) },
  { name: 'PUT /api/notifications/read-all', request: async () => put('/api/notifications/read-all'), expected: e(401, 200, 200, 200, 200, 200) },
  { name: 'POST /api/trade/attachments', request: async () => ({ method: 'POST', url: '/api/trade/attachments', multipart: true }), expected: e(401, 403, 200, 200, 200, 200) },
  { name: 'GET /api/trade/attachments/:id (demand file)', request: async (w) => get(`/api/trade/attachments/${w.demandFile}`), expected: e(401, 404, 200, 200, 200, 200) },
  { name: 'GET /api/trade/attachments/:id (quotation file)', request: async (w) => get(`/api/trade/attachments/${w.quoteFile}`), expected: e(401, 404, 200, 200, 404, 200) },

  // 密封报价 before 开标: only the quoting supplier reads its quotation; decisions and exports are refused (409).
  { name: 'GET /api/demands/:id/quotations (sealed, before 开标)', request: async (w) => get(`/api/demands/${w.sealed}/quotations`), expected: e(401, 403, 200, 403, 403, 200) },
  { name: 'GET /api/quotations/:id (sealed, before 开标)', request: async (w) => get(`/api/quotations/${w.sealedQuotation}`), expected: e(401, 404, 403, 200, 404, 403) },
  { name: 'GET /api/trade/attachments/:id (sealed quotation file, before 开标)', request: async (w) => get(`/api/trade/attachments/${w.sealedFile}`), expected: e(401, 404, 403, 200, 404, 403) },
  { name: 'GET /api/demands/:id/comparison.xlsx (sealed, before 开标)', request: async (w) => get(`/api/demands/${w.sealed}/comparison.xlsx`), expected: e(401, 403, 409, 403, 403, 409) },
  { name: 'GET /api/demands/:id/comparison.pdf (sealed, before 开标)', request: async (w) => get(`/api/demands/${w.sealed}/comparison.pdf`), expected: e(401, 403, 409, 403, 403, 409) },
  { name: 'PUT /api/quotations/:id (sealed, before 开标)', request: async (w) => put(`/api/quotations/${w.sealedQuotation}`, quotationBody()), expected: e(401, 403, 403, 200, 404, 403) },
  { name: 'POST /api/quotations/:id/withdraw (sealed, before 开标)', request: async (w) => post(`/api/quotations/${w.sealedQuotation}/withdraw`), expected: e(401, 403, 403, 200, 404, 403) },
  { name: 'POST /api/quotations/:id/accept (sealed, before 开标)', request: async (w) => post(`/api/quotations/${w.sealedQuotation}/accept`, { version: 1 }), expected: e(401, 404, 409, 404, 404, 403) },
  { name: 'POST /api/quotations/:id/reject (sealed, before 开标)', request: async (w) => post(`/api/quotations/${w.sealedQuotation}/reject`, { reason: '价格偏高', version: 1 }), expected: e(401, 404, 409, 404, 404, 403) },
  // 开标 by the purchaser stopping quotations: the purchaser reads, exports and decides; the supplier can no longer withdraw.
  ...((): TRow[] => {
    const stop = async (w: TWorld) => void (await call(t, cast.purchaser, 'POST', `/api/demands/${w.sealed}/stop`, {}));
    return [
      { name: 'GET /api/quotations/:id (sealed, after 开标)', prepare: stop, request: async (w) => get(`/api/quotations/${w.sealedQuotation}`), expected: e(401, 404, 200, 200, 404, 200) },
      { name: 'GET /api/trade/attachments/:id (sealed quotation file, after 开标)', prepare: stop, request: async (w) => get(`/api/trade/attachments/${w.sealedFile}`), expected: e(401, 404, 200, 200, 404, 200) },
      { name: 'GET /api/demands/:id/comparison.xlsx (sealed, after 开标)', prepare: stop, request: async (w) => get(`/api/demands/${w.sealed}/comparison.xlsx`), expected: e(401, 403, 200, 403, 403, 200) },
      { name: 'POST /api/quotations/:id/withdraw (sealed, after 开标)', prepare: stop, request: async (w) => post(`/api/quotations/${w.sealedQuotation}/withdraw`), expected: e(401, 403, 403, 409, 404, 403) },
      { name: 'POST /api/quotations/:id/accept (sealed, after 开标)', prepare: stop, request: async (w) => post(`/api/quotations/${w.sealedQuotation}/accept`, { version: 1 }), expected: e(401, 404, 200, 404, 404, 403) },
    ];
  })(),
  // Bulk goods by Excel (issue 13): the supplier's own goods only; a PDF is refused as not a workbook.
  { name: 'GET /api/supplier/products/excel/template', request: async () => get('/api/supplier/products/excel/template'), expected: e(401, 403, 403, 200, 200, 403) },
  { name: 'GET /api/supplier/products/excel/export', request: async () => get('/api/supplier/products/excel/export?status=on_sale'), expected: e(401, 403, 403, 200, 200, 403) },
  { name: 'POST /api/supplier/products/excel/import', request: async () => ({ method: 'POST', url: '/api/supplier/products/excel/import?mode=check', multipart: true }), expected: e(401, 403, 403, 415, 415, 403) },
  { name: 'GET /api/supplier/products/excel/jobs/:id', request: async () => get(`/api/supplier/products/excel/jobs/${await supplierImportJob()}`), expected: e(401, 403, 403, 200, 404, 403) },
  // 响应质量 (issue 37): the supplier's own figures; the distribution and the spam mark are the admin's.
  { name: 'GET /api/supplier/response', request: async () => get('/api/supplier/response'), expected: e(401, 403, 403, 200, 200, 403) },
  { name: 'GET /api/admin/response', request: async () => get('/api/admin/response'), expected: e(401, 403, 403, 403, 403, 200) },
  { name: 'GET /api/admin/inquiries', request: async () => get('/api/admin/inquiries'), expected: e(401, 403, 403, 403, 403, 200) },
  { name: 'PUT /api/admin/inquiries/:id/spam', request: async (w) => put(`/api/admin/inquiries/${w.inquiry}/spam`, { spam: true }), expected: e(401, 403, 403, 403, 403, 200) },
  // Platform moderation (issue 22): admins only, every write names its version.
  ...(() => {
    const adminOnly = e(401, 403, 403, 403, 403, 200);
    const freshProduct = async () => (await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id })).id;
    const freshNews = async () => (await t.database.db.insert(news).values({ category: '行业动态', title: '权限矩阵资讯', content: '<p>正文</p>' }).returning({ id: news.id }))[0]!.id;
    const edit = { title: '权限矩阵资讯（修订）', category: '行业动态', content: '<p>修订后的正文</p>', version: 1 };
    return [
      { name: 'GET /api/admin/products', request: async () => get('/api/admin/products?keyword=仪'), expected: adminOnly },
      { name: 'PUT /api/admin/products/:id/takedown', request: async () => put(`/api/admin/products/${await freshProduct()}/takedown`, { reason: '商品信息与实物不符', version: 1 }), expected: adminOnly },
      { name: 'GET /api/admin/publications/:kind', request: async () => get('/api/admin/publications/news'), expected: adminOnly },
      { name: 'GET /api/admin/publications/:kind/:id', request: async () => get(`/api/admin/publications/news/${await freshNews()}`), expected: adminOnly },
      { name: 'PUT /api/admin/publications/:kind/:id', request: async () => put(`/api/admin/publications/news/${await freshNews()}`, edit), expected: adminOnly },
      { name: 'PUT /api/admin/publications/:kind/:id/status', request: async () => put(`/api/admin/publications/news/${await freshNews()}/status`, { status: 'unpublished', version: 1 }), expected: adminOnly },
    ] satisfies TRow[];
  })(),
];

describe('authorization matrix', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const got: Record<string, number> = {};
    // Callers share one set of records until a write is let through: the next caller gets fresh
    // ones, so every caller meets records no successful write has touched. (A refused call changes
    // nothing; one that wrongly changed something answered 2xx and fails the row anyway.)
    const readOnly = row.name.startsWith('GET ');
    let w: TWorld | undefined;
    for (const who of WHO) {
      if (!w) {
        w = await world();
        await row.prepare?.(w);
      }
      const req = await row.request(w, who);
      const me = actor(who);
      if (req.multipart) {
        const body = multipartBody('参数表.pdf', pdfBytes(), 'application/pdf');
        const res = await t.app.inject({ method: 'POST', url: req.url, payload: body.payload, headers: { ...(me ? me.auth : {}), 'content-type': body.contentType } });
        got[who] = res.statusCode;
      } else {
        got[who] = (await call(t, me, req.method, req.url, req.payload)).status;
      }
      if (!readOnly && got[who]! < 400) w = undefined;
    }
    expect(got).toEqual(row.expected);
  });

  it('covers every trade route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const norm = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
    const trade = Object.entries(doc.paths)
      .filter(([p]) => /^\/api\/(verify|demands|quotations|inquiries|notifications|trade|purchaser|supplier\/(quotations|inquiries|products\/excel|response)|admin\/(demands|quick-inquiries|inquiries|response))/.test(p))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${norm(p)}`));
    const covered = new Set(ROWS.map((r) => r.name.replace(/ \(.*\)$/, '').replace(/\?.*$/, '')));
    const generic = (s: string) => s.replace(/\/(submit|stop|cancel|repost|close)$/, '/$1');
    // The live stream never ends, so it cannot be a row here: its answers (401 without a session,
    // each member's own notices only) are tested in notifications/notifications.stream.api.test.ts.
    const elsewhere = new Set(['GET /api/notifications/stream']);
    const missing = trade.filter((r) => !covered.has(generic(r)) && !elsewhere.has(r));
    expect(missing).toEqual([]);
  });
});
