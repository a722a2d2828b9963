import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, creditCodeProblem, isCreditCode, normaliseCreditCode } from './credit-code.js';
import { ZCreditCode } from './settle.js';

// Codes of real companies, as printed on their business licences (public registration data).
const REAL = ['914403001922038216', '9144030071526726XG', '91330100799655058B', '91110108551385082Q', '91350100M000100Y43', '91440300708461136T'];

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it.each(REAL)('accepts the real code %s', (code) => {
    expect(creditCodeProblem(code)).toBeNull();
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17]);
  });

  it('computes a check character of 0 when the weighted sum is a multiple of 31', () => {
    // 17 zeros: sum 0 → 31 - 0 = 31 → 0.
    expect(creditCodeCheckChar('0'.repeat(17))).toBe('0');
  });

  it.each(REAL)('refuses %s with any other check character', (code) => {
    for (const c of '0123456789ABCDEFGHJKLMNPQRTUWXY') {
      if (c === code[17]) continue;
      expect(creditCodeProblem(code.slice(0, 17) + c)).toBe('统一社会信用代码校验位不正确，请核对营业执照');
    }
  });

  it('refuses wrong lengths, letters outside the alphabet and a bad region part, in Chinese', () => {
    expect(creditCodeProblem('91440300192203821')).toBe('统一社会信用代码应为18位');
    expect(creditCodeProblem('9144030019220382161')).toBe('统一社会信用代码应为18位');
    expect(creditCodeProblem('91440300192203821I')).toBe('统一社会信用代码只能包含数字和大写字母（不含 I、O、Z、S、V）');
    expect(creditCodeProblem('91A40300192203821' + '6')).toBe('统一社会信用代码第3至8位应为行政区划代码（6位数字）');
    // A swapped pair of digits is caught by the weights.
    expect(creditCodeProblem('914403001922038126')).not.toBeNull();
  });

  it('normalises spaces and lower case as people copy a code', () => {
    expect(normaliseCreditCode(' 9144 0300 7152 6726xg ')).toBe('9144030071526726XG');
    expect(isCreditCode('9144030071526726xg')).toBe(true);
    expect(ZCreditCode.safeParse('9144030071526726xg').data).toBe('9144030071526726XG');
    expect(ZCreditCode.safeParse('914403001922038217').error?.issues[0]?.message).toBe('统一社会信用代码校验位不正确，请核对营业执照');
    expect(ZCreditCode.safeParse('').error?.issues[0]?.message).toBe('请填写统一社会信用代码');
  });
});
