// Named route middleware (SPEC §2): during the first page load a middleware that fails or returns
// false turns into a 404 'Page Not Found: {path}'; an unknown name is a programming error.
export type TMiddleware = (ctx: { path: string; signedIn: boolean }) => boolean | Promise<boolean>;

const registry = new Map<string, TMiddleware>();

export function defineMiddleware(name: string, fn: TMiddleware) {
  registry.set(name, fn);
}

export class PageNotFoundError extends Error {
  readonly status = 404;
  constructor(readonly path: string) {
    super(`Page Not Found: ${path}`);
  }
}

export async function runMiddleware(names: readonly string[], ctx: { path: string; signedIn: boolean }, hydrating: boolean): Promise<boolean> {
  for (const name of names) {
    const fn = registry.get(name);
    if (!fn) throw new Error(`Unknown route middleware: '${name}'.`);
    let passed: boolean;
    try {
      passed = await fn(ctx);
    } catch (err) {
      if (hydrating) throw new PageNotFoundError(ctx.path);
      throw err;
    }
    if (!passed) {
      if (hydrating) throw new PageNotFoundError(ctx.path);
      return false;
    }
  }
  return true;
}
