// Chooses the web or desktop implementation of each port. The only place that asks. Nothing is
// created on import: the composition root calls setPlatform(await createPlatform()) when the app
// starts. The desktop's ports (./desktop/platform) load only in the desktop client.
import type { SessionPort, UpdatesPort, WindowsPort } from './ports';
import { createWebSessionPort } from './web-session';
import { createWebUpdatesPort } from './web-updates';
import { createWebWindowsPort } from './web-windows';

import type { TLiveEvent } from '@contracts/live';

export type TPlatform = {
  session: SessionPort;
  windows: WindowsPort;
  updates: UpdatesPort;
  isDesktop: boolean;
  /** Desktop: the live notification events main's one stream passes to every window; null on the web (the page holds its own stream). */
  liveEvents: ((listener: (event: TLiveEvent) => void) => () => void) | null;
};

export async function createPlatform(): Promise<TPlatform> {
  const bridge = typeof window !== 'undefined' ? window.desktop : undefined;
  if (bridge) return (await import('./desktop/platform')).createDesktopPlatform(bridge);
  return createWebPlatform();
}

/** The web's ports (a browser without the desktop bridge). */
export function createWebPlatform(): TPlatform {
  return { session: createWebSessionPort(), windows: createWebWindowsPort(), updates: createWebUpdatesPort(), isDesktop: false, liveEvents: null };
}

let current: TPlatform | null = null;

/** The composition root (src/main.tsx) creates the platform once and sets it here; tests set their own. */
export function setPlatform(next: TPlatform): void {
  current = next;
}

/**
 * The platform the composition root set. Read it when work is done, never at import time: a
 * module's top level runs before the root has chosen, and outside a browser (server rendering, Node).
 */
export function getPlatform(): TPlatform {
  if (!current) throw new Error('The platform is not set yet: the composition root (src/main.tsx) calls setPlatform(createPlatform()) before rendering.');
  return current;
}
