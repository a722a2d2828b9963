// Import resolver for the architecture lint rules (eslint-plugin-boundaries, import-x/no-cycle):
// resolves the tsconfig path aliases (@/…, @contracts/…) and the server's `.js` specifiers of
// `.ts` files, the way the TypeScript compiler does.
const path = require('node:path');
const { isBuiltin } = require('node:module');
const { ResolverFactory } = require('unrs-resolver');

const options = {
  tsconfig: { configFile: path.join(__dirname, '..', 'tsconfig.json'), references: 'auto' },
  extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
  conditionNames: ['import', 'require', 'default'],
  mainFields: ['module', 'main'],
};
const resolver = new ResolverFactory(options);

function resolve(source, file) {
  if (isBuiltin(source) || source.startsWith('data:')) return { found: true, path: null };
  try {
    const resolved = resolver.sync(path.dirname(file), source);
    if (resolved.path) return { found: true, path: resolved.path };
  } catch {
    // not found
  }
  return { found: false };
}

module.exports = { interfaceVersion: 2, resolve, options };
