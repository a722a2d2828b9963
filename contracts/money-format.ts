// Money as pages show it. Apart from contracts/money.ts (validation, with zod) so a product card
// needs no schema library.
// One Intl.NumberFormat per form, built once: `toLocaleString` with options builds a new one
// on every call (~3 % of a server-rendered product page's CPU with its 30 prices).
const GROUPED = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const WITH_FEN = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price as the shop shows it: ¥12,000 or ¥12,000.5 (up to two decimals); 面议 without one. */
export const formatPrice = (price: number | null | undefined) => (price === null || price === undefined ? '面议' : `¥${GROUPED.format(price)}`);
/** An amount with its fen always shown: ¥12,000.00. */
export const formatWithFen = (n: number) => `¥${WITH_FEN.format(n)}`;
/** ¥12,000 for whole yuan, ¥12,000.50 otherwise (the trade pages' amounts); 面议 without one. */
export const formatMoney = (n: number | null | undefined) => (n === null || n === undefined ? '面议' : n % 1 ? formatWithFen(n) : `¥${GROUPED.format(n)}`);

