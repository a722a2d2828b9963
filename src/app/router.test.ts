// Route discovery (src/app/router.tsx): the routes only the browser renders join the route tree on
// the first navigation that needs them, also when that first navigation is interrupted.
import { describe, expect, it, vi } from 'vitest';
import type { PatchRoutesOnNavigationFunction } from 'react-router-dom';
import type { TRouteDef } from '@/shared/route-meta';
import { buildRoutes, discoverAppRoutes } from './router';

const page = async () => ({ default: () => null });
const SITE: TRouteDef[] = [{ path: '/', layout: 'default', title: '首页', page, ssr: true }];
const APP: TRouteDef[] = [
  { path: '/login', layout: 'other', title: '登录', page, middleware: ['guest'] },
  { path: '/admin/supplier/goods', layout: 'custom', title: '商品管理', page, middleware: ['auth', 'area:supplier'] },
];

type TArgs = Parameters<PatchRoutesOnNavigationFunction>[0];

/** The app routes' chunk, arriving when `arrive` is called. */
function slowChunk() {
  let arrive!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  const load = vi.fn(async () => {
    await arrived;
    return APP;
  });
  return { load, arrive };
}

/** A navigation's discovery arguments; like React Router's, its `patch` does nothing once the navigation is aborted. */
function navigation(path: string, patch: TArgs['patch'], controller = new AbortController()): TArgs {
  const guarded: TArgs['patch'] = (routeId, children) => {
    if (!controller.signal.aborted) patch(routeId, children);
  };
  return { path, patch: guarded, signal: controller.signal, matches: [], fetcherKey: undefined } as TArgs;
}

const patchedPaths = (patch: ReturnType<typeof vi.fn>) => patch.mock.calls.flatMap(([, children]) => (children as { path?: string }[]).map((c) => c.path));

describe('app route discovery', () => {
  it('leaves paths the site routes serve alone: their navigations never wait for the app routes', async () => {
    const { load } = slowChunk();
    const patch = vi.fn();
    await discoverAppRoutes(buildRoutes(SITE), load)(navigation('/', patch));
    expect(load).not.toHaveBeenCalled();
    expect(patch).not.toHaveBeenCalled();
  });

  it('adds the app routes under their layouts on the first navigation into one, and only once', async () => {
    const { load, arrive } = slowChunk();
    const patch = vi.fn();
    const discover = discoverAppRoutes(buildRoutes(SITE), load);
    const first = discover(navigation('/login', patch));
    arrive();
    await first;
    expect(patch).toHaveBeenCalledWith('layout-other', [expect.objectContaining({ path: '/login' })]);
    expect(patch).toHaveBeenCalledWith('layout-custom', [expect.objectContaining({ path: '/admin/supplier/goods' })]);
    await discover(navigation('/admin/supplier/goods', patch));
    expect(patchedPaths(patch).sort()).toEqual(['/admin/supplier/goods', '/login']);
  });

  it('still adds them when the first navigation was interrupted while they loaded (a second click, Back)', async () => {
    const { load, arrive } = slowChunk();
    const patch = vi.fn();
    const discover = discoverAppRoutes(buildRoutes(SITE), load);
    const interrupted = new AbortController();
    const first = discover(navigation('/login', patch, interrupted));
    const second = discover(navigation('/register', patch));
    interrupted.abort(); // React Router ignores an aborted navigation's patches
    arrive();
    await Promise.all([first, second]);
    expect(patchedPaths(patch).sort()).toEqual(['/admin/supplier/goods', '/login']);
  });
});
