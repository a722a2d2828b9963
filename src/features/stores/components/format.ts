// (Same as the shop feature's; features do not import each other.)
// Prices and dates as the shop shows them.
export function formatPrice(price: number | null): string {
  if (price === null) return '面议';
  return `¥${price.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`;
}

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
