// /api/notifications/*: the bell's list, unread count and read marks (the member's own only), and
// the live stream of new ones (notifications.stream.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPage, ZPageQuery } from '../../../../contracts/api.js';
import { ZIdParam, ZNotification } from '../../../../contracts/trade.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../../lib/route-schemas.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './notifications.service.js';
import { registerNotificationStream } from './notifications.stream.js';

const tags = ['trade: notifications'];
const ZListQuery = ZPageQuery.extend({ unread: z.enum(['1', '0', 'true', 'false'], { error: '参数无效' }).optional() });

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerNotificationStream(app);

  app.get('/api/notifications', { schema: { tags, summary: '我的通知', querystring: ZListQuery, response: { 200: envelope(ZPage(ZNotification)), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    const unread = req.query.unread === '1' || req.query.unread === 'true';
    return okData(await listNotifications(app.db, me.id, { ...req.query, unread }));
  });

  app.get('/api/notifications/unread-count', { schema: { tags, summary: '未读通知数', response: { 200: envelope(z.object({ count: z.number() })), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData({ count: await unreadCount(app.db, me.id) });
  });

  app.put('/api/notifications/read-all', { schema: { tags, summary: '全部标为已读', response: { 200: envelope(z.object({ updated: z.number() })), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData({ updated: await markAllRead(app.db, me.id) }, '已全部标为已读');
  });

  app.put('/api/notifications/:id/read', { schema: { tags, summary: '标为已读', params: ZIdParam, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await markRead(app.db, me.id, req.params.id);
    return ok('已读');
  });
};
