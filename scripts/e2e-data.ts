// Prepares the end-to-end tests' data folder: removes the last run's, then starts the test server
// once on a free port with the tests' environment, so it migrates and seeds the demo data, and stops
// it once it answers /api/health. `npm test` runs this beside lint and typecheck (each one core), and
// the Playwright run's server then starts on the seeded folder instead of seeding while tests wait.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { E2E_DATA_DIR, E2E_SERVER_ENV } from '../playwright.config';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...E2E_SERVER_ENV, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
const deadline = Date.now() + 300_000;
let ready = false;
while (!ready && Date.now() < deadline) {
  const early = await Promise.race([exited, new Promise((r) => setTimeout(r, 500, 'waiting'))]);
  if (early !== 'waiting') {
    console.error(`e2e-data: the server stopped before it was ready (exit ${String(early)})`);
    process.exit(1);
  }
  ready = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
}
if (!ready) {
  server.kill('SIGKILL');
  console.error('e2e-data: the server was not ready within 5 minutes');
  process.exit(1);
}
server.kill('SIGTERM');
const code = await exited;
if (code !== 0) {
  console.error(`e2e-data: the server did not stop cleanly (exit ${String(code)})`);
  process.exit(1);
}
console.log(`e2e-data: ${E2E_DATA_DIR} migrated and seeded`);
