// Every rule of SPEC §5 with its message.
import { describe, expect, it } from 'vitest';
import { cleanText, firstIssue, MSG, ZAgree, ZCode, ZEmail, ZIdentifier, ZMobile, ZPassword, ZPasswordLoginForm, ZRegisterEmail, ZRegisterMobile, ZSetPassword, ZSmsLoginForm } from './validation';
import type { z } from 'zod';
import { ZConfirmPassword, ZSetPasswordRequest, ZUpdatePwd } from './member';

const msg = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssue(r.error);
};

describe('SPEC §5 field rules', () => {
  it.each([
    ['', MSG.mobileRequired],
    ['1381234567', MSG.mobileInvalid],
    ['12812345678', MSG.mobileInvalid],
    ['23812345678', MSG.mobileInvalid],
    ['138123456789', MSG.mobileInvalid],
    ['1381234567a', MSG.mobileInvalid],
    ['13812345678', null],
    ['19912345678', null],
  ])('mobile %j → %s', (v, expected) => expect(msg(ZMobile, v)).toBe(expected));

  it.each([
    ['', MSG.emailRequired],
    ['a@b', MSG.emailInvalid],
    ['no-at.example.com', MSG.emailInvalid],
    ['lab@example.com', null],
  ])('e-mail %j → %s', (v, expected) => expect(msg(ZEmail, v)).toBe(expected));

  it.each([
    ['', MSG.codeRequired],
    ['123', MSG.codeLength],
    ['12345', MSG.codeLength],
    ['1234', null],
  ])('code %j → %s', (v, expected) => expect(msg(ZCode, v)).toBe(expected));

  it.each([
    ['', MSG.passwordRequired],
    ['1234567', MSG.passwordMin],
    ['12345678', null],
  ])('password %j → %s', (v, expected) => expect(msg(ZPassword, v)).toBe(expected));

  it('confirm password: required, at least 8, equal — reported on the confirm field', () => {
    const r1 = ZSetPassword.safeParse({ password: 'abcdefgh', confirmPassword: '' });
    expect(r1.error?.issues[0]).toMatchObject({ message: MSG.confirmRequired, path: ['confirmPassword'] });
    const r2 = ZSetPassword.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgx' });
    expect(r2.error?.issues[0]).toMatchObject({ message: MSG.confirmMismatch, path: ['confirmPassword'] });
    expect(ZSetPassword.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgh' }).success).toBe(true);
    expect(MSG.confirmRequired).toBe('确认密码不能为空');
    expect(MSG.confirmMismatch).toBe('两次密码不一致');
  });

  it('a short confirm password is refused with 密码至少需要8个字符 on the confirm field, in every password form', () => {
    expect(msg(ZConfirmPassword, 'abc')).toBe(MSG.passwordMin);
    expect(msg(ZConfirmPassword, '')).toBe(MSG.confirmRequired);
    const forms: [string, z.ZodType, object][] = [
      ['ZSetPassword', ZSetPassword, {}],
      ['ZSetPasswordRequest', ZSetPasswordRequest, { ticket: 'ticket-1234567890' }],
      ['ZUpdatePwd', ZUpdatePwd, { oldPassword: 'old-password' }],
    ];
    for (const [name, schema, extra] of forms) {
      const short = schema.safeParse({ ...extra, password: 'abcdefgh', confirmPassword: 'abc' });
      expect(short.error?.issues[0], name).toMatchObject({ message: MSG.passwordMin, path: ['confirmPassword'] });
      const empty = schema.safeParse({ ...extra, password: 'abcdefgh', confirmPassword: '' });
      expect(empty.error?.issues[0], name).toMatchObject({ message: MSG.confirmRequired, path: ['confirmPassword'] });
      const missing = schema.safeParse({ ...extra, password: 'abcdefgh' });
      expect(missing.error?.issues[0], name).toMatchObject({ message: MSG.confirmRequired, path: ['confirmPassword'] });
      const mismatch = schema.safeParse({ ...extra, password: 'abcdefgh', confirmPassword: 'abcdefgx' });
      expect(mismatch.error?.issues[0], name).toMatchObject({ message: MSG.confirmMismatch, path: ['confirmPassword'] });
      expect(schema.safeParse({ ...extra, password: 'abcdefgh', confirmPassword: 'abcdefgh' }).success, name).toBe(true);
    }
  });

  it('agree terms must be true', () => {
    expect(msg(ZAgree, false)).toBe('请勾选用户协议');
    expect(msg(ZAgree, true)).toBeNull();
  });

  it.each([
    ['', MSG.identifierRequired],
    ['13812345678', null],
    ['lab@example.com', null],
    ['labuser', null],
    ['labuser01234567890123', MSG.identifierInvalid],
    ['lab', MSG.identifierInvalid],
    ['1labuser', MSG.identifierInvalid],
    ['lab_user', MSG.identifierInvalid],
    ['用户名称很长的', MSG.identifierInvalid],
  ])('login identifier %j → %s', (v, expected) => expect(msg(ZIdentifier, v)).toBe(expected));

  it('uses the exact messages of the spec', () => {
    expect(MSG).toMatchObject({
      mobileRequired: '手机号不能为空',
      mobileInvalid: '请输入有效的手机号',
      emailRequired: '邮箱地址不能为空',
      emailInvalid: '请输入有效的邮箱地址',
      codeRequired: '验证码不能为空',
      codeLength: '请输入4位验证码',
      passwordRequired: '密码不能为空',
      passwordMin: '密码至少需要8个字符',
      identifierRequired: '手机号、邮箱地址或账号名不能为空',
      identifierInvalid: '请输入有效的手机号、邮箱地址或账号名',
    });
  });
});

describe('SPEC §5 schemas', () => {
  it('registration: mobile + code + agreement, or e-mail + code + agreement', () => {
    expect(ZRegisterMobile.safeParse({ mobile: '13812345678', code: '1234', agree: true }).success).toBe(true);
    expect(ZRegisterMobile.safeParse({ mobile: '13812345678', code: '1234', agree: false }).success).toBe(false);
    expect(ZRegisterEmail.safeParse({ email: 'a@b.cn', code: '1234', agree: true }).success).toBe(true);
    expect(msg(ZRegisterEmail, { email: 'a@b.cn', code: '1234', agree: false })).toBe('请勾选用户协议');
    expect(msg(ZRegisterMobile, { mobile: '13812345678', code: '1234', agree: false })).toBe('请勾选用户协议');
  });
  it('sms login needs a valid mobile and a 4-character code', () => {
    expect(ZSmsLoginForm.safeParse({ mobile: '13812345678', verify: '12' }).success).toBe(false);
    expect(ZSmsLoginForm.safeParse({ mobile: '13812345678', verify: '1234' }).success).toBe(true);
  });
  it('password login needs an identifier and a password', () => {
    expect(ZPasswordLoginForm.safeParse({ phoneOrEmail: 'labuser', password: '' }).success).toBe(false);
  });
  it('trims identifiers', () => {
    expect(ZIdentifier.parse('  13812345678 ')).toBe('13812345678');
  });
});

describe('cleanText', () => {
  it('keeps letters, digits, Chinese, whitespace, hyphen and underscore only', () => {
    expect(cleanText('气相色谱仪 GC-2030_plus!@#$%<script>（促销）')).toBe('气相色谱仪 GC-2030_plusscript促销');
  });
});
