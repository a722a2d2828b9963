// Prices and dates as the shop shows them.
export function formatPrice(price: number | null): string {
  if (price === null) return '面议';
  return `¥${price.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`;
}

/** The day in China (UTC+8, no daylight saving): the same on the server and in every browser. */
export const formatDate = (iso: string) => {
  const d = new Date(Date.parse(iso) + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
};
