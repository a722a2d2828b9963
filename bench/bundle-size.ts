// Prints the gzipped JavaScript and CSS the browser loads for `/` (budget and target: ≤ 130 KB of JS).
// Reads the built dist/: the entry script, its static imports, and the lazy chunks the home
// route needs (router layout + page), following the import graph in the built files.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const BUDGET_KB = 130;

export type TBundleFigures = { files: { file: string; gzip: number }[]; jsBytes: number; cssBytes: number; budgetKb: number };

/** Gzipped JavaScript (per file) and CSS the browser loads for `/` from the build in `distDir`. */
export function measureHomeBundle(distDir = 'dist'): TBundleFigures {
  const dist = path.resolve(distDir);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in dist/index.html');

  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const seen = new Set<string>();
  const css = new Set<string>([...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!.replace(/^\//, '')));

  /** Static imports of a chunk (loaded with it) and the dynamic ones named in `wanted`. */
  function walk(file: string, wanted: RegExp) {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    const dir = path.posix.dirname(file);
    for (const m of code.matchAll(/(?:from\s*|import\s*)["'`]\.\/([^"'`]+\.js)["'`]/g)) walk(path.posix.join(dir, m[1]!), wanted);
    for (const m of code.matchAll(/import\(["'`]\.\/([^"'`]+\.js)["'`]\)/g)) if (wanted.test(m[1]!)) walk(path.posix.join(dir, m[1]!), wanted);
    for (const m of code.matchAll(/["']\.?\/?(assets\/[^"']+\.css)["']/g)) css.add(m[1]!);
}

// The home route renders the default layout and the home page.
walk(entry.replace(/^\//, ''), /^(default-layout|home|site-header)-/);
const files = [...seen].map((file) => ({ file, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip);
const jsBytes = files.reduce((n, f) => n + f.gzip, 0);
const cssBytes = [...css].filter((f) => fs.existsSync(path.join(dist, f))).reduce((n, f) => n + gz(f), 0);
return { files, jsBytes, cssBytes, budgetKb: BUDGET_KB };
}

/** The one-line JavaScript figure for `/`, budget mark included. */
export const homeJsLine = (b: TBundleFigures) =>
  `JavaScript for / (gzip): ${(b.jsBytes / 1024).toFixed(1)} KB in ${b.files.length} files — budget ${b.budgetKb} KB${b.jsBytes / 1024 > b.budgetKb ? '  ⚠ OVER BUDGET' : ''}`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, 'bundle-size.ts')) {
  const b = measureHomeBundle(process.argv[2] ?? 'dist');
  for (const f of b.files) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
  console.log(homeJsLine(b));
  console.log(`CSS for / (gzip): ${(b.cssBytes / 1024).toFixed(1)} KB`);
}
