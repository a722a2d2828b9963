// `npm run dist` (build/desktop-cli.mjs): a release refuses to start without https addresses and
// signing/notarisation credentials; --unsigned makes a test build whose updates are off. The
// packaging itself needs the Electron download (not here), so the accepted runs are checked through
// YCT_DIST_DRY_RUN=1, which prints the electron-builder runs and their full configuration.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = path.resolve(__dirname, '..');
const cli = path.join(root, 'build/desktop-cli.mjs');
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration(config: unknown, logger: unknown): Promise<void> };
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const URLS = { YCT_API_URL: 'https://yct.example.cn', YCT_UPDATE_URL: 'https://downloads.example.cn/yicaitong' };
const WIN_CERT = { WIN_CSC_LINK: '/secure/yct.pfx', WIN_CSC_KEY_PASSWORD: 'x' };
const MAC = { CSC_LINK: '/secure/devid.p12', CSC_KEY_PASSWORD: 'x', APPLE_ID: 'it@yct.cn', APPLE_APP_SPECIFIC_PASSWORD: 'x', APPLE_TEAM_ID: 'ABCDE12345' };

type TRun = { platform: string; targets: string[]; config: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

function dist(args: string[], env: Record<string, string>, dryRun = true) {
  const res = spawnSync(process.execPath, [cli, 'dist', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(dryRun ? { YCT_DIST_DRY_RUN: '1' } : {}), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const line = res.stdout.split('\n').find((l) => l.startsWith('DIST-PLAN '));
  const plan = line ? (JSON.parse(line.slice('DIST-PLAN '.length)) as { unsigned: boolean; env: Record<string, string>; runs: TRun[] }) : null;
  return { status: res.status, stderr: res.stderr, plan };
}

describe('npm run dist', () => {
  it.each([
    ['Windows without a certificate', ['--win'], { ...URLS }, /Windows code signing/],
    ['macOS without notarisation credentials', ['--mac'], { ...URLS, CSC_LINK: '/secure/devid.p12' }, /macOS notarisation/],
    ['macOS without a signing identity', ['--mac'], { ...URLS, APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' }, /macOS signing/],
    ['no API address', ['--linux'], { YCT_UPDATE_URL: URLS.YCT_UPDATE_URL }, /YCT_API_URL is not set/],
    ['an http:// update feed', ['--linux'], { ...URLS, YCT_UPDATE_URL: 'http://downloads.example.cn/yct' }, /YCT_UPDATE_URL must be an https/],
  ])('refuses a release: %s (exit 1, before building anything)', (_name, args, env, message) => {
    // Not a dry run: the real command stops before the build.
    const r = dist(args, env, false);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('--unsigned');
    expect(r.plan).toBeNull();
  });

  it('a signed Windows release: per-user NSIS with the update feed, per-machine MSI without one (IT updates it)', async () => {
    const r = dist(['--win'], { ...URLS, ...WIN_CERT });
    expect(r.status).toBe(0);
    expect(r.plan!.unsigned).toBe(false);
    expect(r.plan!.runs.map((x) => [x.platform, x.targets])).toEqual([
      ['win', ['nsis']],
      ['win', ['msi']],
    ]);
    const [nsis, msi] = r.plan!.runs;
    expect(nsis!.config.forceCodeSigning).toBe(true);
    expect(nsis!.config.publish).toMatchObject({ provider: 'generic' });
    expect(nsis!.config.nsis.perMachine).toBe(false);
    expect(msi!.config.publish).toBeNull();
    expect(msi!.config.forceCodeSigning).toBe(true);
    for (const run of r.plan!.runs) await expect(validateConfiguration(run.config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('a signed and notarised macOS release', () => {
    const r = dist(['--mac'], { ...URLS, ...MAC });
    expect(r.status).toBe(0);
    expect(r.plan!.runs[0]!.config).toMatchObject({ forceCodeSigning: true, mac: { notarize: true, hardenedRuntime: true } });
  });

  it('--unsigned: a test build without credentials succeeds, signs nothing and carries no update feed (updates off)', async () => {
    const r = dist(['--win', '--mac', '--linux', '--unsigned'], { YCT_API_URL: URLS.YCT_API_URL });
    expect(r.status).toBe(0);
    expect(r.plan!.unsigned).toBe(true);
    expect(r.plan!.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(r.plan!.runs.map((x) => x.platform)).toEqual(['win', 'win', 'mac', 'linux']);
    for (const run of r.plan!.runs) {
      expect(run.config.forceCodeSigning).toBe(false);
      expect(run.config.publish).toBeNull();
      await expect(validateConfiguration(run.config, new DebugLogger(false))).resolves.toBeUndefined();
    }
    expect(r.plan!.runs[2]!.config.mac.notarize).toBe(false);
  }, 30_000);
});
