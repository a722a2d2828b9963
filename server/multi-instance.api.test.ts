// Several instances of the compiled server (npm run build:server, NODE_ENV=production) on one
// PostgreSQL: started at the same moment on an empty database they apply each migration once, and in
// demo mode one seeds the demo data while the other waits and finds it; the
// scheduled jobs run on one of them (one expiry, one reminder; the other takes over when the leader
// stops); behind Debian's nginx with the site of deploy/nginx, a member logs in on one instance,
// acts on the other and sees the result everywhere (over HTTP and in Chromium). Needs
// TEST_DATABASE_URL (.ci/run).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './lib/password.js';
import { MIGRATION_LOCK_KEY } from './db/lock.js';

const url = process.env.TEST_DATABASE_URL;
const OUT = '.dist-server-multi';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const OPENSSL = ['/usr/bin/openssl', '/bin/openssl'].some((p) => fs.existsSync(p));

/** Every process started, so none outlives a failed test. */
const started: ChildProcess[] = [];

type TInstance = { child: ChildProcess; base: string; port: number; out: () => string; exited: Promise<number | null> };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

async function sql<T = Record<string, unknown>>(dbUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

function startInstance(env: Record<string, string>, port: number): TInstance {
  const { DATABASE_URL: _d, TEST_DATABASE_URL: _t, DEMO: _demo, ...base } = process.env;
  const child = spawn(process.execPath, [path.join(OUT, 'main.mjs')], {
    env: { ...base, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', PUBLIC_URL: 'https://www.example.com', ALLOW_OUTBOX: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  started.push(child);
  return { child, base: `http://127.0.0.1:${port}`, port, out: () => out, exited };
}

async function waitReady(i: TInstance, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (i.child.exitCode !== null) throw new Error(`instance on ${i.port} exited with ${i.child.exitCode}:\n${i.out()}`);
    const status = await fetch(`${i.base}/api/ready`).then((r) => r.status, () => 0);
    if (status === 200) return;
    if (Date.now() > until) throw new Error(`instance on ${i.port} not ready:\n${i.out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(i: TInstance) {
  if (i.child.exitCode !== null) return i.child.exitCode;
  i.child.kill('SIGTERM');
  return i.exited;
}

/** A counter's value summed over its label sets that contain `labels`. */
async function counter(i: TInstance, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`${i.base}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) && l.includes(labels))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

describe.skipIf(!url)(`several instances on one PostgreSQL${url ? '' : ' — skipped: set TEST_DATABASE_URL (.ci/run starts a throwaway PostgreSQL)'}`, () => {
  const dbName = `yct_multi_${crypto.randomBytes(5).toString('hex')}`;
  let dbUrl: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-multi-'));
  let instances: TInstance[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, SERVER_OUT_DIR: OUT }, stdio: 'pipe' });
    await sql(url!, `CREATE DATABASE ${dbName}`);
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    // the README's build when it is there (npm test builds it first), else a build of our own
    let staticDir = path.resolve('dist');
    if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
      staticDir = path.resolve('.dist-multi-web');
      execFileSync('npx', ['vite', 'build', '--outDir', staticDir, '--logLevel', 'warn'], { stdio: 'pipe' });
    }
    env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, STATIC_DIR: staticDir };
  });

  afterAll(async () => {
    for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await sql(url!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await sql(url!, `DROP DATABASE IF EXISTS ${dbName}_demo WITH (FORCE)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(OUT, { recursive: true, force: true });
  });

  it('two instances starting together on an empty database apply each migration exactly once', async () => {
    const ports = [await freePort(), await freePort()];
    instances = ports.map((p) => startInstance(env, p));
    await Promise.all(instances.map((i) => waitReady(i)));
    const journal = JSON.parse(fs.readFileSync('server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const [row] = await sql<{ n: number; d: number }>(dbUrl, 'SELECT count(*)::int AS n, count(DISTINCT created_at)::int AS d FROM drizzle.__drizzle_migrations');
    // both stop cleanly on SIGTERM
    expect(await Promise.all(instances.map(stop))).toEqual([0, 0]);
    expect(row).toEqual({ n: journal.entries.length, d: journal.entries.length });
  });

  it('two instances started at the same instant in demo mode on an empty database: one seeds, the other waits and finds the data', async () => {
    const demoDb = `${dbName}_demo`;
    await sql(url!, `CREATE DATABASE ${demoDb}`);
    const u = new URL(url!);
    u.pathname = `/${demoDb}`;
    const demoUrl = u.toString();
    const { default: pg } = await import('pg');
    // A starting gate: the migration lock, held here until both processes wait on it, so both leave it
    // together and reach the first-start seeding at the same moment.
    const gate = new pg.Client({ connectionString: demoUrl });
    await gate.connect();
    const pair: TInstance[] = [];
    try {
      await gate.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const demoEnv = { ...env, DATABASE_URL: demoUrl, NODE_ENV: 'development', DEMO: '1', SEED_PRODUCTS: '200' };
      const ports = [await freePort(), await freePort()];
      pair.push(...ports.map((p) => startInstance(demoEnv, p)));
      const waiting = async () =>
        (await sql<{ n: number }>(demoUrl, `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`, [MIGRATION_LOCK_KEY]))[0]!.n;
      await expect.poll(waiting, { timeout: 60_000, interval: 100 }).toBe(2);
      await gate.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await Promise.all(pair.map((i) => waitReady(i)));
    } finally {
      await gate.end();
    }
    const seeded = pair.filter((i) => i.out().includes('first start: filling the database with demo data'));
    expect(seeded).toHaveLength(1);
    expect(pair.find((i) => i !== seeded[0])!.out()).toContain('another instance is writing its start-up data; waiting for it');
    // the data once, complete (trade history included) and the same on both
    const [counts] = await sql<{ products: number; admins: number; quotations: number }>(
      demoUrl,
      `SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM members WHERE uname = 'ycadmin') AS admins, (SELECT count(*)::int FROM quotations) AS quotations`,
    );
    expect(counts).toMatchObject({ products: 200, admins: 1 });
    expect(counts!.quotations).toBeGreaterThan(0);
    const totals = await Promise.all(pair.map(async (i) => ((await (await fetch(`${i.base}/api/demands?pageSize=1`)).json()) as { data: { total: number } }).data.total));
    expect(totals[0]).toBeGreaterThan(0);
    expect(totals[1]).toBe(totals[0]);
    expect(await Promise.all(pair.map(stop))).toEqual([0, 0]);
    await sql(url!, `DROP DATABASE IF EXISTS ${demoDb} WITH (FORCE)`);
  });

  it('runs the scheduled jobs on one instance only: one expiry, one reminder', async () => {
    const [m] = await sql<{ id: number }>(dbUrl, `INSERT INTO members (mobile, uname, password_hash, roles) VALUES ('13912340001', 'multibuyer', $1, ARRAY['member','purchaser']) RETURNING id`, [await hashPassword('Passw0rd!')]);
    const insertDemand = (title: string, deadline: string) =>
      sql<{ id: number }>(dbUrl, `INSERT INTO demands (purchaser_id, title, quantity, unit, quote_deadline, status) VALUES ($1, $2, 1, '台', ${deadline}, 'OPEN') RETURNING id`, [m!.id, title]);
    const [expired] = await insertDemand('过期的气相色谱仪求购', "now() - interval '1 hour'");
    const [soon] = await insertDemand('即将截止的液相色谱仪求购', "now() + interval '2 hours'");

    const ports = [await freePort(), await freePort()];
    instances = ports.map((p) => startInstance(env, p));
    await Promise.all(instances.map((i) => waitReady(i)));
    // both instances have ticked at least once more after the first job run
    const until = Date.now() + 30_000;
    while ((await sql(dbUrl, `SELECT 1 FROM notices WHERE member_id = $1 AND kind = 'deadline_soon'`, [m!.id])).length === 0) {
      if (Date.now() > until) throw new Error('no reminder within 30 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 6_000));

    const notes = await sql<{ kind: string; n: number }>(dbUrl, `SELECT kind, count(*)::int AS n FROM notices WHERE member_id = $1 GROUP BY kind ORDER BY kind`, [m!.id]);
    expect(notes).toEqual([
      { kind: 'deadline_soon', n: 1 },
      { kind: 'demand_expired', n: 1 },
    ]);
    const [state] = await sql<{ status: string }>(dbUrl, 'SELECT status FROM demands WHERE id = $1', [expired!.id]);
    expect(state!.status).toBe('EXPIRED');
    expect((await sql(dbUrl, 'SELECT 1 FROM demands WHERE id = $1 AND deadline_notified_at IS NOT NULL', [soon!.id])).length).toBe(1);
    // one instance ran the trade job, the other none
    const runs = await Promise.all(instances.map((i) => counter(i, 'yct_job_runs_total', 'job="trade-expiry"')));
    expect(runs.sort()).toEqual([0, 1]);
    expect(instances.filter((i) => i.out().includes('now runs the scheduled jobs'))).toHaveLength(1);
  });

  const noNginx = !NGINX ? 'nginx is not installed (.ci/run installs Debian’s nginx)' : !OPENSSL ? 'openssl is not installed (needed for the test certificate)' : '';
  it.skipIf(!!noNginx)(`behind nginx: log in on one instance, act on the other, see the result everywhere${noNginx ? ` — skipped: ${noNginx}` : ''}`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-nginx-'));
    const httpsPort = await freePort();
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`], { stdio: 'pipe' });
    // the site file operators install, with this test's ports, certificate and build folder
    const site = fs
      .readFileSync('deploy/nginx/yicaitong.conf', 'utf8')
      .replace(/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${instances[0]!.port}`)
      .replace(/server 127\.0\.0\.1:3002/, `server 127.0.0.1:${instances[1]!.port}`)
      .replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${await freePort()};`)
      .replace(/listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`)
      .replace('/etc/ssl/yicaitong/fullchain.pem', `${dir}/cert.pem`)
      .replace('/etc/ssl/yicaitong/privkey.pem', `${dir}/key.pem`)
      .replace('/srv/yicaitong/dist', env.STATIC_DIR!)
      .replace('root /var/www/html;', `root ${dir};`);
    fs.writeFileSync(`${dir}/site.conf`, site);
    fs.writeFileSync(
      `${dir}/nginx.conf`,
      `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 256; }
http { include /etc/nginx/mime.types; access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf; }\n`,
    );
    const nginx = spawn(NGINX!, ['-c', `${dir}/nginx.conf`, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let nginxOut = '';
    nginx.stderr!.on('data', (d: Buffer) => (nginxOut += d.toString()));
    const viaNginx = (p: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
        const req = https.request({ host: '127.0.0.1', port: httpsPort, path: p, method: init.method ?? 'GET', headers: { host: 'www.example.com', ...init.headers }, rejectUnauthorized: false }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        });
        req.on('error', reject);
        req.end(init.body);
      });
    try {
      for (let i = 0; ; i++) {
        const ok = await viaNginx('/api/ready').then((r) => r.status === 200, () => false);
        if (ok) break;
        if (i > 50) throw new Error(`nginx did not answer: ${nginxOut}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const [a, b] = instances as [TInstance, TInstance];
      const login = await fetch(`${a.base}/auth/member/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'password', phoneOrEmail: 'multibuyer', password: 'Passw0rd!' }) });
      expect(login.status).toBe(200);
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const act = await fetch(`${b.base}/api/member/updateRname`, { method: 'PUT', headers: auth, body: JSON.stringify({ realName: '王多实例' }) });
      expect(act.status).toBe(200);
      for (const base of [a.base, b.base]) {
        const info = (await (await fetch(`${base}/api/member/getInfo`, { headers: auth })).json()) as { data: { realName: string } };
        expect(info.data.realName).toBe('王多实例');
      }
      // through nginx: both instances answer in turn, and each sees it
      const seenBy = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const r = await viaNginx('/api/member/getInfo', { headers: { authorization: auth.authorization } });
        expect(r.status).toBe(200);
        expect((JSON.parse(r.text) as { data: { realName: string } }).data.realName).toBe('王多实例');
        seenBy.add(String(r.headers['x-request-id']));
      }
      expect(seenBy.size).toBe(6);
      // nginx's request id reaches the instance and comes back; a deep link gets the page (this database has no goods,
      // so a product address would be a 404: the shop with a query); hashed assets are cached a year; /metrics is not exposed
      const deep = await viaNginx(`/shop?keyword=${encodeURIComponent('离心机')}&page=2`);
      expect(deep.status).toBe(200);
      expect(deep.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      const asset = /\/assets\/[^"]+\.js/.exec(deep.text)?.[0];
      expect(asset).toBeTruthy();
      const assetRes = await viaNginx(asset!);
      expect(assetRes.status).toBe(200);
      expect(assetRes.headers['cache-control']).toContain('immutable');
      expect((await viaNginx('/metrics')).status).toBe(404);
      // an error answer through nginx carries nginx's request id, which is on the instance's log lines
      const bad = await viaNginx('/auth/member/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'password', phoneOrEmail: 'multibuyer', password: 'wrong-password' }) });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      const id = String(bad.headers['x-request-id']);
      expect(JSON.parse(bad.text)).toMatchObject({ requestId: id });
      const linesOf = () => (a.out() + b.out()).split('\n').filter((l) => l.includes(`"reqId":"${id}"`));
      for (let i = 0; i < 20 && linesOf().length < 2; i++) await new Promise((r) => setTimeout(r, 50)); // the last line follows the answer
      expect(linesOf().map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['incoming request', 'request completed']);

      // the live notification stream through nginx: not buffered, not gzipped; a notice written on
      // the database reaches it at once (either instance may hold the stream: NOTIFY reaches both)
      {
        const events: string[] = [];
        let headers: Record<string, string | string[] | undefined> = {};
        const streamReq = https.request(
          { host: '127.0.0.1', port: httpsPort, path: '/api/notifications/stream', headers: { host: 'www.example.com', authorization: auth.authorization, 'accept-encoding': 'gzip, br' }, rejectUnauthorized: false },
          (res) => {
            headers = res.headers;
            res.setEncoding('utf8');
            res.on('data', (d: string) => events.push(d));
          },
        );
        streamReq.on('error', () => {});
        streamReq.end();
        for (let i = 0; i < 100 && !events.join('').includes('event: unread'); i++) await new Promise((r) => setTimeout(r, 50));
        expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
        expect(headers['content-encoding']).toBeUndefined();
        const [buyer] = await sql<{ id: number }>(dbUrl, `SELECT id FROM members WHERE uname = 'multibuyer'`);
        await sql(dbUrl, `INSERT INTO notices (member_id, kind, title, content, link) VALUES ($1, 'quotation_accepted', '您的报价已被采纳', '经由 nginx 的实时通知', '/admin/supplier/quotation')`, [buyer!.id]);
        // Pushed through nginx unbuffered (a buffered stream would hold it until the proxy's buffer fills).
        for (let i = 0; i < 200 && !events.join('').includes('经由 nginx 的实时通知'); i++) await new Promise((r) => setTimeout(r, 50));
        expect(events.join('')).toContain('经由 nginx 的实时通知');
        streamReq.destroy();
      }

      // a rolling restart under load: one instance stops (SIGTERM) and starts again on its port while
      // GETs go through nginx; no client sees an error
      const runs = await Promise.all(instances.map((i) => counter(i, 'yct_job_runs_total', 'job="trade-expiry"')));
      const at = runs.indexOf(0);
      const follower = instances[at]!;
      let loading = true;
      const outcomes: (number | string)[] = [];
      const load = async () => {
        while (loading) outcomes.push(await viaNginx('/api/categories').then((r) => r.status, (e: NodeJS.ErrnoException) => e.code ?? e.message));
      };
      const loops = Array.from({ length: 6 }, load);
      await new Promise((r) => setTimeout(r, 1_000));
      const stopping = Date.now();
      expect(await stop(follower)).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(5_000); // nginx's kept-alive connections do not hold it open
      const replacement = startInstance(env, follower.port);
      await waitReady(replacement);
      instances[at] = replacement;
      await new Promise((r) => setTimeout(r, 1_000));
      loading = false;
      await Promise.all(loops);
      expect(outcomes.length).toBeGreaterThan(30);
      expect(outcomes.filter((o) => o !== 200)).toEqual([]);

      // in Chromium through nginx: log in, open a nested deep link, see the name set on instance b
      const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
      if (fs.existsSync(chromiumPath)) {
        const { chromium } = await import('@playwright/test');
        const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
        try {
          const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: `https://127.0.0.1:${httpsPort}`, locale: 'zh-CN' });
          const page = await context.newPage();
          const failures: string[] = [];
          page.on('response', (r) => r.status() >= 400 && r.url().includes('/assets/') && failures.push(r.url()));
          await page.goto('/login');
          await page.locator('input[name="phoneOrEmail"]').fill('multibuyer');
          await page.locator('input[name="password"]').fill('Passw0rd!');
          await page.locator('button[type="submit"]').click();
          await page.waitForSelector('[data-testid="header-user"]', { timeout: 20_000 });
          await page.goto('/admin/profile');
          await page.waitForFunction(() => document.body.innerText.includes('王多实例'), undefined, { timeout: 20_000 });
          expect(failures).toEqual([]);
        } finally {
          await browser.close();
        }
      }
    } finally {
      nginx.kill('SIGTERM');
      await new Promise((r) => nginx.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hands the scheduler to the other instance when the leader stops', async () => {
    const runs = await Promise.all(instances.map((i) => counter(i, 'yct_job_runs_total', 'job="trade-expiry"')));
    const leader = instances[runs.indexOf(1)]!;
    const other = instances[runs.indexOf(0)]!;
    expect(await stop(leader)).toBe(0);
    const until = Date.now() + 20_000;
    while (!other.out().includes('now runs the scheduled jobs')) {
      if (Date.now() > until) throw new Error(`no takeover:\n${other.out()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // The new leader announces itself, then runs the jobs: the count follows within moments.
    await expect.poll(() => counter(other, 'yct_job_runs_total', 'job="trade-expiry"'), { timeout: 10_000 }).toBe(1);
    expect(await stop(other)).toBe(0);
  });
});
