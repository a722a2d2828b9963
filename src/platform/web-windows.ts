import type { WindowsPort } from './ports';

/** In the browser every route opens in the same tab. */
export const createWebWindowsPort = (): WindowsPort => ({ openSupplierWindow: () => false, onNavigate: () => () => {} });
