// /api/member/*: member info and profile changes (SPEC §7).
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMemberInfo,
  ZRemoveQuery,
  ZToPurchaser,
  ZUpdateEmail,
  ZUpdateMobile,
  ZUpdatePwd,
  ZUpdateRname,
  ZUpdateUname,
  ZValidCode,
} from '../../../contracts/member.js';
import { AppError } from '../../errors.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import { resolveKey } from '../../lib/uploads.js';
import { memberInfo } from './member.repository.js';
import * as svc from './member.service.js';

const ZTicket = envelope(z.object({ ticket: z.string() }));

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['member'];

  app.get('/api/member/getInfo', { schema: { tags, summary: '当前会员信息', response: { 200: envelope(ZMemberInfo), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    const info = await memberInfo(app.db, me.id);
    if (!info) throw new AppError('UNAUTHORIZED', '登录状态已过期，请重新登录');
    return okData(info);
  });

  app.post(
    '/api/member/avatar',
    {
      schema: {
        tags,
        summary: '上传头像（multipart 字段 avatarfile；JPEG/PNG/WebP/GIF，不超过2MB，裁剪为256×256）',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ avatar: z.string() })), ...errorResponses, 413: errorResponses[400], 415: errorResponses[400] },
      },
    },
    async (req) => {
      const me = await req.requireMember();
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', '请选择头像图片');
      const file = await req.file({ limits: { fileSize: svc.AVATAR_MAX_BYTES } });
      if (!file) throw new AppError('BAD_REQUEST', '请选择头像图片');
      const buffer = await file.toBuffer().catch(() => {
        throw new AppError('PAYLOAD_TOO_LARGE', '头像图片不能超过2MB');
      });
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', '头像图片不能超过2MB');
      const avatar = await svc.updateAvatar(app.db, app.config, me.id, buffer);
      return okData({ avatar }, '头像已更新');
    },
  );

  app.put('/api/member/updatePwd', { schema: { tags, summary: '修改密码（其他设备将退出登录）', body: ZUpdatePwd, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.updatePassword(app.db, me.id, me.sessionId, req.body.oldPassword, req.body.password);
    return ok('密码已修改');
  });

  app.put('/api/member/updateUname', { schema: { tags, summary: '修改账号名', body: ZUpdateUname, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.updateUname(app.db, me.id, req.body.uname);
    return ok('账号名已修改');
  });

  app.put('/api/member/updateRname', { schema: { tags, summary: '修改真实姓名', body: ZUpdateRname, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.updateRealName(app.db, me.id, req.body.realName);
    return ok('真实姓名已修改');
  });

  app.post('/api/member/validSmsCode', { schema: { tags, summary: '验证当前手机号（换绑前）', body: ZValidCode, response: { 200: ZTicket, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData({ ticket: await svc.validCurrentContact(app.db, me.id, 'sms', req.body.code, req.ip) }, '验证成功');
  });

  app.post('/api/member/validEmailCode', { schema: { tags, summary: '验证当前邮箱（换绑前）', body: ZValidCode, response: { 200: ZTicket, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData({ ticket: await svc.validCurrentContact(app.db, me.id, 'email', req.body.code, req.ip) }, '验证成功');
  });

  app.put('/api/member/updateMobile', { schema: { tags, summary: '绑定或更换手机号（其他设备将退出登录）', body: ZUpdateMobile, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.updateContact(app.db, { memberId: me.id, sessionId: me.sessionId, ip: req.ip }, 'sms', req.body.mobile, req.body.code, req.body.ticket);
    return ok('手机号已更换');
  });

  app.put('/api/member/updateEmail', { schema: { tags, summary: '绑定或更换邮箱（其他设备将退出登录）', body: ZUpdateEmail, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.updateContact(app.db, { memberId: me.id, sessionId: me.sessionId, ip: req.ip }, 'email', req.body.email, req.body.code, req.body.ticket);
    return ok('邮箱已更换');
  });

  app.put('/api/member/toPurchaser', { schema: { tags, summary: '升级为采购商', body: ZToPurchaser, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.toPurchaser(app.db, me.id, req.body.companyName);
    return ok('已成为采购商');
  });

  app.delete('/api/member/remove', { schema: { tags, summary: '注销账号（需验证码确认）', querystring: ZRemoveQuery, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await svc.removeAccount(app.db, app.config, req.log, me.id, req.query.channel, req.query.code, req.ip);
    return ok('账号已注销');
  });

  app.get('/uploads/avatars/:name', { schema: { hide: true, params: z.object({ name: z.string().regex(/^[a-f0-9]{24}\.webp$/) }) } }, async (req, reply) => {
    const file = resolveKey(app.config, `avatars/${req.params.name}`);
    if (!file) throw new AppError('NOT_FOUND', '文件不存在');
    return reply.type('image/webp').header('cache-control', 'public, max-age=86400').send(fs.createReadStream(file));
  });
};
