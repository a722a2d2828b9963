// Route rules looked up by path on every navigation (SPEC §2; the shape is ours): legacy paths
// and marketing short links. An absolute external target makes the browser leave the site.
export type TRouteRule = { redirect: string };

export const ROUTE_RULES: Record<string, TRouteRule> = {
  '/index': { redirect: '/' },
  '/index.html': { redirect: '/' },
  '/home': { redirect: '/' },
  '/goods': { redirect: '/shop' },
  '/forgetPwd': { redirect: '/fotgetPwd' },
  '/technical': { redirect: '/technicalCentre' },
  '/purchase': { redirect: '/demand' },
};

export function lookupRouteRule(path: string, rules: Record<string, TRouteRule> = ROUTE_RULES): TRouteRule | null {
  return rules[path] ?? null;
}

export const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
