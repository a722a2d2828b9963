// Requiring `electron` in plain Node starts a binary download (Electron ≥ 42): core must only
// ever import its types, so that it runs in tests and in the Playwright test bridge.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const coreDir = __dirname;
const sources = fs.readdirSync(coreDir).filter((f) => f.endsWith('.ts'));

describe('electron/core stays free of the electron runtime', () => {
  it.each(sources)('%s imports electron for types only', (file) => {
    const text = fs.readFileSync(path.join(coreDir, file), 'utf8');
    const valueImports = text
      .split('\n')
      .filter((line) => /\bfrom\s+['"]electron(\/[^'"]*)?['"]|require\(\s*['"]electron['"]\s*\)|import\(\s*['"]electron['"]\s*\)/.test(line))
      .filter((line) => !/^\s*import\s+type\s/.test(line));
    expect(valueImports).toEqual([]);
  });
});
