// `node --import tsx bench/xlsx-bomb.ts [--runs 3]`: what hostile and large goods files cost the
// compiled server (issue 30 item 7). While each upload runs, /api/health is asked back to back and the
// server's resident memory read from /proc every 10 ms. Uploads, in this order:
//  1. the bomb of the issue: ~1 MB, its zip records declare a 1,000-byte sheet that inflates to 1 GB;
//  2. the worst file the goods limits allow (every limit at ~99 %: parts, unpacked bytes, rows,
//     cells, drop-down range cells), checked in full (mode=check);
//  3. a 5,000-row goods file as a supplier fills the template: checked (mode=check), then applied
//     (mode=commit with the check's planId) until the import job is done.
// Demo data (50 products), PGlite on disk, LOG_LEVEL=warn (as shipped), one upload at a time and
// one health request at a time. First, in this process, the same files through the guard alone
// (inspectXlsx) and through ExcelJS's read alone (readGoodsRows), with the event loop's longest
// delay: what each step would add to a health request. Figures go to stdout as Markdown;
// bench/README.md keeps a run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { GOODS_SHEET, LISTS_SHEET } from '../contracts/goods-excel.js';
import { inspectXlsx } from '../server/lib/xlsx-guard.js';
import { GOODS_XLSX_LIMITS, readGoodsRows } from '../server/modules/supplier/goods-excel.workbook.js';
import { goodsRowValues, lyingSizeXlsx, worstAllowedXlsx } from '../server/test/xlsx-fixtures.js';
import { freePort, sleep } from './ops-lib.js';

const OUT = '.bench-xlsx-server';
const LOG_LEVEL = 'warn';
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-xlsx-bench-'));
const MB = 1024 * 1024;

// ---- the server, its memory and its health -------------------------------------------------------

async function startServer() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, SERVER_OUT_DIR: OUT }, stdio: 'inherit' });
  const port = await freePort();
  const { DATABASE_URL: _d, TEST_DATABASE_URL: _t, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(OUT, 'main.mjs')], {
    env: { ...env, NODE_ENV: 'development', DEMO: '1', SEED_PRODUCTS: '50', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL, DATA_DIR: path.join(work, 'data'), STATIC_DIR: path.join(work, 'no-static') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 300_000; ; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    if ((await fetch(`${base}/api/ready`).then((r) => r.status, () => 0)) === 200) break;
    if (Date.now() > until) throw new Error(`server not ready: ${out}`);
  }
  return { child, base, out: () => out };
}
type TServer = Awaited<ReturnType<typeof startServer>>;

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Health latencies and the server's memory while `action` runs. */
async function watched<T>(server: TServer, action: () => Promise<T>) {
  const pid = server.child.pid!;
  const before = rssOf(pid);
  let peak = before;
  const latencies: number[] = [];
  let running = true;
  const memory = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  const health = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${server.base}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      await sleep(5);
    }
  })();
  const t0 = performance.now();
  const result = await action();
  const ms = performance.now() - t0;
  running = false;
  await health;
  clearInterval(memory);
  peak = Math.max(peak, rssOf(pid));
  return { result, ms, latencies, before, rise: peak - before };
}

/** Time, the event loop's longest delay and the rise of this process's memory while `action` runs. */
async function inProcess(action: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const before = process.memoryUsage().rss;
  let peak = before;
  const memory = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  delay.enable();
  const t0 = performance.now();
  let answer = 'accepted';
  try {
    await action();
  } catch (err) {
    answer = (err as Error).message.slice(0, 40);
  }
  const ms = performance.now() - t0;
  delay.disable();
  clearInterval(memory);
  return { ms, maxDelay: delay.max / 1e6, rise: Math.max(peak, process.memoryUsage().rss) - before, answer };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

// ---- the files -----------------------------------------------------------------------------------

type TUpload = { status: number; body: { code: number; msg: string; data?: { planId?: string | null; jobId?: string; rows?: number; problemCount?: number } } };

async function upload(server: TServer, auth: Record<string, string>, file: Buffer, query: string): Promise<TUpload> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), '商品.xlsx');
  const res = await fetch(`${server.base}/api/supplier/products/excel/import?${query}`, { method: 'POST', headers: auth, body: form });
  return { status: res.status, body: (await res.json()) as TUpload['body'] };
}

/** The values a valid goods row takes, from the template's own lists. */
async function templateLists(server: TServer, auth: Record<string, string>) {
  const res = await fetch(`${server.base}/api/supplier/products/excel/template`, { headers: auth });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const lists = wb.getWorksheet(LISTS_SHEET)!;
  return { wb, category: String(lists.getCell('A2').value), brand: String(lists.getCell('B2').value ?? '') };
}

/** 5,000 goods as a supplier fills the downloaded template (ExcelJS writes it as Excel would: shared strings). */
async function fiveThousand(server: TServer, auth: Record<string, string>): Promise<Buffer> {
  const { wb, category, brand } = await templateLists(server, auth);
  const ws = wb.getWorksheet(GOODS_SHEET)!;
  const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  for (let i = 1; i <= 5_000; i++) {
    const v = goodsRowValues(i, category, brand, 'BENCH');
    ws.addRow(header.slice(1).map((h) => v[h] ?? null));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The worst file the limits allow (server/test/xlsx-fixtures.ts), checked against the limits here. */
async function worstAllowed(server: TServer, auth: Record<string, string>): Promise<Buffer> {
  const L = GOODS_XLSX_LIMITS;
  const { category, brand } = await templateLists(server, auth);
  const file = worstAllowedXlsx(L, category, brand);
  const tally = await inspectXlsx(file, L);
  console.log(
    `worst allowed file: ${(file.length / MB).toFixed(1)} MB, ${tally.entries}/${L.maxEntries} parts, ${(tally.unpackedBytes / MB).toFixed(1)}/${(L.maxUnpackedBytes / MB).toFixed(0)} MB unpacked, ` +
      `${tally.rows}/${L.maxRows} rows, ${tally.cells}/${L.maxCells} cells, ${tally.rangeCells}/${L.maxRangeCells} range cells`,
  );
  return file;
}

// ---- the run -------------------------------------------------------------------------------------

const lines: string[] = [];
const say = (l: string) => {
  lines.push(l);
  console.log(l);
};

async function main() {
  const server = await startServer();
  try {
    const login = await fetch(`${server.base}/auth/member/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'password', phoneOrEmail: 'supplier01', password: 'Demo@1234' }) });
    const token = ((await login.json()) as { data?: { access_token: string } }).data?.access_token;
    if (!token) throw new Error('supplier01 could not sign in');
    const auth = { authorization: `Bearer ${token}` };

    const bomb = lyingSizeXlsx(1024);
    const worst = await worstAllowed(server, auth);
    const goods = await fiveThousand(server, auth);
    const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;
    const row = (what: string, r: Awaited<ReturnType<typeof watched>>, answer: string, idleP50: number) =>
      say(
        `| ${what} | ${(r.ms / 1000).toFixed(2)} s | ${answer} | ${r.latencies.length} | ${pct(r.latencies, 50).toFixed(1)} ms (×${(pct(r.latencies, 50) / idleP50).toFixed(1)}) | ${pct(r.latencies, 99).toFixed(1)} ms | ${Math.max(...r.latencies).toFixed(1)} ms | ${mb(r.before)} | +${mb(r.rise)} |`,
      );

    say(`\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}; Node ${process.version}; LOG_LEVEL=${LOG_LEVEL}; PGlite on disk, demo data (50 products)`);
    say(`files: bomb ${(bomb.length / MB).toFixed(2)} MB (inflates to 1,024 MB), worst allowed ${(worst.length / MB).toFixed(2)} MB, 5,000 goods ${(goods.length / MB).toFixed(2)} MB\n`);
    say('| file | step (in this process) | time | answer | longest event-loop delay | RSS rise |');
    say('|---|---|---|---|---|---|');
    const quiet = await inProcess(() => sleep(3_000));
    say(`| — | (idle, 3 s: this machine's noise) | ${(quiet.ms / 1000).toFixed(2)} s | — | ${quiet.maxDelay.toFixed(0)} ms | +${mb(quiet.rise)} |`);
    for (const [name, file] of [['bomb', bomb], ['worst allowed', worst], ['5,000 goods', goods]] as const) {
      for (const [step, action] of [['guard (inspectXlsx)', () => inspectXlsx(file, GOODS_XLSX_LIMITS)], ['ExcelJS read (readGoodsRows)', () => readGoodsRows(file)]] as const) {
        if (name === 'bomb' && step.startsWith('ExcelJS')) continue; // the guard refuses it: ExcelJS never sees it
        global.gc?.();
        const r = await inProcess(action);
        say(`| ${name} | ${step} | ${(r.ms / 1000).toFixed(2)} s | ${r.answer} | ${r.maxDelay.toFixed(0)} ms | +${mb(r.rise)} |`);
      }
    }
    say('');
    say('| upload | answered in | answer | health requests | health p50 (× idle) | health p99 | health max | server RSS before | RSS rise |');
    say('|---|---|---|---|---|---|---|---|---|');
    const idle = await watched(server, () => sleep(3_000));
    const idleP50 = pct(idle.latencies, 50);
    row('(idle, 3 s)', idle, '—', idleP50);
    for (let i = 0; i < RUNS; i++) {
      const r = await watched(server, () => upload(server, auth, bomb, 'mode=check'));
      row(`bomb, run ${i + 1}`, r, `${r.result.status} ${r.result.body.msg}`, idleP50);
    }
    for (let i = 0; i < RUNS; i++) {
      const r = await watched(server, () => upload(server, auth, worst, 'mode=check'));
      row(`worst allowed, check, run ${i + 1}`, r, `${r.result.status} ${r.result.body.msg.slice(0, 40)}`, idleP50);
    }
    let planId: string | null | undefined;
    for (let i = 0; i < RUNS; i++) {
      const r = await watched(server, () => upload(server, auth, goods, 'mode=check'));
      planId = r.result.body.data?.planId;
      row(`5,000 goods, check, run ${i + 1}`, r, `${r.result.status} ${r.result.body.msg.slice(0, 40)}`, idleP50);
    }
    const apply = await watched(server, async () => {
      const started = await upload(server, auth, goods, `mode=commit${planId ? `&planId=${planId}` : ''}`);
      const jobId = started.body.data?.jobId;
      if (!jobId) return started.body.msg;
      for (;;) {
        const job = (await (await fetch(`${server.base}/api/supplier/products/excel/jobs/${jobId}`, { headers: auth })).json()) as { data: { state: string; message: string | null } };
        if (job.data.state !== 'running') return `${job.data.state} ${job.data.message ?? ''}`;
        await sleep(100);
      }
    });
    row('5,000 goods, apply (upload, check again, job until done)', apply, apply.result, idleP50);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(OUT, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
