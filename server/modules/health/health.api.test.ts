// Observability of one app on a real database: liveness and readiness, /metrics access rules and
// content, request ids in headers, logs and error answers; and a database that cannot be reached
// (a real pg pool on a port nobody listens on) answers a quick 503 in Chinese instead of hanging.
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import * as schema from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { makeTestApp, type TTestApp } from '../../test/harness.js';

const TOKEN = 'metrics-token-0123456789';
let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

describe('liveness and readiness', () => {
  it('/api/health answers 200 with the database kind; /api/ready 200 once migrated', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ code: 200, data: { db: t.database.kind } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 200, data: { database: true, migrations: true, shuttingDown: false } });
  });

  it('/api/ready answers 503 with a Chinese message while shutting down; /api/health stays 200', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 503, msg: '服务正在停止，请稍后再试', data: { shuttingDown: true } });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });
});

describe('/metrics', () => {
  it('is served to loopback with route, status-class, job and process metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/api/categories' });
    await t.app.inject({ method: 'GET', url: '/api/nope' });
    await t.app.inject({ method: 'GET', url: '/api/home' });
    await t.app.inject({ method: 'GET', url: '/api/home' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/yct_http_request_duration_seconds_count\{method="GET",route="\/api\/categories",status_class="2xx"\} 1\b/);
    expect(text).toMatch(/yct_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/categories",status_class="2xx"\}/);
    expect(text).toMatch(/yct_http_request_duration_seconds_count\{method="GET",route="not_found",status_class="4xx"\} 1\b/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE yct_job_runs_total counter');
    expect(text).toContain('# TYPE yct_job_failures_total counter');
    expect(text).toContain('# TYPE yct_db_pool_connections gauge');
    // The first /api/home is made (a miss of the answer cache); the second is sent again from its bytes.
    expect(text).toMatch(/yct_cache_requests_total\{cache="home",result="miss"\} [1-9]/);
    expect(text).toMatch(/yct_cache_requests_total\{cache="sent-answer",result="hit"\} [1-9]/);
    expect(text).toMatch(/yct_http_request_duration_seconds_count\{method="GET",route="\/api\/home",status_class="2xx"\} 2\b/);
  });

  it('refuses other addresses and proxied loopback requests, unless the token is given', async () => {
    const away = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(away.statusCode).toBe(403);
    expect(away.body).not.toContain('yct_');
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer not-the-token-xxxxxxxx' } });
    expect(wrong.statusCode).toBe(403);
    const right = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('yct_http_request_duration_seconds');
  });
});

describe('request ids', () => {
  it('answers X-Request-Id, keeps a proxy-given id, and puts it in error answers', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': given } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe(given);
    expect(missing.json()).toMatchObject({ code: 404, requestId: given });
    const denied = await t.app.inject({ method: 'GET', url: '/api/member/getInfo' });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ code: 401, requestId: denied.headers['x-request-id'] });
    // a header that is not a plain token is replaced, not echoed
    const odd = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x\u0007<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes the request id on every log line of a request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-reqid-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none') });
    const app = await buildApp({ config, database: t.database, logger: { level: 'info', stream } });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'trace-0001-abcd' } });
      expect(res.json()).toMatchObject({ requestId: 'trace-0001-abcd' });
      const mine = lines.filter((l) => l.reqId === 'trace-0001-abcd');
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed').every((l) => typeof l.reqId === 'string')).toBe(true);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('database outage', () => {
  it('answers 503 with 数据库暂时不可用 within seconds, and /api/ready 503, /api/health 200', async () => {
    // a port that was free a moment ago: connections are refused, as during a PostgreSQL restart
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: `postgres://yct@127.0.0.1:${port}/none`, connectionTimeoutMillis: 5_000 });
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-down-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none') });
    const app = await buildApp({ config, database: { db, kind: 'postgres', close: () => pool.end() }, logger: false });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/categories' });
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 503, msg: '数据库暂时不可用，请稍后再试', requestId: res.headers['x-request-id'] });
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ msg: '数据库暂时不可用，请稍后再试', data: { database: false } });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
