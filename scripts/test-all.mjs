// `npm test`: every check, in order — Chromium and CJK fonts when missing; lint, typecheck and the
// end-to-end data folder side by side (each keeps one core busy); unit + component + API tests; the
// web build; the bundle budget report; then Playwright end-to-end tests in Debian's Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const tsx = (script) => [process.execPath, ['--import', 'tsx', script]];
/** A step, or a list of steps run at the same time (their output shown as each one ends). */
const steps = [
  // First, so the API suite's PDF test finds the CJK font it embeds instead of skipping.
  ['browser and fonts', process.execPath, ['scripts/ensure-browser.mjs']],
  [
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']],
    // The test server migrates and seeds its folder now, not while the browser tests wait for it.
    ['end-to-end data (demo seed)', ...tsx('scripts/e2e-data.ts')],
  ],
  ['unit, component and API tests', 'npx', ['vitest', 'run']],
  // The README's build command (renderer + desktop bundles), so the e2e suite serves exactly what operators build.
  ['build (npm run build)', process.execPath, ['build/desktop-cli.mjs', 'build']],
  ['bundle size', ...tsx('bench/bundle-size.ts')],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
];

const env = { ...process.env, CI: process.env.CI ?? '1' };

/** Runs one step; `quiet` keeps its output until it ends (steps side by side). */
function run([name, cmd, args], quiet) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    if (!quiet) console.log(`\n▶ ${name}`);
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      if (quiet) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(out));
      }
      resolve({ name, ok: code === 0, exit: code ?? signal, seconds: (Date.now() - t0) / 1000 });
    });
  });
}

const started = Date.now();
for (const step of steps) {
  const group = Array.isArray(step[0]) ? step : [step];
  const results = await Promise.all(group.map((s) => run(s, group.length > 1)));
  for (const r of results) {
    if (!r.ok) continue;
    console.log(`✓ ${r.name} (${r.seconds.toFixed(1)} s)`);
    // .ci/run lists these under its own steps.
    if (process.env.TEST_STEP_TIMES_FILE) fs.appendFileSync(process.env.TEST_STEP_TIMES_FILE, `${String(Math.round(r.seconds)).padStart(5)} s  ${r.name}\n`);
  }
  const failed = results.find((r) => !r.ok);
  if (failed) {
    console.error(`\n✗ ${failed.name} failed (exit ${failed.exit}).`);
    process.exit(typeof failed.exit === 'number' && failed.exit !== 0 ? failed.exit : 1);
  }
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
