// The OpenAPI document as an integrator uses it (issue 18): it lints clean with Redocly's recommended
// rules, and a client generated from it by openapi-typescript (docs/api-client/example.ts with
// openapi-fetch) type-checks and runs against a started server: sign in, page, quote.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import openapiTS, { astToString } from 'openapi-typescript';
import { isProtected, operationIdFor } from './lib/openapi.js';
import { createSseParser, LIVE_STREAM_PATH, type TSseMessage } from '../contracts/live.js';
import { notices } from './db/schema.js';
import { makeCategoryTree, makeProduct, postDemand } from './modules/trade/test-factories.js';
import { makeMember, makeTestApp, type TTestApp } from './test/harness.js';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

describe('operation ids and security', () => {
  it.each([
    ['GET', '/api/products', 'listProducts'],
    ['GET', '/api/products/:id', 'getProduct'],
    ['POST', '/api/demands/:id/quotations', 'createDemandQuotation'],
    ['POST', '/api/quotations/:id/accept', 'acceptQuotation'],
    ['PUT', '/api/admin/suppliers/:id/status', 'updateAdminSupplierStatus'],
    ['GET', '/api/news/:id', 'getNews'],
    ['DELETE', '/api/supplier/brand-applications/:id', 'deleteSupplierBrandApplication'],
  ])('%s %s → %s', (method, url, id) => expect(operationIdFor(method, url)).toBe(id));

  it('marks what needs a token', () => {
    expect(isProtected('GET', '/api/products')).toBe(false);
    expect(isProtected('GET', '/api/demands')).toBe(false);
    expect(isProtected('POST', '/api/demands')).toBe(true);
    expect(isProtected('POST', '/api/inquiries/quick')).toBe(false);
    expect(isProtected('GET', '/api/supplier/products')).toBe(true);
  });
});

describe('the served document', () => {
  let t: TTestApp;
  let baseUrl: string;
  type TParameter = { name: string; in: string; required?: boolean; schema?: Record<string, unknown> };
  let doc: { paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; parameters?: TParameter[]; responses: Record<string, unknown> }>> };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-openapi-'));
  const supplierPassword = 'Passw0rd!';
  let supplierLogin = '';
  let purchaser: Awaited<ReturnType<typeof makeMember>>;

  beforeAll(async () => {
    t = await makeTestApp();
    const tree = await makeCategoryTree(t);
    purchaser = await makeMember(t, { roles: ['member', 'purchaser'] });
    const supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '上海接口对接仪器有限公司' }, password: supplierPassword });
    supplierLogin = supplier.mobile;
    await makeProduct(t, supplier.supplierId!, { categoryId: tree.leaf.id, name: '气相色谱仪' });
    await postDemand(t, purchaser, tree.leaf.id);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    doc = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as typeof doc;
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes redocly lint (recommended rules) without errors or warnings', () => {
    const run = spawnSync(bin('redocly'), ['lint', path.join(dir, 'openapi.json'), '--format=json'], { encoding: 'utf8', cwd: root });
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] };
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('gives every operation a unique operationId, an error answer, and the bearer scheme where a token is needed', () => {
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })));
    expect(ops.length).toBeGreaterThan(100);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, op } of ops) expect(Object.keys(op.responses).some((c) => c.startsWith('4')), key).toBe(true);
    expect(doc.paths['/api/supplier/products']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/products']!.get!.security).toEqual([]);
  });

  it('says the allowed range on every paged list: page 1 to 10000, 1 to 100 a page', async () => {
    const paged = Object.entries(doc.paths).filter(([, methods]) => methods.get?.parameters?.some((p) => p.name === 'pageSize' && p.in === 'query'));
    expect(paged.length).toBeGreaterThan(20);
    const cases = [
      ['pageSize=100000', '每页条数必须是1到100之间的整数'],
      ['pageSize=abc', '每页条数必须是1到100之间的整数'],
      ['pageSize=0', '每页条数必须是1到100之间的整数'],
      ['page=0', '页码必须是1到10000之间的整数'],
      ['page=abc', '页码必须是1到10000之间的整数'],
    ];
    const pathValues: Record<string, string> = { uid: 's0001', kind: 'news' };
    for (const [p, methods] of paged) {
      const url = p.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '1');
      for (const [query, msg] of cases) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?${query}` });
        expect([res.statusCode, (res.json() as { msg: string }).msg], `${url}?${query}`).toEqual([400, msg]);
      }
      expect(methods.get!.parameters!.find((x) => x.name === 'pageSize')!.schema, p).toMatchObject({ minimum: 1, maximum: 100 });
    }
  });

  it('documents the live notification stream: text/event-stream, each event\'s name and payload, Last-Event-ID, and the stream sends what it says', async () => {
    type TSchema = { $ref?: string; oneOf?: TSchema[]; properties?: Record<string, TSchema & { enum?: string[] }>; required?: string[] };
    const schemas = (doc as unknown as { components: { schemas: Record<string, TSchema> } }).components.schemas;
    const resolve = (x: TSchema) => (x.$ref ? schemas[x.$ref.split('/').pop()!]! : x);
    const op = doc.paths[LIVE_STREAM_PATH]!.get!;
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'last-event-id' }), expect.objectContaining({ in: 'query', name: 'client' })]));
    const ok = op.responses['200'] as { content: Record<string, { schema: TSchema }> };
    expect(Object.keys(ok.content)).toEqual(['text/event-stream']);
    const events = resolve(ok.content['text/event-stream']!.schema).oneOf!.map(resolve);
    const byName = new Map(events.map((e) => [e.properties!.event!.enum![0]!, e]));
    expect([...byName.keys()]).toEqual(['notification', 'unread', 'change', 'end']);
    expect(resolve(byName.get('notification')!.properties!.data!).required).toEqual(expect.arrayContaining(['id', 'title', 'content', 'link', 'createdAt']));
    expect(resolve(byName.get('unread')!.properties!.data!).required).toEqual(['count']);
    expect(resolve(byName.get('end')!.properties!.data!).properties!.reason!.enum).toEqual(['revoked', 'replaced']);

    // What the stream sends fits the document: a notice of this session, then the unread count.
    await t.database.db.insert(notices).values({ memberId: purchaser.id, kind: 'quotation_received', title: '收到新报价', content: '接口文档中的实时通知', link: '/admin/purchaser/demand-quotation' });
    const ctl = new AbortController();
    const res = await fetch(`${baseUrl}${LIVE_STREAM_PATH}`, { headers: purchaser.auth, signal: ctl.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const got: TSseMessage[] = [];
    const parse = createSseParser((m) => got.push(m));
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    while (!got.some((m) => m.event === 'unread')) {
      const { value, done } = await reader.read();
      if (done) break;
      parse(decoder.decode(value, { stream: true }));
    }
    ctl.abort();
    expect(got.map((m) => m.event)).toEqual(['notification', 'unread']);
    for (const m of got) {
      const schema = byName.get(m.event)!;
      const decoded: Record<string, unknown> = { event: m.event, data: JSON.parse(m.data), ...(m.id !== undefined ? { id: m.id } : {}) };
      for (const key of schema.required!) expect(decoded, `${m.event}.${key}`).toHaveProperty(key);
      expect(Object.keys(decoded).every((k) => k in schema.properties!), m.event).toBe(true);
      const data = resolve(schema.properties!.data!);
      for (const key of data.required!) expect(decoded.data, `${m.event}.data.${key}`).toHaveProperty(key);
      expect(Object.keys(decoded.data as object).every((k) => k in data.properties!), `${m.event}.data`).toBe(true);
    }
  });

  it('generates a typed client whose example signs in, pages the catalogue and sends a quotation', async () => {
    const types = astToString(await openapiTS(new URL(`${baseUrl}/api/docs/json`)));
    // The live stream is in it, typed by its events.
    expect(types).toMatch(/"text\/event-stream": components\["schemas"\]\["LiveEvent"\]/);
    const example = path.join(root, 'docs', 'api-client', 'example.ts');
    fs.writeFileSync(path.join(root, 'docs', 'api-client', 'api.d.ts'), types);
    // Type-checks against the generated paths (a renamed field or operation fails here).
    execFileSync(bin('tsc'), ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--types', 'node', example], { cwd: root, stdio: 'pipe' });
    // Asynchronously: the server answering the example runs in this process.
    const { stdout: out } = await promisify(execFile)(bin('tsx'), [example], { cwd: root, encoding: 'utf8', env: { ...process.env, API_URL: baseUrl, SUPPLIER_LOGIN: supplierLogin, SUPPLIER_PASSWORD: supplierPassword } });
    expect(out).toMatch(/products read: [1-9]/);
    expect(out).toMatch(/quotation: \d+/);
  }, 120_000);
});
