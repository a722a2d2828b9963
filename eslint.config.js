import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const resolverPath = require.resolve('./build/eslint-resolver.cjs');
const { options: resolverOptions } = require(resolverPath);

/**
 * The renderer's layers, lowest first (README "Layout"). A layer imports only itself and the
 * layers below it; `app` is the composition root (router, layouts, providers, route table).
 */
const RENDERER_LAYERS = [
  { type: 'config', pattern: 'src/config' },
  { type: 'platform', pattern: 'src/platform' },
  { type: 'shared', pattern: 'src/shared' },
  { type: 'components', pattern: 'src/components' },
  { type: 'features', pattern: ['src/features', 'src/pages'] },
  { type: 'app', pattern: 'src/app' },
];
const below = (type) => RENDERER_LAYERS.slice(0, RENDERER_LAYERS.findIndex((l) => l.type === type) + 1).map((l) => l.type);

/** Date formatting goes through contracts/time.ts (Beijing time); no date library formats in the device's zone. */
const TIME_MODULE = '日期和时间一律用 contracts/time.ts（北京时间）格式化，不随设备时区变化';
const NO_DATE_LIBRARIES = ['dayjs', 'moment', 'date-fns', 'date-fns-tz', 'luxon'].map((name) => ({ name, message: TIME_MODULE }));
const DEVICE_ZONE_DATES = [
  { selector: "CallExpression[callee.property.name='format'][callee.object.type='CallExpression'][callee.object.callee.name='dayjs']", message: TIME_MODULE },
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]", message: TIME_MODULE },
  // Number#toLocaleString stays allowed; a Date's, or one given date options, does not.
  { selector: "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']", message: TIME_MODULE },
  { selector: "CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(timeZone|dateStyle|timeStyle|year|month|day|weekday|hour|minute|second|hour12)$/]", message: TIME_MODULE },
  { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]", message: TIME_MODULE },
  { selector: "CallExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]", message: TIME_MODULE },
  // A Date's local getters read the device's zone (the UTC getters on a +8 h instant are contracts/time.ts's business).
  { selector: "CallExpression[callee.property.name=/^(getFullYear|getMonth|getDate|getDay|getHours|getMinutes|getTimezoneOffset)$/]", message: TIME_MODULE },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', '.dist-*', 'dist-electron', 'release', 'node_modules', 'data', '.e2e-data', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['build/eslint-resolver.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Imports flow one way (DESIGN.md §2): the renderer never imports the server and vice versa.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: NO_DATE_LIBRARIES, patterns: ['**/server/**', '../server/*'] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: NO_DATE_LIBRARIES, patterns: ['**/src/**', '@/*'] }] },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: NO_DATE_LIBRARIES }] },
  },
  {
    // One time zone: dates and times shown to users are Beijing time from contracts/time.ts, never
    // the device's zone (dayjs(…).format, toLocaleDateString, a Date's local getters …).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contracts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...DEVICE_ZONE_DATES] },
  },
  {
    // Architecture (DESIGN.md §2, README "Layout"): layer rules and no import cycles.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import/resolver': { [resolverPath]: {} },
      'import-x/resolver-next': [createNodeResolver(resolverOptions)],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'boundaries/include': ['src/**/*', 'server/**/*', 'contracts/**/*'],
      'boundaries/elements': [
        { type: 'contracts', pattern: 'contracts' },
        { type: 'styles', pattern: ['src/styles', 'src/test'] },
        ...RENDERER_LAYERS.map((l) => ({ ...l, pattern: Array.isArray(l.pattern) ? l.pattern : [l.pattern] })),
        // A server feature module: server/modules/<name>/…
        { type: 'server-module', pattern: 'server/modules/*', capture: ['module'] },
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            // Renderer: each layer imports only itself and the layers below it (plus contracts and styles).
            ...RENDERER_LAYERS.map((l) => ({
              from: { element: { type: l.type } },
              disallow: { to: { element: { type: RENDERER_LAYERS.map((x) => x.type).filter((t) => !below(l.type).includes(t)) } } },
              message: `The ${l.type} layer may import only ${below(l.type).join(', ')} (src layers, README "Layout").`,
            })),
            // Server: a module uses another module only through its services, the top-level
            // *.service.ts and *.repository.ts files; routes, helpers, contexts, factories and
            // sub-folders are the module's internals.
            {
              from: { element: { type: 'server-module' } },
              disallow: {
                to: { element: { type: 'server-module', fileInternalPath: '!*.{service,repository}.ts' } },
              },
              message: "A server module imports another module's *.service.ts or *.repository.ts only, never its internals.",
            },
          ],
        },
      ],
    },
  },
);
