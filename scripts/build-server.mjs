// `npm run build:server`: the API server compiled to plain JavaScript in dist-server/ (one ES module,
// packages left to node_modules), with the files it reads at run time beside it. Production runs
// `node dist-server/main.mjs`: no TypeScript is transpiled at run time.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const out = process.env.SERVER_OUT_DIR ?? 'dist-server';
fs.rmSync(out, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: { main: 'server/main.ts' },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
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
