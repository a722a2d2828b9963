// Paths the desktop client treats specially; free of zod so the renderer's first page stays small.
export const SUPPLIER_PATH_PREFIX = '/admin/supplier';
/** The supplier back office (`/admin/supplier` and below) gets its own native window. */
export function isSupplierPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname === SUPPLIER_PATH_PREFIX || pathname.startsWith(`${SUPPLIER_PATH_PREFIX}/`);
}

/** The desktop's 「服务器设置」 screen (文件→服务器设置…, and the offline notice links to it). */
export const SERVER_SETTINGS_PATH = '/desktop/server-settings';
