// 统一社会信用代码 (GB 32100-2015): 18 characters from a 31-character alphabet (digits and capital
// letters without I, O, Z, S, V); the 18th is a check character computed from the first 17.

export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character of the first 17 characters, or null when one of them is not allowed. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_ALPHABET.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * WEIGHTS[i]!;
  }
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** Upper-cases and drops spaces, as people copy a code from a licence. */
export const normaliseCreditCode = (v: string) => v.replace(/\s+/g, '').toUpperCase();

/** Why a (normalised) code is invalid, in Chinese, or null when it is valid. */
export function creditCodeProblem(code: string): string | null {
  if (code.length !== 18) return '统一社会信用代码应为18位';
  if (![...code].every((c) => CREDIT_CODE_ALPHABET.includes(c))) return '统一社会信用代码只能包含数字和大写字母（不含 I、O、Z、S、V）';
  // Characters 3–8 are the administrative division code: six digits.
  if (!/^\d{6}$/.test(code.slice(2, 8))) return '统一社会信用代码第3至8位应为行政区划代码（6位数字）';
  if (creditCodeCheckChar(code.slice(0, 17)) !== code[17]) return '统一社会信用代码校验位不正确，请核对营业执照';
  return null;
}

export const isCreditCode = (v: string) => creditCodeProblem(normaliseCreditCode(v)) === null;
