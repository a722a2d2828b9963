// Cross-platform entry for the desktop npm scripts (Windows cmd has no `VAR=1 cmd` syntax):
//   node build/desktop-cli.mjs build        renderer + dist-electron/ (no Electron binary needed)
//   node build/desktop-cli.mjs start        build, then run the app with the installed Electron binary
//   node build/desktop-cli.mjs dist [args]  build, then electron-builder [args] (e.g. --win, --mac, --linux)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
    if (!process.env.YCT_UPDATE_URL) {
      console.error('YCT_UPDATE_URL is not set: installers need the update server address (see docs/desktop.md), e.g. YCT_UPDATE_URL=https://downloads.example.cn/yicaitong');
      process.exit(1);
    }
    build();
    run(process.execPath, [path.join(root, 'node_modules/electron-builder/cli.js'), ...rest]);
    break;
  default:
    console.error('usage: node build/desktop-cli.mjs build | start | dist [electron-builder args]');
    process.exit(2);
}
