// Builds the renderer (web and desktop share it) and, for the desktop, electron/main + preload.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import zlib from 'node:zlib';

const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}`;

/** Writes the latest-build manifest (SPEC §4) that running web apps poll. */
function buildManifest(): Plugin {
  return {
    name: 'yct-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'latest-build.json', source: JSON.stringify({ id: buildId, builtAt: new Date().toISOString() }) });
    },
  };
}

/**
 * Writes .br and .gz beside every compressible hashed asset, at the highest levels (once per build);
 * the server's static plugin sends them as-is to clients that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'yct-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !/\.(?:js|mjs|css|svg|json|txt)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Names each lazy page and layout import of the route table with its module (`page.src`), so the
 * server can link the style sheets and chunks of the page it renders (from the build's manifest).
 * Server-rendering code only: the browser never reads the names.
 */
function routeSources(): Plugin {
  return {
    name: 'yct-route-sources',
    enforce: 'pre',
    transform(code, id, options) {
      if (!options?.ssr || !/src[\\/]app[\\/]((?:site|app)-routes\.ts|router\.tsx)$/.test(id)) return null;
      return { code: code.replace(/\(\) => import\('(@\/[^']+|\.\/layouts\/[^']+)'\)/g, (all, spec: string) => `Object.assign(${all}, { src: ${JSON.stringify(spec.replace(/^@\//, 'src/').replace(/^\.\//, 'src/app/'))} })`), map: null };
    },
  };
}

/**
 * React Router's published modules declare components with top-level `React.forwardRef(…)`,
 * `React.memo(…)` and `React.createContext(…)` calls that carry no pure annotation, so the bundler
 * keeps every one (and all they reach: <Form>, useSubmit, …) even when the app uses none of them.
 * Marking those calls pure (and dropping their dev-tools names) lets unused components drop out of the
 * first page's script.
 */
function pureReactRouter(): Plugin {
  return {
    name: 'yct-pure-react-router',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id)) return null;
      const pure = code.replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2');
      // `X.displayName = "X";` statements would keep every component alive; they only name components in dev tools.
      return { code: pure.replace(/^\w+\.displayName = "\w+";$/gm, ''), map: null };
    },
  };
}

/**
 * The framework every page runs on (React, React DOM, React Router, TanStack Query) in one chunk: one
 * request and one compression window instead of five (about 3 KB less gzip for `/`), and a file that
 * changes only when those libraries do, so returning visitors keep it cached across releases.
 */
const CHUNK_GROUPS = [{ name: 'framework', test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](?:query-core|react-query))[\\/]/ }];

export const SSR_DIR = 'ssr';

/**
 * After the browser build, the server-rendering bundle (src/entry-server.tsx) into <outDir>/ssr, so
 * every build command (`vite build`, the desktop CLI, `npm start`'s first build) writes both.
 */
function serverBundle(mode: string): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'yct-server-bundle',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr || process.env.YCT_NO_SSR_BUNDLE === '1') return;
      const { build } = await import('vite');
      await build({
        mode,
        logLevel: 'warn',
        // React and the libraries rendering with it go into the bundle in their production builds,
        // whatever NODE_ENV the server runs with (the browser's bundle is production too): the
        // development builds' checks cost several times the render.
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, SSR_DIR), emptyOutDir: true, copyPublicDir: false, target: 'node20', rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } } },
      });
    },
  };
}

export default defineConfig(async ({ mode, isSsrBuild }) => {
  const plugins: PluginOption[] = [react(), routeSources(), pureReactRouter()];
  if (!isSsrBuild) plugins.push(buildManifest(), precompress(), serverBundle(mode));
  // The Electron bundles build only when asked, so a web build never needs the desktop toolchain.
  if (!isSsrBuild && process.env.BUILD_ELECTRON === '1' && fs.existsSync(path.resolve('electron/main/main.ts'))) {
    const { default: electron } = await import('vite-plugin-electron/simple');
    plugins.push(
      ...(await electron({
        main: {
          entry: 'electron/main/main.ts',
          // The installer's API address is baked in like its update feed (docs/desktop.md).
          vite: { define: { __YCT_BUILD_API_URL__: JSON.stringify(process.env.YCT_API_URL ?? '') }, build: { outDir: 'dist-electron', rollupOptions: { external: ['electron'] } } },
        },
        preload: { input: 'electron/preload/preload.ts', vite: { build: { outDir: 'dist-electron', rollupOptions: { output: { format: 'cjs', entryFileNames: 'preload.cjs', inlineDynamicImports: true } } } } },
      })),
    );
  }
  return {
    plugins,
    // Root-absolute asset URLs for both outputs: the web serves deep links such as /shop/detail/1.html
    // (a relative './assets/…' would resolve under /shop/detail/), and the desktop's app:// handler
    // serves the same /assets/… paths. vite-plugin-electron would otherwise default to './'.
    base: '/',
    resolve: { alias: { '@contracts': path.resolve('contracts'), '@': path.resolve('src') } },
    define: { __BUILD_ID__: JSON.stringify(buildId), __APP_MODE__: JSON.stringify(mode) },
    // The manifest tells the server which style sheets and chunks a rendered page needs.
    // No modulepreload polyfill: every browser the es2022 target runs in either supports modulepreload or
    // simply loads the modules when imported (0.5 KB less on every first paint).
    build: {
      outDir: 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      target: 'es2022',
      manifest: !isSsrBuild,
      modulePreload: { polyfill: false },
      rolldownOptions: isSsrBuild ? undefined : { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
    },
    server: {
      host: '127.0.0.1',
      port: 5173,
      proxy: { '/api': 'http://127.0.0.1:3000', '/auth': 'http://127.0.0.1:3000', '/resource': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000', '/sitemap.xml': 'http://127.0.0.1:3000', '/robots.txt': 'http://127.0.0.1:3000' },
    },
  };
});
