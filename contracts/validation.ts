// Validation rules and messages of SPEC §5, shared by the renderer and the server.
import { z } from 'zod';
import { CODE_LENGTH, isEmail, isMobile, isUname, MOBILE_RE, MSG, PASSWORD_MIN, UNAME_RE } from './constants.js';

export { CODE_LENGTH, CODE_COUNTDOWN_SECONDS, EMAIL_RE, isEmail, isMobile, isUname, MOBILE_RE, MSG, PASSWORD_MIN, TOKEN_MAX_AGE_SECONDS, UNAME_RE, cleanText } from './constants.js';

export const ZMobile = z.string({ error: MSG.mobileRequired }).trim().min(1, MSG.mobileRequired).regex(MOBILE_RE, MSG.mobileInvalid);
export const ZEmail = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .refine(isEmail, MSG.emailInvalid);
export const ZCode = z.string({ error: MSG.codeRequired }).trim().min(1, MSG.codeRequired).length(CODE_LENGTH, MSG.codeLength);
export const ZPassword = z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(PASSWORD_MIN, MSG.passwordMin).max(128, '密码不能超过128个字符');
export const ZAgree = z.literal(true, { error: MSG.agreeTerms });
export const ZIdentifier = z
  .string({ error: MSG.identifierRequired })
  .trim()
  .min(1, MSG.identifierRequired)
  .refine((v) => isMobile(v) || isEmail(v) || isUname(v), MSG.identifierInvalid);
export const ZUname = z.string().trim().regex(UNAME_RE, MSG.unameInvalid);

/** Password + confirmation; the mismatch message is reported on the confirm field. */
export const ZSetPassword = z
  .object({
    password: ZPassword,
    confirmPassword: z.string({ error: MSG.confirmRequired }).min(1, MSG.confirmRequired).min(PASSWORD_MIN, MSG.passwordMin),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.confirmMismatch, path: ['confirmPassword'] });
export type TSetPassword = z.infer<typeof ZSetPassword>;

export const ZRegisterMobile = z.object({ mobile: ZMobile, code: ZCode, agree: ZAgree });
export const ZRegisterEmail = z.object({ email: ZEmail, code: ZCode, agree: ZAgree });

export const ZSmsLoginForm = z.object({ mobile: ZMobile, verify: ZCode });
export const ZPasswordLoginForm = z.object({ phoneOrEmail: ZIdentifier, password: ZPassword });

/** First message of a zod error, for one-line answers. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? '请求参数错误';
}
