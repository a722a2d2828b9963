// Issue 11: store numbers and supplier accounts opened at once answer 409 (never 500); per-member
// upload rate and volume; unlinked trade uploads deleted after 24 h; API docs off in production.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, suppliers, throttleCounters, tradeAttachments, uploads } from '../../db/schema.js';
import { pruneUnlinkedUploads, UPLOAD_BYTES_PER_DAY, UPLOADS_PER_HOUR } from '../../lib/uploads.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const answer = (r: { json: () => unknown }) => {
  const { code, msg } = r.json() as { code: number; msg: string };
  return { code, msg };
};

function multipart(auth: Record<string, string>, filename: string, content: Buffer, type: string) {
  const boundary = '----yctsecboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const upload = (auth: Record<string, string>, name = 'spec.pdf') => t.app.inject({ method: 'POST', url: '/api/trade/attachments', ...multipart(auth, name, PDF, 'application/pdf') });

describe('opening supplier stores at once', () => {
  it('answers 409 with a message, not 500, when one member is opened twice at once', async () => {
    const admin = await makeMember(t, { roles: ['member', 'admin'] });
    const m = await makeMember(t);
    const body = { member: m.mobile, companyName: '并发开通仪器有限公司' };
    const answers = await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/admin/suppliers', headers: admin.auth, payload: body })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answer(answers.find((r) => r.statusCode === 409)!)).toEqual({ code: 409, msg: '该会员已开通供应商店铺' });
  });

  it('gives stores opened at once different numbers', async () => {
    const admin = await makeMember(t, { roles: ['member', 'admin'] });
    const members = await Promise.all([0, 1, 2, 3].map(() => makeMember(t)));
    const answers = await Promise.all(
      members.map((m, i) => t.app.inject({ method: 'POST', url: '/api/admin/suppliers', headers: admin.auth, payload: { member: m.mobile, companyName: `同时开通仪器${i}有限公司` } })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const uids = answers.map((r) => (r.json() as { data: { storeUid: string } }).data.storeUid);
    expect(new Set(uids).size).toBe(4);
  });

  it('keeps a store closed by account removal closed', async () => {
    const admin = await makeMember(t, { roles: ['member', 'admin'] });
    const m = await makeMember(t, { supplier: {} });
    await t.database.db.update(suppliers).set({ status: 'closed' }).where(eq(suppliers.id, m.supplierId!));
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/suppliers/${m.supplierId}/status`, headers: admin.auth, payload: { status: 'approved' } });
    expect(answer(res)).toEqual({ code: 400, msg: '该店铺已随会员注销关闭，不能再审核' });
    const bad = await t.app.inject({ method: 'PUT', url: `/api/admin/suppliers/${m.supplierId}/status`, headers: admin.auth, payload: { status: 'closed' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('unique values taken at once', () => {
  it('answers 409 to the second of two members taking one account name at once', async () => {
    const [a, b] = [await makeMember(t), await makeMember(t)];
    const answers = await Promise.all([a, b].map((m) => t.app.inject({ method: 'PUT', url: '/api/member/updateUname', headers: m.auth, payload: { uname: 'sameName2026' } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answer(answers.find((r) => r.statusCode === 409)!)).toEqual({ code: 409, msg: '该账号名已被使用' });
  });
});

describe('the trade product summary', () => {
  it('shows only public goods: not those of a supplier awaiting approval', async () => {
    const s = await makeMember(t, { supplier: {} });
    const [p] = await t.database.db.insert(products).values({ supplierId: s.supplierId!, categoryId: 1, name: '待审核供应商的天平', model: 'B-1', price: '1200' }).returning();
    expect((await t.app.inject({ method: 'GET', url: `/api/trade/products/${p!.id}/summary` })).statusCode).toBe(200);
    await t.database.db.update(suppliers).set({ status: 'pending' }).where(eq(suppliers.id, s.supplierId!));
    expect((await t.app.inject({ method: 'GET', url: `/api/trade/products/${p!.id}/summary` })).statusCode).toBe(404);
  });
});

describe('uploads', () => {
  it(`limits a member to ${UPLOADS_PER_HOUR} uploads an hour, also under parallel requests`, async () => {
    const buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
    const answers = await Promise.all(Array.from({ length: UPLOADS_PER_HOUR + 5 }, (_, i) => upload(buyer.auth, `f${i}.pdf`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(UPLOADS_PER_HOUR);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(answer(refused[0]!)).toEqual({ code: 429, msg: '上传过于频繁，请稍后再试' });
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads).where(eq(uploads.ownerId, buyer.id))) as [{ n: number }];
    expect(n).toBe(UPLOADS_PER_HOUR);
    // another member is not affected
    const other = await makeMember(t, { roles: ['member', 'purchaser'] });
    expect((await upload(other.auth)).statusCode).toBe(200);
  });

  it('limits the bytes a member uploads per day', async () => {
    const buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
    // as if almost the whole day's volume were used already
    await t.database.db.insert(throttleCounters).values({ bucket: `upload-bytes:member:${buyer.id}`, hits: UPLOAD_BYTES_PER_DAY - 10, expiresAt: sql`now() + interval '1 hour'` });
    const res = await upload(buyer.auth);
    expect(answer(res)).toEqual({ code: 429, msg: '今日上传文件总量已达上限，请明天再试' });
    // the refused upload did not use the hourly rate
    const [rate] = await t.database.db.select().from(throttleCounters).where(eq(throttleCounters.bucket, `upload-rate:member:${buyer.id}`));
    expect(rate?.hits ?? 0).toBe(0);
  });

  it('deletes trade uploads nobody linked within 24 h, with their files, and keeps linked and recent ones', async () => {
    const buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(buyer.auth, `keep${i}.pdf`)).json().data.id as number);
    const [stale, linked, recent] = ids as [number, number, number];
    await t.database.db.update(uploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(sql`${uploads.id} in (${stale}, ${linked})`);
    await t.database.db.insert(tradeAttachments).values({ uploadId: linked, entity: 'demand', entityId: 1 });
    const [staleRow] = await t.database.db.select().from(uploads).where(eq(uploads.id, stale));
    const staleFile = path.join(t.dataDir, 'uploads', staleRow!.storageKey);
    expect(fs.existsSync(staleFile)).toBe(true);
    expect(await pruneUnlinkedUploads(t.database.db, t.app.config)).toBe(1);
    const left = (await t.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.ownerId, buyer.id))).map((r) => r.id).sort();
    expect(left).toEqual([linked, recent].sort());
    expect(fs.existsSync(staleFile)).toBe(false);
  });
});

describe('API documentation', () => {
  let prod: TTestApp;
  let docs: TTestApp;
  beforeAll(async () => {
    prod = await makeTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.yicaitong.example' });
    docs = await makeTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.yicaitong.example', API_DOCS: '1' });
  });
  afterAll(async () => {
    await prod.close();
    await docs.close();
  });

  it('is off in production unless API_DOCS=1', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await docs.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('never builds a sitemap from the Host header in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(res.body).toContain('Sitemap: https://www.yicaitong.example/sitemap.xml');
    expect(res.body).not.toContain('evil.example');
  });
});
