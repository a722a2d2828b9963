// @vitest-environment node
// No renderer module does work at import time that needs a browser global (issue 18): the platform
// is created by the composition root (src/main.tsx), so server rendering and a Node whose own
// globals differ from a browser's (Node 26's localStorage) can import any module.
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**', '!/src/main.tsx', '!/src/**/*.d.ts']);

describe('renderer modules import without a browser', () => {
  it('finds the modules', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(100);
  });
  it('imports every module in plain Node', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const failures: string[] = [];
    for (const [path, load] of Object.entries(modules)) {
      try {
        await load();
      } catch (err) {
        failures.push(`${path}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
