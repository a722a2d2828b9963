// Shared by the operations benchmarks (faults.ts, instances.ts): the compiled server in child
// processes, a throwaway PostgreSQL cluster from Debian's binaries, free ports.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const OUT = '.bench-server';
export const LOG_LEVEL = 'warn';
export const children: ChildProcess[] = [];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

export type TServer = { child: ChildProcess; base: string; out: () => string };

export async function startServer(work: string, env: Record<string, string>): Promise<TServer> {
  const port = await freePort();
  const { DATABASE_URL: _d, TEST_DATABASE_URL: _t, ...base } = process.env;
  const child = spawn(process.execPath, [path.join(OUT, 'main.mjs')], {
    env: { ...base, NODE_ENV: 'development', DEMO: '1', SEED_PRODUCTS: '50', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL, STATIC_DIR: path.join(work, 'no-static'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const server = { child, base: `http://127.0.0.1:${port}`, out: () => out };
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    if ((await fetch(`${server.base}/api/ready`).then((r) => r.status, () => 0)) === 200) return server;
    if (Date.now() > until) throw new Error(`server not ready: ${out}`);
    await sleep(100);
  }
}

export async function stopServer(s: TServer) {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
}

// ---------------------------------------------------------------- PostgreSQL
export type TPostgres = { url: string; stop: () => void; start: () => void; remove: () => void };

export function startPostgres(): TPostgres | string {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((b) => fs.existsSync(`${b}/initdb`));
  if (!bin) return 'PostgreSQL is not installed (apt-get install postgresql)';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-faults-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' }) : spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  };
  if (asRoot) {
    if (spawnSync('id', ['postgres']).status !== 0) spawnSync('useradd', ['--system', '--home', dir, 'postgres']);
    spawnSync('chown', ['postgres', dir]);
  }
  const port = 4260 + Math.floor(Math.random() * 20);
  run(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'yct', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const opts = `-h 127.0.0.1 -p ${port} -k ${dir}`;
  const start = () => run(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-l', `${dir}/pg.log`, '-w', '-o', opts, 'start']);
  const stop = () => run(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://yct@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: () => {
      try {
        run(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      } catch {
        // stopped already
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

