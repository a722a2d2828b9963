// `npm start`. For a developer (any NODE_ENV but production): builds the web app when it is missing,
// then runs the server from its TypeScript sources. With NODE_ENV=production: runs the compiled
// server (dist-server/main.mjs, from `npm run build:server`) and builds nothing — it refuses with one
// sentence when a build is missing, because production never compiles at start.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const staticDir = process.env.STATIC_DIR ?? 'dist';
const production = process.env.NODE_ENV === 'production';
const compiled = path.join(process.env.SERVER_OUT_DIR ?? 'dist-server', 'main.mjs');

if (production) {
  if (!fs.existsSync(compiled)) {
    console.error(`${compiled} is missing: run \`npm run build:server\` (and \`npm run build\`) before starting with NODE_ENV=production.`);
    process.exit(78);
  }
  if (!fs.existsSync(`${staticDir}/index.html`)) {
    console.error(`${staticDir}/index.html is missing: run \`npm run build\` before starting with NODE_ENV=production (or set STATIC_DIR).`);
    process.exit(78);
  }
} else if (!fs.existsSync(`${staticDir}/index.html`) || !fs.existsSync(`${staticDir}/ssr/entry-server.mjs`)) {
  // The same build writes the web app and its server-rendering bundle (vite.config.ts): a build from
  // before server rendering is built again.
  console.log('Building the web app (first start)…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const args = production ? [compiled] : ['--import', 'tsx', 'server/main.ts'];
const child = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
