// Factories for the trade API tests (STYLE.md 17): categories, products, demands and quotations
// built through small functions with overridable defaults.
import type { InjectOptions } from 'fastify';
import { type TDemandInput, type TQuotationLine, type TQuotationRevise } from '../../../contracts/trade.js';
import { todayInChina } from '../../../contracts/time.js';
import { brands, categories, products } from '../../db/schema.js';
import { indexTokens } from '../../lib/search-tokens.js';
import { makeMember, type TTestApp } from '../../test/harness.js';

export type TActor = Awaited<ReturnType<typeof makeMember>>;

export const dayFromNow = (days: number) => todayInChina(Date.now() + days * 86400_000);

export async function makeCategoryTree(t: TTestApp) {
  const db = t.database.db;
  const [top] = await db.insert(categories).values({ name: '分析仪器', level: 1 }).returning();
  const [mid] = await db.insert(categories).values({ name: '色谱仪器', level: 2, parentId: top!.id }).returning();
  const [leaf] = await db.insert(categories).values({ name: '气相色谱仪', level: 3, parentId: mid!.id }).returning();
  const [other] = await db.insert(categories).values({ name: '实验室常用设备', level: 1 }).returning();
  return { top: top!, mid: mid!, leaf: leaf!, other: other! };
}

export async function makeProduct(t: TTestApp, supplierId: number, opts: { name?: string; model?: string; categoryId: number; status?: string }) {
  const db = t.database.db;
  const [brand] = await db.insert(brands).values({ name: '安捷伦' }).returning();
  const name = opts.name ?? '气相色谱仪';
  const model = opts.model ?? '7890B';
  const [p] = await db
    .insert(products)
    .values({ supplierId, categoryId: opts.categoryId, brandId: brand!.id, name, model, price: '268000', status: opts.status ?? 'on_sale', searchTokens: indexTokens(name, model, '安捷伦') })
    .returning();
  return p!;
}

/**
 * A demand as the form posts it. It is 公开报价 here: the stories of reading, comparing and deciding
 * read prices as quotations arrive; the 密封报价 rules (the product's default) are tested with
 * quoteMode 'sealed' in sealed-bids.api.test.ts and the authorization matrix.
 */
export function demandInput(categoryId: number, over: Partial<TDemandInput> = {}): TDemandInput {
  return {
    title: '采购气相色谱仪2台',
    categoryId,
    quantity: 2,
    unit: '台',
    budget: 500000,
    budgetHidden: false,
    needBy: dayFromNow(40),
    quoteDeadline: dayFromNow(10),
    province: '上海市',
    city: '上海市',
    description: '用于VOCs检测，需配FID检测器。',
    params: [
      { name: '检测器', value: 'FID' },
      { name: '柱温箱最高温度', value: '≥450℃' },
    ],
    contactName: '李明',
    contactPhone: '13912345678',
    quoteCap: 10,
    quoteMode: 'public',
    attachmentIds: [],
    submit: true,
    ...over,
  };
}

export const quotationLine = (over: Partial<TQuotationLine> = {}): TQuotationLine => ({
  brand: '安捷伦',
  model: '8890',
  unitPrice: 230000,
  taxIncluded: true,
  quantity: 2,
  leadTimeDays: 30,
  warrantyMonths: 12,
  paymentTerms: '预付30%，验收后70%',
  ...over,
});

/** A quotation's content; as a revision's body it names version 1 (the first revision), which a submission ignores. */
export const quotationBody = (over: Partial<TQuotationRevise> = {}): TQuotationRevise => ({
  version: 1,
  lines: [quotationLine()],
  specs: [{ name: '检测器', value: 'FID' }],
  validUntil: dayFromNow(30),
  notes: '含安装培训',
  attachmentIds: [],
  ...over,
});

/** The six callers of the authorization matrix plus an owning purchaser. */
export async function makeCast(t: TTestApp) {
  const purchaser = await makeMember(t, { roles: ['member', 'purchaser'] });
  const otherPurchaser = await makeMember(t, { roles: ['member', 'purchaser'] });
  const member = await makeMember(t);
  const supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '上海谱析仪器有限公司' } });
  const supplier2 = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '北京华测科技有限公司' } });
  const admin = await makeMember(t, { roles: ['member', 'admin'] });
  return { purchaser, otherPurchaser, member, supplier, supplier2, admin };
}

/** A JSON call as `who` (or a visitor); returns status and the parsed envelope. */
export async function call<T = unknown>(t: TTestApp, who: TActor | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const opts: InjectOptions = { method, url, headers: who ? who.auth : {} };
  if (payload !== undefined) opts.payload = payload as object;
  const res = await t.app.inject(opts);
  const body = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code: number; msg: string; data: T }) : ({ code: res.statusCode, msg: '', data: undefined as T } as const);
  return { status: res.statusCode, body, res };
}

export async function postDemand(t: TTestApp, who: TActor, categoryId: number, over: Partial<TDemandInput> = {}) {
  const r = await call<{ id: number; status: string }>(t, who, 'POST', '/api/demands', demandInput(categoryId, over));
  if (r.status !== 200) throw new Error(`postDemand failed: ${r.status} ${r.body.msg}`);
  return r.body.data.id;
}

export async function quote(t: TTestApp, who: TActor, demandId: number, over: Partial<TQuotationRevise> = {}) {
  const r = await call<{ id: number }>(t, who, 'POST', '/api/quotations', { demandId, ...quotationBody(over) });
  if (r.status !== 200) throw new Error(`quote failed: ${r.status} ${r.body.msg}`);
  return r.body.data.id;
}

/** A tiny but real PDF (file-type recognises it by content). */
export const pdfBytes = (text = 'yct') => Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

export function multipartBody(filename: string, content: Buffer, mime = 'application/octet-stream', field = 'file') {
  const boundary = `----yct${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function uploadAttachment(t: TTestApp, who: TActor | null, filename = '技术参数.pdf', content: Buffer = pdfBytes(), mime = 'application/pdf') {
  const body = multipartBody(filename, content, mime);
  const res = await t.app.inject({ method: 'POST', url: '/api/trade/attachments', payload: body.payload, headers: { ...(who ? who.auth : {}), 'content-type': body.contentType } });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { id: number; filename: string; mime: string; size: number; url: string } } };
}
