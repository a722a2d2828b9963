// Reloads the page at most once per path in 10 s (SPEC §4), for new builds, chunk-load errors and
// failed CSS preloads. Each path keeps its own marker, so reloading one page does not stop another.
import { UI } from '@/config';

const KEY = 'yct_reload_markers';

type Nav = Pick<Location, 'pathname' | 'search' | 'reload' | 'assign'>;

/** Markers still within the guard window, by path (older ones are dropped when the map is written). */
function readMarkers(now: number): Record<string, number> {
  const raw = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number> | null;
  const live: Record<string, number> = {};
  for (const [path, at] of Object.entries(raw ?? {})) if (typeof at === 'number' && now - at < UI.reloadGuardMs) live[path] = at;
  return live;
}

export function guardedReload(path: string = location.pathname, now: number = Date.now(), nav: Nav = location): boolean {
  try {
    const markers = readMarkers(now);
    if (markers[path] !== undefined) return false;
    markers[path] = now;
    sessionStorage.setItem(KEY, JSON.stringify(markers));
  } catch {
    // private mode without sessionStorage: reload anyway, the browser caps loops
  }
  // Reload the page the user was going to (keeping its URL state), or the current one.
  if (path === nav.pathname || path === nav.pathname + nav.search) nav.reload();
  else nav.assign(path);
  return true;
}

/** A page's script chunk, or a style sheet Vite preloads with it ("Unable to preload CSS for …"), failed to load. */
export const isChunkLoadError = (err: unknown) =>
  err instanceof Error &&
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|Unable to preload CSS/i.test(err.message);
