// The money type: > 0 where a price is required, two decimals, documented bounds no arithmetic crosses.
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX, COLUMN_CEILING, hasTwoDecimals, lineAmount, PRICE_MAX, toFen, ZMoney } from './money';
import { VAT_RATE, ZQuotationLine, ZQuotationRevise } from './trade';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('ZMoney', () => {
  const price = ZMoney('单价');
  it('takes whole fen above zero up to the cap, from numbers or strings', () => {
    expect(price.parse(0.01)).toBe(0.01);
    expect(price.parse('1234.50')).toBe(1234.5);
    expect(price.parse(PRICE_MAX)).toBe(PRICE_MAX);
    expect(price.parse(0.1 + 0.2)).toBeCloseTo(0.3);
  });
  it('refuses ¥0, sub-fen prices, negatives, non-numbers and values above the cap with Chinese messages', () => {
    expect(msg(price.safeParse(0))).toBe('单价必须大于0');
    expect(msg(price.safeParse(0.004))).toBe('单价最多保留两位小数');
    expect(msg(price.safeParse(0.001))).toBe('单价最多保留两位小数');
    expect(msg(price.safeParse(-3))).toBe('单价必须大于0');
    expect(msg(price.safeParse('abc'))).toBe('单价必须是数字');
    expect(msg(price.safeParse(Number.POSITIVE_INFINITY))).toBe('单价必须是数字');
    expect(msg(price.safeParse(PRICE_MAX + 1))).toBe('单价不能超过¥9,999,999,999');
  });
  it('allows 0 for a budget (nonnegative) within the amount bound', () => {
    const budget = ZMoney('预算', { min: 'nonnegative', max: AMOUNT_MAX });
    expect(budget.parse(0)).toBe(0);
    expect(msg(budget.safeParse(-1))).toBe('预算不能为负数');
    expect(msg(budget.safeParse(AMOUNT_MAX + 1))).toBe('预算不能超过¥99,999,999,999');
  });
});

describe('the bounds', () => {
  it('keep the largest derived figure (an amount raised by VAT) inside the database columns and exact in fen', () => {
    expect(AMOUNT_MAX * (1 + VAT_RATE)).toBeLessThan(COLUMN_CEILING);
    expect(toFen(AMOUNT_MAX * (1 + VAT_RATE))).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(lineAmount(0.01, 3)).toBe(0.03);
    expect(lineAmount(19.99, 3)).toBe(59.97);
    expect(hasTwoDecimals(59.97)).toBe(true);
  });
  it('refuse a quotation whose quantity × price or sum crosses the amount bound', () => {
    const line = { brand: '安捷伦', model: '8890', taxIncluded: true, leadTimeDays: 30, warrantyMonths: 12, paymentTerms: '款到发货' };
    expect(ZQuotationLine.safeParse({ ...line, unitPrice: 9_999_999_999, quantity: 100_000 }).success).toBe(true);
    const body = (lines: object[]) => ZQuotationRevise.safeParse({ version: 1, lines, validUntil: '2099-01-01' });
    expect(msg(body([{ ...line, unitPrice: 9_999_999_999, quantity: 100_000 }]))).toBe('单价×数量不能超过¥99,999,999,999');
    expect(msg(body([{ ...line, unitPrice: 9_000_000_000, quantity: 10 }, { ...line, unitPrice: 9_000_000_000, quantity: 10 }]))).toBe('报价合计不能超过¥99,999,999,999');
    expect(body([{ ...line, unitPrice: 9_999_999_999, quantity: 10 }]).success).toBe(true);
  });
});
