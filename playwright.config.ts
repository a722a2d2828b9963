// End-to-end tests in Debian's Chromium against the real server on a fresh embedded database.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
/** The wait between two codes for one number on the test server (60 s in production): tests that send a second code wait this long, not a minute. */
export const E2E_CODE_RESEND_SECONDS = 8;
/** The test server's environment but its port (scripts/e2e-data.ts seeds the same data folder ahead of the run). */
export const E2E_SERVER_ENV = {
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SEED_PRODUCTS: process.env.E2E_SEED_PRODUCTS ?? '5000',
  CODE_RESEND_SECONDS: String(E2E_CODE_RESEND_SECONDS),
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder per run when several run side by side on one checkout (each clears its folder first).
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./tests/reporters/slowest-playwright.ts']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // A trace records a screencast and DOM snapshots of every step: ~15 % of the suite's CPU when kept
    // for every test. CI retries a failed test once, and that retry records the trace to look at.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), ...E2E_SERVER_ENV },
  },
});
