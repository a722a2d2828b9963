// The HTTP client's policy (SPEC §7) against a real local HTTP server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, setUnauthorizedHandler, RETRY_STATUSES } from './http';
import { http as client } from './http-client';
import { getPlatform } from './platform';

type THit = { method: string; url: string; auth?: string; type?: string; body: string };
let hits: THit[] = [];
let plan: number[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, type: req.headers['content-type'], body });
      const status = plan.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: status, msg: status === 200 ? 'ok' : `failed ${status}`, data: { echo: req.url } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  client.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client.defaults.adapter = 'http';
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  hits = [];
  plan = [];
  localStorage.clear();
});

describe('request shape', () => {
  it('sends an empty bearer without a token and JSON utf-8', async () => {
    await request('post', '/api/x', { a: 1 });
    // "Bearer " with an empty token; HTTP parsers drop the trailing space
    expect(hits[0]!.auth?.trim()).toBe('Bearer');
    expect(hits[0]).toMatchObject({ type: 'application/json;charset=utf-8', body: '{"a":1}' });
  });
  it('sends the token as a bearer once signed in', async () => {
    await getPlatform().session.signIn('tok-123');
    await request('get', '/api/me');
    expect(hits[0]!.auth).toBe('Bearer tok-123');
    await getPlatform().session.signOut();
  });
  it('puts GET and DELETE payloads in the query, POST and PUT in the body', async () => {
    await request('get', '/api/list', { page: 2, keyword: '色谱' });
    await request('delete', '/api/item', { id: 7 });
    await request('put', '/api/item', { id: 8 });
    expect(hits[0]!.url).toBe('/api/list?page=2&keyword=%E8%89%B2%E8%B0%B1');
    expect(hits[1]!.url).toBe('/api/item?id=7');
    expect(hits[1]!.body).toBe('');
    expect(hits[2]!.body).toBe('{"id":8}');
  });
  it('does not force JSON on form data', async () => {
    const form = new FormData();
    form.append('f', 'v');
    await client.post('/api/upload', form);
    expect(hits[0]!.type).toMatch(/^multipart\/form-data/);
  });
});

describe('retry policy', () => {
  it.each([...RETRY_STATUSES])('retries a GET once on %i', async (status) => {
    plan = [status, 200];
    const res = await request('get', '/api/r');
    expect(hits).toHaveLength(2);
    expect(res.code).toBe(200);
  });
  it('retries only once', async () => {
    plan = [503, 503, 200];
    const res = await request('get', '/api/r');
    expect(hits).toHaveLength(2);
    expect(res.code).toBe(503);
  });
  it.each(['post', 'put', 'delete'] as const)('never retries %s', async (method) => {
    plan = [503, 200];
    await request(method, '/api/m', { a: 1 });
    expect(hits).toHaveLength(1);
  });
  it('does not retry other failures', async () => {
    plan = [400, 200];
    await request('get', '/api/r');
    expect(hits).toHaveLength(1);
  });
});

describe('401 handling', () => {
  it('calls the unauthorized handler on code 401 and returns the body', async () => {
    let calls = 0;
    setUnauthorizedHandler(() => calls++);
    plan = [401];
    const res = await request('get', '/api/member/getInfo');
    expect(calls).toBe(1);
    expect(res.code).toBe(401);
  });
});
