// `npm start`: builds the web app when it is missing, then starts the API + web server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';

const staticDir = process.env.STATIC_DIR ?? 'dist';
if (!fs.existsSync(`${staticDir}/index.html`)) {
  console.log('Building the web app (first start)…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
