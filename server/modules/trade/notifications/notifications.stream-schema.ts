// How GET /api/notifications/stream appears in the OpenAPI document: an event stream
// (text/event-stream) whose events are documented one by one (contracts/live-events.ts), with
// Last-Event-ID to resume and ?client=desktop, so an integrator's client can hold it open.
import { z } from 'zod';
import { ZLiveEvent } from '../../../../contracts/live-events.js';
import { errorResponses } from '../../../lib/route-schemas.js';

export const liveStreamSchema = {
  tags: ['trade: notifications'],
  summary: '实时通知（Server-Sent Events）',
  description: [
    '登录会员的实时通知，以 Server-Sent Events（text/event-stream）推送，连接保持打开。请求头带 `Authorization: Bearer <token>`（浏览器的 EventSource 不能设请求头，请用 fetch 读取响应流）。',
    '新连接先发本次登录以来的未读通知（notification），再发未读数（unread），之后每条新通知、每次未读数变化、每次相关数据写入（change）即时推送；心跳为注释行 `: ping`。',
    '断线后带 `Last-Event-ID`（最后收到的事件编号）重连，从其后继续。收到 `end`（revoked）表示会话已结束，不要再用同一令牌重连；`replaced` 表示连接过多，稍后再试。',
  ].join('\n\n'),
  querystring: z.object({
    client: z.string().optional().describe('desktop：桌面客户端的连接。同一会员的连接超出上限时，先结束浏览器标签页的连接'),
  }),
  // Loose: the other headers (the bearer token) stay as they came.
  headers: z.looseObject({
    'last-event-id': z.string().optional().describe('最后收到的事件编号（notification、unread 事件的 id）：从其后继续推送'),
  }),
  response: {
    200: { description: '事件流：每个事件的名称和 data 的 JSON 见 LiveEvent', content: { 'text/event-stream': { schema: ZLiveEvent } } },
    ...errorResponses,
  },
};
