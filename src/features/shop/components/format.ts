// Prices as the shop shows them (dates: @contracts/time, Beijing time).
export function formatPrice(price: number | null): string {
  if (price === null) return '面议';
  return `¥${price.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`;
}
