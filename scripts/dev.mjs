// `npm run dev`: the API with reload (tsx watch) and the Vite dev server with its proxy.
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? './dist-none' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, ELECTRON_STARTUP_PREVENT: '1' } }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { if (code) { stop(); process.exit(code); } }));
