// Validation messages and business constants of SPEC §5 and §9, free of zod so the first page stays small.
export const MSG = {
  mobileRequired: '手机号不能为空',
  mobileInvalid: '请输入有效的手机号',
  emailRequired: '邮箱地址不能为空',
  emailInvalid: '请输入有效的邮箱地址',
  codeRequired: '验证码不能为空',
  codeLength: '请输入4位验证码',
  passwordRequired: '密码不能为空',
  passwordMin: '密码至少需要8个字符',
  confirmRequired: '确认密码不能为空',
  confirmMismatch: '两次密码不一致',
  agreeTerms: '请勾选用户协议',
  identifierRequired: '手机号、邮箱地址或账号名不能为空',
  identifierInvalid: '请输入有效的手机号、邮箱地址或账号名',
  unameInvalid: '账号名须为6-20位，以字母开头，只含字母和数字',
} as const;

export const CODE_LENGTH = 4;
export const PASSWORD_MIN = 8;
export const CODE_COUNTDOWN_SECONDS = 60;
export const TOKEN_MAX_AGE_SECONDS = 604800;

export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const UNAME_RE = /^[A-Za-z][A-Za-z0-9]{5,19}$/;

export const isMobile = (v: string) => MOBILE_RE.test(v);
export const isEmail = (v: string) => EMAIL_RE.test(v) && v.length <= 254;
export const isUname = (v: string) => UNAME_RE.test(v);

/** SPEC §5: keep letters, digits, Chinese characters, whitespace, hyphen and underscore. */
export function cleanText(input: string): string {
  return input.replace(/[^\p{L}\p{N}\p{Script=Han}\s\-_]/gu, '');
}

