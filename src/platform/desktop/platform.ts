// The desktop client's ports, chosen by ../platform when the preload bridge is there.
import type { TDesktopBridge } from '@contracts/desktop';
import type { TPlatform } from '../platform';
import { createDesktopSessionPort } from './session-port';
import { createDesktopUpdatesPort } from './updates-port';
import { createDesktopWindowsPort } from './windows-port';

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the windows port falls back to the page's path
  }
}

export function createDesktopPlatform(bridge: TDesktopBridge): TPlatform {
  return {
    session: createDesktopSessionPort(bridge),
    windows: createDesktopWindowsPort(bridge, { initialPath: location.pathname, storage: sessionStorageOrNull() }),
    updates: createDesktopUpdatesPort(bridge),
    isDesktop: true,
    liveEvents: bridge.notifications ? (listener) => bridge.notifications!.onEvent(listener) : null,
  };
}
