// `npm run bench:faults`: the compiled server (npm run build:server) under faults, on this machine.
//  1. kill -9 during a write load, restart: every acknowledged write is there (PGlite, PostgreSQL);
//  2. PostgreSQL stopped for a few seconds during a read load: answers are 503 with a Chinese
//     message during the outage (no request hangs), and 200 again without restarting the server;
//  3. an upload that fails half way (the uploads folder on a 1 MB tmpfs that fills): a clear error,
//     no partial file, nothing recorded; the same upload succeeds once there is space.
// PostgreSQL: Debian's binaries (a throwaway cluster on a free port); the tmpfs needs root. A part
// that cannot run here is reported as skipped with the reason. Figures go to stdout as Markdown.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { children, LOG_LEVEL, OUT, sleep, startPostgres, startServer as start, stopServer, type TPostgres } from './ops-lib.js';

const WRITERS = 8;
const READERS = 8;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-faults-'));
const startServer = (env: Record<string, string>) => start(work, env);
const lines: string[] = [];
const say = (l: string) => {
  lines.push(l);
  console.log(l);
};

async function login(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/auth/member/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'password', phoneOrEmail: 'buyer001', password: 'Demo@1234' }) });
  const body = (await res.json()) as { data?: { access_token: string } };
  if (!body.data) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.data.access_token}`, 'content-type': 'application/json' };
}

async function leafCategory(base: string): Promise<number> {
  type TNode = { id: number; children?: TNode[] };
  const tree = ((await (await fetch(`${base}/api/categories`)).json()) as { data: TNode[] }).data;
  let node = tree[0]!;
  while (node.children?.length) node = node.children[0]!;
  return node.id;
}

// ---------------------------------------------------------------- 1. kill -9 during writes
async function killDuringWrites(kind: 'PGlite' | 'PostgreSQL', env: Record<string, string>, count: (titles: string[]) => Promise<number>) {
  let server = await startServer(env);
  const auth = await login(server.base);
  const categoryId = await leafCategory(server.base);
  const deadline = new Date(Date.now() + 10 * 86400_000).toISOString().slice(0, 10);
  const acked: string[] = [];
  const sent: string[] = [];
  let failed = 0;
  let stop = false;
  let seq = 0;
  const writer = async () => {
    while (!stop) {
      const title = `故障测试求购${process.pid}-${++seq}`;
      sent.push(title);
      try {
        const res = await fetch(`${server.base}/api/demands`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ title, categoryId, quantity: 1, unit: '台', quoteDeadline: deadline, province: '上海', contactName: '李采购', contactPhone: '13800000003', submit: false }),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 200) acked.push(title);
        else if (!stop) throw new Error(`write answered ${res.status}: ${await res.text()}`);
      } catch (err) {
        if (!stop && server.child.exitCode === null && server.child.signalCode === null) throw err;
        failed++;
      }
    }
  };
  const loops = Array.from({ length: WRITERS }, writer);
  await sleep(3_000);
  const ackedBeforeKill = acked.length;
  server.child.kill('SIGKILL');
  stop = true;
  await Promise.allSettled(loops);
  const ackedTotal = acked.length;
  const t0 = Date.now();
  server = await startServer(env);
  const restartMs = Date.now() - t0;
  await stopServer(server);
  const present = await count(acked);
  const inFlight = sent.length - ackedTotal;
  const inFlightPresent = (await count(sent)) - present;
  say(
    `| kill -9 during writes, ${kind} | ${WRITERS} writers, ${(ackedBeforeKill / 3).toFixed(0)} writes/s | ${ackedTotal} acknowledged, **${present} present after restart, ${ackedTotal - present} missing**; ${inFlight} in flight at the kill (${inFlightPresent} of them committed, ${failed} failed on the client) | restart to ready ${(restartMs / 1000).toFixed(1)} s |`,
  );
  if (present !== ackedTotal) process.exitCode = 1;
}

// ---------------------------------------------------------------- 2. PostgreSQL restart during reads
async function postgresOutage(env: Record<string, string>, pg: TPostgres) {
  const server = await startServer(env);
  const auth = await login(server.base);
  type TResult = { at: number; ms: number; status: number | string; msg?: string };
  const results: TResult[] = [];
  let stop = false;
  const t0 = Date.now();
  const reader = async () => {
    while (!stop) {
      const at = Date.now();
      try {
        const res = await fetch(`${server.base}/api/member/getInfo`, { headers: auth, signal: AbortSignal.timeout(15_000) });
        const body = (await res.json()) as { msg?: string };
        results.push({ at: at - t0, ms: Date.now() - at, status: res.status, msg: body.msg });
      } catch (err) {
        results.push({ at: at - t0, ms: Date.now() - at, status: (err as Error).name });
      }
      if (results.at(-1)!.status !== 200) await sleep(50);
    }
  };
  const loops = Array.from({ length: READERS }, reader);
  await sleep(3_000);
  const down = Date.now() - t0;
  pg.stop();
  await sleep(4_000);
  const upAt = Date.now() - t0;
  pg.start();
  const back = Date.now() - t0;
  // until 200s have come back for 3 s
  for (let i = 0; i < 300; i++) {
    await sleep(100);
    const firstOk = results.find((r) => r.at >= back && r.status === 200);
    if (firstOk && Date.now() - t0 - firstOk.at > 3_000) break;
  }
  stop = true;
  await Promise.all(loops);
  await stopServer(server);
  const before = results.filter((r) => r.at < down);
  const firstOk = results.find((r) => r.at >= down && r.status === 200 && r.at >= back);
  const after = results.filter((r) => firstOk && r.at >= firstOk.at);
  const errors = results.filter((r) => r.status !== 200);
  const kinds = new Map<string, number>();
  for (const e of errors) kinds.set(`${e.status} ${e.msg ?? ''}`.trim(), (kinds.get(`${e.status} ${e.msg ?? ''}`.trim()) ?? 0) + 1);
  const slowest = Math.max(...errors.map((e) => e.ms), 0);
  const outsideOutage = errors.filter((e) => e.at < down || (firstOk && e.at >= firstOk.at)).length;
  say(
    `| PostgreSQL stopped ${((upAt - down) / 1000).toFixed(1)} s during reads | ${READERS} readers of /api/member/getInfo | before: ${before.filter((r) => r.status === 200).length}/${before.length} ok; outage: ${[...kinds].map(([k, n]) => `${n}× ${k}`).join(', ') || 'no errors'}, slowest error answer ${slowest} ms; after: ${after.filter((r) => r.status === 200).length}/${after.length} ok, ${outsideOutage} errors outside the outage | first 200 ${firstOk ? ((firstOk.at - back) / 1000).toFixed(1) : '—'} s after PostgreSQL was back, server not restarted |`,
  );
  if (outsideOutage > 0 || !firstOk || slowest > 6_000 || errors.some((e) => e.status !== 503 || e.msg !== '数据库暂时不可用，请稍后再试')) process.exitCode = 1;
}

// ---------------------------------------------------------------- 3. upload failing half way
async function fullDisk() {
  const dataDir = path.join(work, 'upload-data');
  const uploadsDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', uploadsDir], { stdio: 'pipe' });
  } catch (err) {
    say(`| upload on a full disk | — | skipped: a 1 MB tmpfs cannot be mounted here (${String((err as { stderr?: Buffer }).stderr ?? err).trim().split('\n')[0]}) | — |`);
    return;
  }
  try {
    const server = await startServer({ DATA_DIR: dataDir });
    const auth = await login(server.base);
    const filler = path.join(uploadsDir, 'filler.bin');
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024, 1));
    } catch {
      // full
    } finally {
      fs.closeSync(fd);
    }
    fs.truncateSync(filler, fs.statSync(filler).size - 150 * 1024);
    const list = () => (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((f) => f !== 'filler.bin' && fs.statSync(path.join(uploadsDir, f)).isFile()).sort();
    const before = list();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), '大图纸.pdf');
      const started = Date.now();
      const res = await fetch(`${server.base}/api/trade/attachments`, { method: 'POST', headers: { authorization: auth.authorization! }, body: form });
      return { status: res.status, body: (await res.json()) as { msg: string; requestId?: string; data?: { id: number } }, ms: Date.now() - started };
    };
    const failed = await upload();
    const leftover = list().filter((f) => !before.includes(f));
    fs.rmSync(filler);
    const ok = await upload();
    await stopServer(server);
    // what the database recorded: open it now that the server has stopped
    const { openDatabase } = await import('../server/db/client.js');
    const { uploads } = await import('../server/db/schema.js');
    const db = await openDatabase({ dataDir });
    const rows = await db.db.select({ id: uploads.id, filename: uploads.filename }).from(uploads);
    await db.close();
    const recorded = rows.filter((r) => r.filename === '大图纸.pdf').length;
    say(
      `| upload failing half way (400 KB into 150 KB free) | 1 upload | ${failed.status} “${failed.body.msg}” in ${failed.ms} ms (requestId ${failed.body.requestId ? 'present' : 'missing'}), ${leftover.length} partial files left, ${recorded} rows recorded (the later successful retry: ${ok.status}) | — |`,
    );
    if (failed.status !== 503 || leftover.length > 0 || recorded !== 1 || ok.status !== 200) process.exitCode = 1;
  } finally {
    spawnSync('umount', [uploadsDir]);
  }
}

async function main() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, SERVER_OUT_DIR: OUT }, stdio: 'inherit' });
  say(`\nFaults on ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, Node ${process.version}; compiled server, LOG_LEVEL=${LOG_LEVEL}, demo data with 50 products.\n`);
  say('| fault | load | result | recovery |');
  say('|---|---|---|---|');

  const pgliteDir = path.join(work, 'pglite');
  await killDuringWrites('PGlite', { DATA_DIR: pgliteDir }, async (titles) => {
    const { openDatabase } = await import('../server/db/client.js');
    const { demands } = await import('../server/db/schema.js');
    const { inArray } = await import('drizzle-orm');
    const db = await openDatabase({ dataDir: pgliteDir });
    try {
      return (await db.db.select({ id: demands.id }).from(demands).where(inArray(demands.title, titles))).length;
    } finally {
      await db.close();
    }
  });

  const pg = startPostgres();
  if (typeof pg === 'string') {
    say(`| kill -9 during writes, PostgreSQL | — | skipped: ${pg} | — |`);
    say(`| PostgreSQL stopped during reads | — | skipped: ${pg} | — |`);
  } else {
    try {
      const env = { DATABASE_URL: pg.url, DATA_DIR: path.join(work, 'pg-data') };
      await killDuringWrites('PostgreSQL', env, async (titles) => {
        const { default: pgc } = await import('pg');
        const c = new pgc.Client({ connectionString: pg.url });
        await c.connect();
        try {
          return (await c.query('SELECT count(*)::int AS n FROM demands WHERE title = ANY($1)', [titles])).rows[0].n as number;
        } finally {
          await c.end();
        }
      });
      await postgresOutage(env, pg);
    } finally {
      pg.remove();
    }
  }
  await fullDisk();
  fs.writeFileSync(path.join(work, 'figures.md'), lines.join('\n') + '\n');
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(OUT, { recursive: true, force: true });
  });
