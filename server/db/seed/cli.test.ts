// The seed CLI creates the demo accounts, so it refuses to run outside demo mode.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-seed-cli-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function runSeed(env: Record<string, string>) {
  const { DATABASE_URL: _db, DEMO: _demo, NODE_ENV: _env, ...base } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts', '--products', '10'], {
    env: { ...base, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://www.yicaitong.example', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('seed CLI outside demo mode', () => {
  it('refuses in production without opening the database', { timeout: 40_000 }, () => {
    const r = runSeed({ NODE_ENV: 'production' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('seed: refusing to create the demo accounts when NODE_ENV=production');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses DEMO=1 in production as a configuration error', { timeout: 40_000 }, () => {
    const r = runSeed({ NODE_ENV: 'production', DEMO: '1' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Environment variable DEMO cannot be on when NODE_ENV=production');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses with DEMO=0', { timeout: 40_000 }, () => {
    const r = runSeed({ NODE_ENV: 'development', DEMO: '0' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('seed: refusing to create the demo accounts with DEMO=0');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
