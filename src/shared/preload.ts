// Route preloading on link intent (SPEC §9): skipped on slow or data-saver connections, at most
// four preloads in flight.
import { matchPath } from 'react-router-dom';
import { UI } from '@/config';
import type { TRouteDef } from './route-meta';

let inFlight = 0;
/** The routes that can be preloaded: the app's route table registers them at start (this layer never imports it). */
let routes: readonly Pick<TRouteDef, 'path' | 'page'>[] = [];
export function setPreloadRoutes(next: readonly Pick<TRouteDef, 'path' | 'page'>[]) {
  routes = next;
}
const done = new Set<string>();

type TConnection = { saveData?: boolean; effectiveType?: string };

export function canPrefetch(connection: TConnection | undefined = (navigator as Navigator & { connection?: TConnection }).connection): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

export function preloadPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0]!;
  if (done.has(pathname) || inFlight >= UI.maxPreloads || !canPrefetch()) return false;
  const def = routes.find((r) => matchPath(r.path, pathname));
  if (!def) return false;
  done.add(pathname);
  inFlight++;
  void def
    .page()
    .catch(() => done.delete(pathname))
    .finally(() => inFlight--);
  return true;
}
