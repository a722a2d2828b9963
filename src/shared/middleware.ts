// Named route middleware (SPEC §2): routes declare their guards by name in their metadata
// (`middleware: ['auth', 'area:admin']`) and the router runs them in order on every navigation.
// A middleware allows (true), stops (false or an Error) or sends elsewhere ({ redirect }). During
// the first page load a stop turns into a 404 'Page Not Found: {path}'; an unknown name is a
// programming error that names it.
export type TMiddlewareContext = {
  /** The path being opened. */
  path: string;
  /** Path, query and hash of the page being opened (what lastPath remembers). */
  fullPath: string;
  signedIn: boolean;
};
export type TMiddlewareResult = boolean | Error | { redirect: string };
export type TMiddleware = (ctx: TMiddlewareContext) => TMiddlewareResult | Promise<TMiddlewareResult>;

const registry = new Map<string, TMiddleware>();

export function defineMiddleware(name: string, fn: TMiddleware) {
  registry.set(name, fn);
}

export const hasMiddleware = (name: string) => registry.has(name);

export class PageNotFoundError extends Error {
  readonly status = 404;
  constructor(readonly path: string) {
    super(`Page Not Found: ${path}`);
  }
}

/** True when every middleware allows, false when one stops (after hydration), or the first redirect. */
export async function runMiddleware(names: readonly string[], ctx: TMiddlewareContext, hydrating: boolean): Promise<boolean | { redirect: string }> {
  for (const name of names) {
    const fn = registry.get(name);
    if (!fn) throw new Error(`Unknown route middleware: '${name}'.`);
    let result: TMiddlewareResult;
    try {
      result = await fn(ctx);
    } catch (err) {
      if (hydrating) throw new PageNotFoundError(ctx.path);
      throw err;
    }
    if (result instanceof Error) {
      if (hydrating) throw new PageNotFoundError(ctx.path);
      throw result;
    }
    if (result === false) {
      if (hydrating) throw new PageNotFoundError(ctx.path);
      return false;
    }
    if (result !== true) return result;
  }
  return true;
}
