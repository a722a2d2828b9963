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
  let doc: { paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, unknown> }>> };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-openapi-'));
  const supplierPassword = 'Passw0rd!';
  let supplierLogin = '';

  beforeAll(async () => {
    t = await makeTestApp();
    const tree = await makeCategoryTree(t);
    const purchaser = await makeMember(t, { roles: ['member', 'purchaser'] });
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

  it('generates a typed client whose example signs in, pages the catalogue and sends a quotation', async () => {
    const types = astToString(await openapiTS(new URL(`${baseUrl}/api/docs/json`)));
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
