import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that replace a module with vi.mock: a module another file of the same worker already
 * imported stays the real one, so these files run apart, each with fresh modules.
 */
const mocking = ['contracts', 'electron', 'server', 'src', 'bench'].flatMap((dir) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f) && fs.readFileSync(path.join(dir, f), 'utf8').includes('vi.mock('))
    .map((f) => path.join(dir, f).split(path.sep).join('/')),
);
const nodeMocking = mocking.filter((f) => !f.startsWith('src/'));
if (nodeMocking.length) throw new Error(`vi.mock outside src/ (${nodeMocking.join(', ')}): give these files an isolated project like dom-isolated`);

export default defineConfig({
  resolve: { alias: { '@contracts': path.resolve('contracts'), '@': path.resolve('src') } },
  define: { __BUILD_ID__: JSON.stringify('test'), __APP_MODE__: JSON.stringify('test') },
  test: {
    reporters: ['default', './tests/reporters/slowest-vitest.ts'],
    // Twice the cores: API tests wait on sockets, child processes and timers often enough that one
    // worker per core leaves a third of the CPU idle (measured on 2 cores: 30 % idle with 2 workers,
    // 1-2 % with 4).
    maxWorkers: Math.max(2, os.availableParallelism()) * 2,
    // Files of a project share a worker's modules (no fresh import of the server, React and jsdom
    // helpers per file): each file still builds its own app on its own database, and the server's
    // code is made for many apps in one process (per-database caches, jobs registered once).
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['contracts/**/*.test.ts', 'electron/**/*.test.ts', 'server/*.test.ts', 'server/db/**/*.test.ts', 'server/lib/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.api.test.ts', ...mocking],
          environment: 'node',
          // Some unit tests spawn processes or load electron-builder: a busy 2-core CI machine needs room.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'dom', include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...mocking], environment: 'jsdom', setupFiles: ['src/test/setup.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'dom-isolated',
          include: mocking.filter((f) => f.startsWith('src/')),
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          exclude: [...configDefaults.exclude, ...mocking],
          environment: 'node',
          // One migrated database per run, copied by every test app (server/test/harness.ts).
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
        },
      },
    ],
  },
});
