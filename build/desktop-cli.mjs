// Cross-platform entry for the desktop npm scripts (Windows cmd has no `VAR=1 cmd` syntax):
//   node build/desktop-cli.mjs build                 renderer + dist-electron/ (no Electron binary needed)
//   node build/desktop-cli.mjs start                 build, then run the app with the installed Electron binary
//   node build/desktop-cli.mjs dist [--win|--mac|--linux] [--unsigned] [electron-builder args]
//
// `dist` is a release: it refuses to start without YCT_API_URL and YCT_UPDATE_URL (https) and, for
// Windows and macOS, without signing (and notarisation) credentials. `--unsigned` makes a test
// build instead: nothing is signed and the build carries no update feed, so its updates are off.
// Windows gives two runs: the per-user NSIS installer with the update feed, and the per-machine
// MSI for IT without one (IT updates MSI installs; they must never fetch the NSIS installer).
// YCT_DIST_DRY_RUN=1 prints the plan (electron-builder runs and their configuration) and stops.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const [command, ...rest] = process.argv.slice(2);

function run(file, args, env = {}) {
  const result = spawnSync(file, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function build() {
  run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { BUILD_ELECTRON: '1' });
}

/** The Electron executable if installed — found without requiring `electron`, which would start a download. */
function electronBinary() {
  const pkgDir = path.join(root, 'node_modules/electron');
  const pathTxt = path.join(pkgDir, 'path.txt');
  if (!fs.existsSync(pathTxt)) return null;
  const relative = fs.readFileSync(pathTxt, 'utf8').trim();
  const exe = process.env.ELECTRON_OVERRIDE_DIST_PATH ? path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relative) : path.join(pkgDir, 'dist', relative);
  return fs.existsSync(exe) ? exe : null;
}

const PLATFORM_FLAGS = { '--win': 'win', '-w': 'win', '--windows': 'win', '--mac': 'mac', '-m': 'mac', '--macos': 'mac', '--linux': 'linux', '-l': 'linux' };
const CURRENT = { win32: 'win', darwin: 'mac', linux: 'linux' };
const set = (env, name) => typeof env[name] === 'string' && env[name].trim() !== '';
const isLoopback = (host) => ['localhost', '127.0.0.1', '[::1]'].includes(host.toLowerCase());

function urlProblem(name, value) {
  if (!value) return `${name} is not set`;
  let url;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a URL: ${value}`;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) return null;
  return `${name} must be an https:// address (the client refuses anything else outside development): ${value}`;
}

/** What signing needs per platform; each entry names what is missing. */
function missingCredentials(platform, env, args) {
  if (platform === 'win') {
    const certificate = set(env, 'WIN_CSC_LINK') || set(env, 'CSC_LINK');
    const azure = set(env, 'AZURE_TENANT_ID') && set(env, 'AZURE_CLIENT_ID') && args.some((a) => a.includes('azureSignOptions'));
    return certificate || azure ? [] : ['Windows code signing: WIN_CSC_LINK (or CSC_LINK) with its password, or Azure Trusted Signing (AZURE_TENANT_ID, AZURE_CLIENT_ID, … and -c.win.azureSignOptions.*)'];
  }
  if (platform === 'mac') {
    const missing = [];
    if (!set(env, 'CSC_LINK') && !set(env, 'CSC_NAME')) missing.push('macOS signing: CSC_LINK (the Developer ID .p12) or CSC_NAME (its name in the keychain)');
    const appleId = set(env, 'APPLE_ID') && set(env, 'APPLE_APP_SPECIFIC_PASSWORD') && set(env, 'APPLE_TEAM_ID');
    const apiKey = set(env, 'APPLE_API_KEY') && set(env, 'APPLE_API_KEY_ID') && set(env, 'APPLE_API_ISSUER');
    if (!appleId && !apiKey) missing.push('macOS notarisation: APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID, or APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER');
    return missing;
  }
  return [];
}

/**
 * The release plan for `dist`: electron-builder runs with their configuration overrides, or the
 * problems that stop a release (printed by YCT_DIST_DRY_RUN=1 for the tests).
 */
function planDist(args, env, hostPlatform) {
  const unsigned = args.includes('--unsigned');
  const platforms = new Map();
  const passthrough = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--unsigned') continue;
    const platform = PLATFORM_FLAGS[arg];
    if (!platform) {
      passthrough.push(arg);
      continue;
    }
    const targets = [];
    while (i + 1 < args.length && !args[i + 1].startsWith('-')) targets.push(args[++i]);
    platforms.set(platform, targets);
  }
  if (platforms.size === 0) platforms.set(CURRENT[hostPlatform] ?? 'linux', []);

  const problems = [urlProblem('YCT_API_URL', env.YCT_API_URL)];
  if (!unsigned) problems.push(urlProblem('YCT_UPDATE_URL', env.YCT_UPDATE_URL));
  if (!unsigned) for (const platform of platforms.keys()) problems.push(...missingCredentials(platform, env, passthrough));
  const errors = problems.filter(Boolean);
  if (errors.length > 0) return { ok: false, unsigned, errors };

  // A test build: nothing signed, no update feed (no app-update.yml), so the app never updates itself.
  const testBuild = unsigned ? { forceCodeSigning: false, publish: null, mac: { notarize: false } } : {};
  const runs = [];
  for (const [platform, targets] of platforms) {
    if (platform === 'win') {
      const wanted = targets.length > 0 ? targets : ['nsis', 'msi'];
      if (wanted.includes('nsis')) runs.push({ platform, targets: ['nsis'], overrides: { ...testBuild } });
      // MSI: IT deploys and updates it; without a feed the client's 检查更新 says 由管理员管理.
      if (wanted.includes('msi')) runs.push({ platform, targets: ['msi'], overrides: { ...testBuild, publish: null } });
      for (const other of wanted.filter((t) => t !== 'nsis' && t !== 'msi')) runs.push({ platform, targets: [other], overrides: { ...testBuild } });
    } else {
      runs.push({ platform, targets, overrides: { ...testBuild } });
    }
  }
  return { ok: true, unsigned, runs, passthrough, env: unsigned ? { CSC_IDENTITY_AUTO_DISCOVERY: 'false' } : {} };
}

/** electron-builder.yml as electron-builder loads it, with a run's overrides on top. */
async function configFor(overrides) {
  const { getConfig } = require('app-builder-lib/out/util/config/config');
  const base = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
  const merged = { ...base, ...overrides };
  if (overrides.mac) merged.mac = { ...base.mac, ...overrides.mac };
  return merged;
}

async function dist(args) {
  const plan = planDist(args, process.env, process.platform);
  if (!plan.ok) {
    console.error(`Release build refused:\n${plan.errors.map((e) => `  - ${e}`).join('\n')}\nSee docs/desktop.md §1. For an unsigned test build without updates add --unsigned.`);
    process.exit(1);
  }
  const runs = [];
  for (const r of plan.runs) runs.push({ ...r, config: await configFor(r.overrides) });
  if (process.env.YCT_DIST_DRY_RUN === '1') {
    console.log(`DIST-PLAN ${JSON.stringify({ unsigned: plan.unsigned, env: plan.env, passthrough: plan.passthrough, runs })}`);
    return;
  }
  if (plan.unsigned) console.warn('UNSIGNED TEST BUILD: not signed, no update feed (updates off). Do not distribute.');
  build();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-dist-'));
  try {
    for (const [i, r] of runs.entries()) {
      const file = path.join(dir, `electron-builder-${i}.json`);
      fs.writeFileSync(file, JSON.stringify(r.config, null, 2));
      run(process.execPath, [path.join(root, 'node_modules/electron-builder/cli.js'), '--config', file, '--publish', 'never', `--${r.platform}`, ...r.targets, ...plan.passthrough], plan.env);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

switch (command) {
  case 'build':
    build();
    break;
  case 'start': {
    const exe = electronBinary();
    if (!exe) {
      console.error(
        'The Electron binary is not installed on this machine (node_modules/electron/dist is missing),\n' +
          'so the desktop client cannot start here. Where the download is reachable run `npx install-electron`,\n' +
          'or point ELECTRON_OVERRIDE_DIST_PATH at an unpacked Electron 45. The web build works without it: npm run build.',
      );
      process.exit(1);
    }
    build();
    run(exe, ['.', ...rest]);
    break;
  }
  case 'dist':
    await dist(rest);
    break;
  default:
    console.error('usage: node build/desktop-cli.mjs build | start | dist [--win|--mac|--linux] [--unsigned] [electron-builder args]');
    process.exit(2);
}
