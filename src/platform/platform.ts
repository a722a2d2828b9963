// Chooses the web or desktop implementation of each port. The only place that asks.
import type { SessionPort, UpdatesPort, WindowsPort } from './ports';
import { createWebSessionPort } from './web-session';
import { createWebUpdatesPort } from './web-updates';
import { createWebWindowsPort } from './web-windows';

export type TPlatform = { session: SessionPort; windows: WindowsPort; updates: UpdatesPort; isDesktop: boolean };

export function createPlatform(): TPlatform {
  return { session: createWebSessionPort(), windows: createWebWindowsPort(), updates: createWebUpdatesPort(), isDesktop: false };
}

export const platform: TPlatform = createPlatform();
