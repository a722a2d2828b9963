// One money type for every price and amount the trade and the catalogue take in (DESIGN.md §5).
//
// A money value is a finite number of yuan with at most two decimals (whole fen). Bounds:
// - a single price (a product's price, a quotation line's unit price) is at most PRICE_MAX;
// - an amount (quantity × unit price, the total of a quotation, a budget) is at most AMOUNT_MAX;
// - the largest derived figure, an amount raised by VAT for comparison (× (1 + VAT_RATE)), is at
//   most AMOUNT_MAX × 1.13 ≈ 1.13 × 10¹¹, below the database columns' NUMERIC(14,2) ceiling
//   (10¹²) and, in fen, below Number.MAX_SAFE_INTEGER (9 × 10¹⁵), so no arithmetic the platform
//   does on accepted values can overflow a column or lose a fen. Batch price changes check their
//   results against PRICE_MAX before writing.
// Values beyond the bounds are refused with a Chinese message (400), never stored or computed.
import { z } from 'zod';

/** ¥9,999,999,999: the largest single price. */
export const PRICE_MAX = 9_999_999_999;
/** ¥99,999,999,999: the largest amount (line total, quotation total, budget). */
export const AMOUNT_MAX = 99_999_999_999;
/** The database columns hold NUMERIC(14,2): strictly below this. */
export const COLUMN_CEILING = 1_000_000_000_000;

/** Whole fen: 12.34 yes, 0.004 no (tolerates binary noise such as 0.1 + 0.2). */
export const hasTwoDecimals = (v: number) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** Yuan → whole fen (exact for every value within the bounds). */
export const toFen = (yuan: number) => Math.round(yuan * 100);
/** Fen → yuan with two decimals. */
export const fromFen = (fen: number) => Math.round(fen) / 100;

/** quantity × unit price in yuan, computed in fen; Infinity-safe (callers compare with AMOUNT_MAX). */
export const lineAmount = (unitPrice: number, quantity: number) => fromFen(toFen(unitPrice) * quantity);

/** Yuan shown as ¥12,000 (Chinese thousands grouping), the form error messages use. */
const yuan = (n: number) => `¥${n.toLocaleString('zh-CN')}`;

type TMoneyOpts = {
  /** `positive` (> 0, the default: a price is required) or `nonnegative` (0 allowed, e.g. a budget). */
  min?: 'positive' | 'nonnegative';
  /** PRICE_MAX (default) or AMOUNT_MAX. */
  max?: number;
  /** false takes JSON numbers only (the input type stays number, for typed forms); true (default) also parses strings. */
  coerce?: boolean;
};

/**
 * A money field: coerced from a string or number, finite, > 0 (or ≥ 0), at most two decimals and
 * at most `max`. `label` names the field in the messages: 单价必须大于0, 单价最多保留两位小数, 单价不能超过¥9,999,999,999.
 */
export function ZMoney(label: string, opts: TMoneyOpts = {}) {
  const max = opts.max ?? PRICE_MAX;
  const base = (opts.coerce === false ? z.number({ error: `${label}必须是数字` }) : z.coerce.number({ error: `${label}必须是数字` })).refine(Number.isFinite, `${label}必须是数字`);
  const signed = opts.min === 'nonnegative' ? base.refine((v) => v >= 0, `${label}不能为负数`) : base.refine((v) => v > 0, `${label}必须大于0`);
  return signed.refine((v) => v <= max, `${label}不能超过${yuan(max)}`).refine(hasTwoDecimals, `${label}最多保留两位小数`);
}

/** The message when quantity × price or a sum would cross AMOUNT_MAX. */
export const amountTooLarge = (label = '金额') => `${label}不能超过${yuan(AMOUNT_MAX)}`;
/** The message when a batch price change would push a price above PRICE_MAX. */
export const priceChangeTooLarge = () => `调价后价格将超过上限${yuan(PRICE_MAX)}，请降低调价比例`;
