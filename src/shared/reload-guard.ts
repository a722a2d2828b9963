// Reloads the page at most once per path in 10 s (SPEC §4), for new builds and chunk-load errors.
import { UI } from '@/config';

const KEY = 'yct_reload_marker';

type Nav = Pick<Location, 'pathname' | 'search' | 'reload' | 'assign'>;

export function guardedReload(path: string = location.pathname, now: number = Date.now(), nav: Nav = location): boolean {
  try {
    const marker = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path: string; at: number } | null;
    if (marker && marker.path === path && now - marker.at < UI.reloadGuardMs) return false;
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // private mode without sessionStorage: reload anyway, the browser caps loops
  }
  // Reload the page the user was going to (keeping its URL state), or the current one.
  if (path === nav.pathname || path === nav.pathname + nav.search) nav.reload();
  else nav.assign(path);
  return true;
}

export const isChunkLoadError = (err: unknown) =>
  err instanceof Error && /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed/i.test(err.message);
