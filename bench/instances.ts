// `npm run bench:instances`: the load of one compiled instance against two instances behind Debian's
// nginx (the site of deploy/nginx, TLS on loopback) on one PostgreSQL, with a bare Fastify route
// measured in the same run as the reference. Everything shares this machine's cores, so the
// figures say what nginx and a second process cost or give here, not what two hosts would give.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { children, freePort, LOG_LEVEL, OUT, sleep, startPostgres, startServer, stopServer } from './ops-lib.js';

type TResult = { requests: { average: number }; latency: { p50: number; p97_5: number }; errors: number; non2xx: number; timeouts: number };
type TAutocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<TResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as TAutocannon;

const CONNECTIONS = 20;
const SECONDS = 8;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-instances-'));
const extra: ChildProcess[] = [];

async function bare(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', `import Fastify from 'fastify'; const app = Fastify(); app.get('/ping', async () => ({ ok: true })); await app.listen({ port: ${port}, host: '127.0.0.1' });`], { stdio: 'ignore' });
  extra.push(child);
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`http://127.0.0.1:${port}/ping`).then((r) => r.status, () => 0)) === 200) return `http://127.0.0.1:${port}`;
    await sleep(100);
  }
  throw new Error('bare Fastify did not start');
}

async function nginx(ports: number[]): Promise<string> {
  const dir = path.join(work, 'nginx');
  fs.mkdirSync(dir);
  const httpsPort = await freePort();
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`], { stdio: 'pipe' });
  const site = fs
    .readFileSync('deploy/nginx/yicaitong.conf', 'utf8')
    .replace(/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${ports[0]}`)
    .replace(/server 127\.0\.0\.1:3002/, `server 127.0.0.1:${ports[1]}`)
    .replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${await freePort()};`)
    .replace(/listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace('/etc/ssl/yicaitong/fullchain.pem', `${dir}/cert.pem`)
    .replace('/etc/ssl/yicaitong/privkey.pem', `${dir}/key.pem`)
    .replace('/srv/yicaitong/dist', path.join(work, 'no-static'))
    .replace('root /var/www/html;', `root ${dir};`);
  fs.writeFileSync(`${dir}/site.conf`, site);
  fs.writeFileSync(
    `${dir}/nginx.conf`,
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http { include /etc/nginx/mime.types; access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf; }\n`,
  );
  extra.push(spawn(NGINX!, ['-c', `${dir}/nginx.conf`, '-p', dir], { stdio: 'ignore' }));
  const base = `https://127.0.0.1:${httpsPort}`;
  for (let i = 0; i < 50; i++) {
    const r = await autocannon({ url: `${base}/api/ready`, connections: 1, duration: 0.2 }).catch(() => undefined);
    if (r && r.requests.average > 0 && r.errors === 0) return base;
    await sleep(100);
  }
  throw new Error('nginx did not answer');
}

async function main() {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, SERVER_OUT_DIR: OUT }, stdio: 'inherit' });
  const pg = startPostgres();
  if (typeof pg === 'string') throw new Error(pg);
  try {
    const env = { DATABASE_URL: pg.url, DATA_DIR: path.join(work, 'data'), SEED_PRODUCTS: '2000' };
    // one after the other: demo seeding is for a first start, not for two at once
    const a = await startServer(work, env);
    const b = await startServer(work, env);
    const front = await nginx([Number(new URL(a.base).port), Number(new URL(b.base).port)]);
    const ping = await bare();
    const rows: string[] = [];
    const run = async (label: string, url: string) => {
      const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
      return { label, rps: r.requests.average, p50: r.latency.p50, p97: r.latency.p97_5, bad: r.errors + r.non2xx + r.timeouts };
    };
    const base = await run('bare Fastify `/ping` (reference)', `${ping}/ping`);
    const show = (x: Awaited<ReturnType<typeof run>>) => `| ${x.label} | ${Math.round(x.rps)} | ${(x.rps / base.rps).toFixed(3)} | ${x.p50} ms | ${x.p97} ms | ${x.bad} |`;
    rows.push(show(base));
    for (const p of ['/api/categories', '/api/demands?pageNum=1&pageSize=10']) {
      rows.push(show(await run(`\`${p}\`, one instance, direct`, `${a.base}${p}`)));
      rows.push(show(await run(`\`${p}\`, two instances behind nginx (TLS)`, `${front}${p}`)));
    }
    console.log(`\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}), Node ${process.version}, PostgreSQL 15, ${CONNECTIONS} connections, ${SECONDS} s each, LOG_LEVEL=${LOG_LEVEL}, demo data with 2,000 products; load generator, nginx, both instances and PostgreSQL on the same cores.\n`);
    console.log('| target | req/s | ratio to bare | p50 | p97.5 | errors + non-2xx |');
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    await Promise.all([stopServer(a), stopServer(b)]);
  } finally {
    pg.remove();
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    // nginx's master stops its workers on SIGTERM; SIGKILL would leave them running
    for (const c of [...children, ...extra]) if (c.exitCode === null && c.signalCode === null) c.kill(c.spawnargs[0] === NGINX ? 'SIGTERM' : 'SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(OUT, { recursive: true, force: true });
  });
