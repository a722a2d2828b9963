// /auth/member/* and /resource/sms/code: login, logout, registration, recovery, codes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZContactStep, ZLoginRequest, ZRegisterVerify, ZSendEmailCode, ZSendSmsCode, ZSetPasswordRequest, ZSmsCodeQuery } from '../../../contracts/member.js';
import { AppError } from '../../errors.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import { findMemberById } from '../member/member.repository.js';
import * as auth from './auth.service.js';
import { issueCode } from './codes.service.js';
import { revokeSession } from './session.repository.js';

const ZToken = envelope(z.object({ access_token: z.string() }));
const ZTicket = envelope(z.object({ ticket: z.string() }));
/** 503: the code could not be delivered (获取验证码失败，请稍后再试); nothing was stored or counted. */
const codeResponses = { 200: ZOkResponse, ...errorResponses, 503: errorResponses[400] };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

  app.post(
    '/auth/member/login',
    { schema: { tags: ['auth'], summary: '会员登录（密码或短信验证码）', body: ZLoginRequest, response: { 200: ZToken, ...errorResponses } } },
    async (req) => {
      const body = req.body;
      const token =
        body.loginType === 'sms'
          ? await auth.loginWithSms(app.db, body.mobile, body.verify, meta(req))
          : await auth.loginWithPassword(app.db, body.phoneOrEmail, body.password, meta(req));
      return okData({ access_token: token }, '登录成功');
    },
  );

  app.post('/auth/member/logout', { schema: { tags: ['auth'], summary: '退出登录（吊销当前令牌）', response: { 200: ZOkResponse } } }, async (req) => {
    const member = await req.getMember();
    if (member) await revokeSession(app.db, member.sessionId);
    return ok('已退出登录');
  });

  app.get(
    '/resource/sms/code',
    { schema: { tags: ['auth'], summary: '发送短信验证码（登录、注册、找回密码、快速询价）', querystring: ZSmsCodeQuery, response: codeResponses } },
    async (req) => {
      // Registered or not, the answer is the same (no account enumeration): the verify step says
      // it once the code was checked.
      const { phonenumber, purpose } = req.query;
      await issueCode(app, { channel: 'sms', target: phonenumber, purpose, ip: req.ip });
      return ok('验证码已发送');
    },
  );

  /** Codes for signed-in members (verify the current contact, bind a new one, confirm removal) and for e-mail registration and recovery. */
  app.post(
    '/api/resource/smsCode',
    { schema: { tags: ['auth'], summary: '发送短信验证码（注册、找回、验证、换绑、注销）', body: ZSendSmsCode, response: codeResponses } },
    async (req) => {
      const target = await resolveCodeTarget(req, 'sms', req.body.mobile, req.body.purpose);
      await issueCode(app, { channel: 'sms', target, purpose: req.body.purpose, ip: req.ip });
      return ok('验证码已发送');
    },
  );
  app.post(
    '/api/resource/emailCode',
    { schema: { tags: ['auth'], summary: '发送邮箱验证码（注册、找回、验证、换绑、注销）', body: ZSendEmailCode, response: codeResponses } },
    async (req) => {
      const target = await resolveCodeTarget(req, 'email', req.body.email, req.body.purpose);
      await issueCode(app, { channel: 'email', target, purpose: req.body.purpose, ip: req.ip });
      return ok('验证码已发送');
    },
  );

  async function resolveCodeTarget(
    req: { requireMember: () => Promise<{ id: number }> },
    channel: 'sms' | 'email',
    given: string | undefined,
    purpose: 'register' | 'reset' | 'verify' | 'bind' | 'remove',
  ): Promise<string> {
    const field = channel === 'sms' ? 'mobile' : 'email';
    const label = channel === 'sms' ? '手机号' : '邮箱';
    if (purpose === 'verify' || purpose === 'remove') {
      const member = await findMemberById(app.db, (await req.requireMember()).id);
      const current = member?.[field];
      if (!current) throw new AppError('BAD_REQUEST', `尚未绑定${label}`);
      return current;
    }
    if (!given) throw new AppError('BAD_REQUEST', channel === 'sms' ? '手机号不能为空' : '邮箱地址不能为空');
    // Whether the contact is taken is said only after its code was verified (no enumeration).
    if (purpose === 'bind') await req.requireMember();
    return given;
  }

  const channelOf = (step: { contactType: 'Phone' | 'Email' }) => (step.contactType === 'Phone' ? 'sms' : 'email') as 'sms' | 'email';
  const targetOf = (step: { contactType: 'Phone'; mobile: string } | { contactType: 'Email'; email: string }) =>
    step.contactType === 'Phone' ? step.mobile : step.email;

  app.post(
    '/auth/member/register/verify',
    { schema: { tags: ['auth'], summary: '注册第一步：验证手机号或邮箱', body: ZRegisterVerify, response: { 200: ZTicket, ...errorResponses } } },
    async (req) => {
      const ticket = await auth.verifyRegistration(app.db, channelOf(req.body), targetOf(req.body), req.body.code, req.ip);
      return okData({ ticket }, '验证成功');
    },
  );
  app.post(
    '/auth/member/register',
    { schema: { tags: ['auth'], summary: '注册第二步：设置密码并登录', body: ZSetPasswordRequest, response: { 200: ZToken, ...errorResponses } } },
    async (req) => {
      const token = await auth.completeRegistration(app.db, req.body.ticket, req.body.password, meta(req));
      return okData({ access_token: token }, '注册成功');
    },
  );
  app.post(
    '/auth/member/reset/verify',
    { schema: { tags: ['auth'], summary: '找回密码第一步：验证手机号或邮箱', body: ZContactStep, response: { 200: ZTicket, ...errorResponses } } },
    async (req) => {
      const ticket = await auth.verifyReset(app.db, channelOf(req.body), targetOf(req.body), req.body.code, req.ip);
      return okData({ ticket }, '验证成功');
    },
  );
  app.post(
    '/auth/member/reset',
    { schema: { tags: ['auth'], summary: '找回密码第二步：设置新密码', body: ZSetPasswordRequest, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      await auth.completeReset(app.db, req.body.ticket, req.body.password);
      return ok('密码已重置，请使用新密码登录');
    },
  );
};
