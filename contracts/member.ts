// Requests and answers of the member and auth calls (SPEC §7), shared by server and renderer.
import { z } from 'zod';
import { MSG, ZCode, ZEmail, ZIdentifier, ZMobile, ZPassword, ZUname, PASSWORD_MIN } from './validation.js';

export const ZLoginRequest = z.discriminatedUnion('loginType', [
  z.object({ loginType: z.literal('sms'), mobile: ZMobile, verify: ZCode }),
  z.object({ loginType: z.literal('password'), phoneOrEmail: ZIdentifier, password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(128) }),
], { error: '登录方式无效' });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRole = z.enum(['member', 'purchaser', 'supplier', 'admin']);
export type TRoleName = z.infer<typeof ZRole>;

export const ZMemberInfo = z.object({
  id: z.number(),
  uname: z.string().nullable(),
  nickname: z.string(),
  realName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  companyName: z.string().nullable(),
  roles: z.array(z.string()),
  hasPassword: z.boolean(),
  supplier: z.object({ id: z.number(), companyName: z.string(), storeUid: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type TMemberInfo = z.infer<typeof ZMemberInfo>;

export const ZCodePurpose = z.enum(['login', 'register', 'reset', 'verify', 'bind', 'inquiry', 'remove']);

export const ZSmsCodeQuery = z.object({
  phonenumber: z.string({ error: MSG.mobileRequired }).trim().min(1, MSG.mobileRequired).regex(/^1[3-9]\d{9}$/, MSG.mobileInvalid),
  purpose: z.enum(['login', 'register', 'reset', 'inquiry']).default('login'),
});

export const ZSendSmsCode = z.object({ mobile: ZMobile.optional(), purpose: z.enum(['register', 'reset', 'verify', 'bind', 'remove']) });
export const ZSendEmailCode = z.object({ email: ZEmail.optional(), purpose: z.enum(['register', 'reset', 'verify', 'bind', 'remove']) });

export const ZContactStep = z.union([
  z.object({ contactType: z.literal('Phone'), mobile: ZMobile, code: ZCode }),
  z.object({ contactType: z.literal('Email'), email: ZEmail, code: ZCode }),
]);
/** SPEC §5 confirm password: required, at least 8 characters; equality is checked on the whole form. */
export const ZConfirmPassword = z.string({ error: MSG.confirmRequired }).min(1, MSG.confirmRequired).min(PASSWORD_MIN, MSG.passwordMin).max(128, '密码不能超过128个字符');

export const ZRegisterVerify = z.intersection(ZContactStep, z.object({ agree: z.literal(true, { error: MSG.agreeTerms }) }));
export const ZSetPasswordRequest = z
  .object({
    ticket: z.string().min(10, '验证已过期，请重新验证').max(100),
    password: ZPassword,
    confirmPassword: ZConfirmPassword,
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.confirmMismatch, path: ['confirmPassword'] });

export const ZUpdatePwd = z
  .object({
    oldPassword: z.string().max(128).optional(),
    password: ZPassword,
    confirmPassword: ZConfirmPassword,
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.confirmMismatch, path: ['confirmPassword'] });
export const ZUpdateUname = z.object({ uname: ZUname });
export const ZUpdateRname = z.object({ realName: z.string().trim().min(1, '真实姓名不能为空').max(20, '真实姓名不能超过20个字符').regex(/^[\p{Script=Han}A-Za-z·\s]+$/u, '真实姓名只能包含中文或英文字母') });
export const ZValidCode = z.object({ code: ZCode });
export const ZUpdateMobile = z.object({ mobile: ZMobile, code: ZCode, ticket: z.string().max(100).optional() });
export const ZUpdateEmail = z.object({ email: ZEmail, code: ZCode, ticket: z.string().max(100).optional() });
export const ZToPurchaser = z.object({ companyName: z.string({ error: '公司名称不能为空' }).trim().min(1, '公司名称不能为空').min(2, '公司名称至少2个字符').max(100, '公司名称不能超过100个字符') });
export const ZRemoveQuery = z.object({ channel: z.enum(['sms', 'email']), code: ZCode });
