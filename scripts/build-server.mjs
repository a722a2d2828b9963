// `npm run build:server`: the API server compiled to plain JavaScript in dist-server/ (one ES module,
// packages left to node_modules), with the files it reads at run time beside it. Production runs
// `node dist-server/main.mjs`: no TypeScript is transpiled at run time.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);

/**
 * `pkg/sub` of a package without an "exports" map loads under tsx but not under Node's ES module
 * loader, which wants the file name: such imports are written with it (`@node-rs/jieba/dict.js`).
 */
const deepImports = {
  name: 'deep-imports',
  setup(b) {
    b.onResolve({ filter: /^(@[^/.][^/]*\/)?[^/.@][^/]*\/./ }, (args) => {
      const m = /^((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(args.path);
      if (!m || path.extname(m[2])) return undefined;
      let pkgFile;
      try {
        pkgFile = require.resolve(`${m[1]}/package.json`, { paths: [args.resolveDir] });
      } catch {
        return undefined; // an "exports" map hides package.json: Node resolves it as written
      }
      if (JSON.parse(fs.readFileSync(pkgFile, 'utf8')).exports) return undefined;
      const file = require.resolve(args.path, { paths: [args.resolveDir] });
      return { path: `${m[1]}/${path.relative(path.dirname(pkgFile), file).split(path.sep).join('/')}`, external: true };
    });
  },
};

const out = process.env.SERVER_OUT_DIR ?? 'dist-server';
fs.rmSync(out, { recursive: true, force: true });
const started = Date.now();
await build({
  // The goods import reads uploaded workbooks in a worker thread started from this file's own
  // directory (goods-excel.workbook.ts): its entry is emitted beside main.mjs.
  entryPoints: { main: 'server/main.ts', 'goods-excel.read-worker': 'server/modules/supplier/goods-excel.read-worker.ts' },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [deepImports],
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
// Files the server reads next to its own module (import.meta.url): migrations and, when the search
// dictionary exists, its data.
fs.cpSync('server/db/migrations', path.join(out, 'migrations'), { recursive: true });
for (const asset of ['server/lib/search/dictionary.json']) {
  if (fs.existsSync(asset)) fs.copyFileSync(asset, path.join(out, path.basename(asset)));
}
console.log(`Server compiled into ${out}/main.mjs in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
