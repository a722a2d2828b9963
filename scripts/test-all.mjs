// `npm test`: every check, in order — Chromium and CJK fonts when missing, lint, typecheck, unit + component + API tests, the web
// build, the bundle budget report, then Playwright end-to-end tests in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const steps = [
  // First, so the API suite's PDF test finds the CJK font it embeds instead of skipping.
  ['browser and fonts', process.execPath, ['scripts/ensure-browser.mjs']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ['unit, component and API tests', 'npx', ['vitest', 'run']],
  // The README's build command (renderer + desktop bundles), so the e2e suite serves exactly what operators build.
  ['build (npm run build)', process.execPath, ['build/desktop-cli.mjs', 'build']],
  ['bundle size', process.execPath, ['--import', 'tsx', 'bench/bundle-size.ts']],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
];

const started = Date.now();
for (const [name, cmd, args] of steps) {
  if (name === 'end-to-end tests') fs.rmSync(process.env.E2E_DATA_DIR ?? '.e2e-data', { recursive: true, force: true });
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1' } });
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
  const seconds = (Date.now() - t0) / 1000;
  console.log(`✓ ${name} (${seconds.toFixed(1)} s)`);
  // .ci/run lists these under its own steps.
  if (process.env.TEST_STEP_TIMES_FILE) fs.appendFileSync(process.env.TEST_STEP_TIMES_FILE, `${String(Math.round(seconds)).padStart(5)} s  ${name}\n`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
