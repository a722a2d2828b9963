import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@contracts': path.resolve('contracts'), '@': path.resolve('src') } },
  define: { __BUILD_ID__: JSON.stringify('test'), __APP_MODE__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['contracts/**/*.test.ts', 'electron/**/*.test.ts', 'server/*.test.ts', 'server/db/**/*.test.ts', 'server/lib/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.api.test.ts'],
          environment: 'node',
          // Some unit tests spawn processes or load electron-builder: a busy 2-core CI machine needs room.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'dom', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['src/test/setup.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: { name: 'api', include: ['server/**/*.api.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: true },
      },
    ],
  },
});
