// The real entry point in a child process: start on a fresh data folder, refuse a second process
// on the same folder, refuse bad configuration, and shut down cleanly on SIGTERM.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './db/lock.js';

type TRun = { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-main-'));
const children: ChildProcess[] = [];

function start(env: Record<string, string>): TRun {
  const { DATABASE_URL: _db, DEMO: _demo, NODE_ENV: _env, PORT: _port, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...base,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-static'),
      SEED_PRODUCTS: '50',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** The URL from the start-up banner (PORT=0 makes the server pick a free port). */
async function waitForBanner(run: TRun, timeoutMs = 90_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(run.stdout());
    if (m) return `http://127.0.0.1:${m[1]}`;
    if (run.child.exitCode !== null) throw new Error(`server exited with ${run.child.exitCode}: ${run.stderr()}`);
    if (Date.now() > until) throw new Error(`server did not start: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('server/main.ts', () => {
  let first: TRun;
  let base: string;

  beforeAll(async () => {
    first = start({});
    base = await waitForBanner(first);
  });

  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /api/health on the port it announces and holds the data-folder lock', async () => {
    expect(Number(new URL(base).port)).toBeGreaterThan(0);
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(first.child.pid));
  });

  it('refuses a second process on the same DATA_DIR with the lock message', async () => {
    const second = start({});
    const { code } = await second.exited;
    expect(code).toBe(75);
    expect(second.stderr()).toContain(`The data folder ${dataDir} is in use by another process (pid ${first.child.pid})`);
    expect(second.stdout()).not.toContain('已启动');
    // the first one is untouched
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(first.child.pid));
  });

  it('refuses a bad variable with one sentence naming it, without echoing a secret', async () => {
    const bad = start({ DATA_DIR: path.join(dataDir, 'unused'), DATABASE_URL: 'mysql://root:S3cretPw@db/app' });
    const { code } = await bad.exited;
    expect(code).toBe(78);
    expect(bad.stderr().trim()).toBe('Environment variable DATABASE_URL is invalid (value not shown): must be a postgres:// or postgresql:// URL.');
    expect(fs.existsSync(path.join(dataDir, 'unused'))).toBe(false);
  });

  it('refuses DEMO=1 in production', async () => {
    const bad = start({ DATA_DIR: path.join(dataDir, 'unused'), NODE_ENV: 'production', DEMO: '1' });
    const { code } = await bad.exited;
    expect(code).toBe(78);
    expect(bad.stderr()).toContain('Environment variable DEMO cannot be on when NODE_ENV=production');
  });

  it('on SIGTERM finishes every request in flight, refuses new ones, exits 0 and removes the lock file', async () => {
    // (writes whose bodies are still arriving when the signal comes)
    const port = Number(new URL(base).port);
    const login = await fetch(`${base}/auth/member/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'password', phoneOrEmail: 'buyer001', password: 'Demo@1234' }) });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const body = JSON.stringify({ realName: '停机测试' });
    const half = Math.floor(body.length / 2);
    // 12 writes in flight: headers and half the body sent, the rest only after SIGTERM
    const inFlight = Array.from({ length: 12 }, () => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/api/member/updateRname',
        agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        });
        req.on('error', reject);
      });
      req.write(body.slice(0, half));
      return { req, answer };
    });
    // wait until the server has taken all of them (its in-flight gauge counts them, plus this scrape)
    for (let i = 0; ; i++) {
      const text = await (await fetch(`${base}/metrics`)).text();
      const n = Number(/^yct_http_requests_in_flight (\d+)/m.exec(text)?.[1] ?? 0);
      if (n >= 13) break;
      if (i > 100) throw new Error(`only ${n} requests in flight`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 400));
    // a new connection is no longer taken
    const late = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.status, (e: Error) => (e.cause as { code?: string })?.code ?? e.name);
    expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(late);
    for (const r of inFlight) r.req.end(body.slice(half));
    const answers = await Promise.all(inFlight.map((r) => r.answer));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.text)).toMatchObject({ code: 200, msg: '真实姓名已修改' });
    }
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});

describe('the compiled server (npm run build:server)', () => {
  const out = '.dist-server-main-test';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-compiled-'));
  afterAll(() => {
    fs.rmSync(out, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs with plain node (no tsx), answers ready and metrics, and npm start refuses production without a build', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, SERVER_OUT_DIR: out }, encoding: 'utf8' });
    expect(build.status).toBe(0);
    expect(fs.existsSync(path.join(out, 'migrations', 'meta', '_journal.json'))).toBe(true);
    const { DATABASE_URL: _db, NODE_OPTIONS: _opts, ...base } = process.env;
    const child = spawn(process.execPath, [path.join(out, 'main.mjs')], {
      env: { ...base, NODE_ENV: 'development', DEMO: '0', HOST: '127.0.0.1', PORT: '0', DATA_DIR: path.join(dir, 'data'), STATIC_DIR: path.join(dir, 'none'), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const run: TRun = { child, stdout: () => stdout, stderr: () => stderr, exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))) };
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const url = await waitForBanner(run);
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    expect(await (await fetch(`${url}/metrics`)).text()).toContain('yct_http_request_duration_seconds');
    child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });

    const refused = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...base, NODE_ENV: 'production', SERVER_OUT_DIR: path.join(dir, 'missing') }, encoding: 'utf8' });
    expect(refused.status).toBe(78);
    expect(refused.stderr.trim()).toBe(`${path.join(dir, 'missing', 'main.mjs')} is missing: run \`npm run build:server\` (and \`npm run build\`) before starting with NODE_ENV=production.`);
  });
});
