// The desktop windows port: the supplier back office (/admin/supplier/*) opens in its own
// native window, which main creates or focuses; every other route navigates normally.
import type { TDesktopBridge } from '@contracts/desktop';
import { isSupplierPath } from '@contracts/desktop-paths';
import type { WindowsPort } from '../ports';

export function createDesktopWindowsPort(bridge: TDesktopBridge, options: { currentPath?: () => string } = {}): WindowsPort {
  const currentPath = options.currentPath ?? (() => window.location.pathname);
  return {
    openSupplierWindow(path) {
      if (!isSupplierPath(path)) return false;
      // Inside the supplier window itself, supplier links are ordinary navigation.
      if (isSupplierPath(currentPath())) return false;
      bridge.windows.openSupplier(path).catch((err: unknown) => console.error('failed to open the supplier window', err));
      return true;
    },
  };
}
