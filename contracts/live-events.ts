// The live notification stream's events as schemas, for the OpenAPI document of
// GET /api/notifications/stream: an integrator's generated client gets each event's name and payload.
// The clients' own types are in contracts/live.ts (kept free of zod for the web bell's first load);
// `_sameEvents` below fails the type check when the two disagree, an event added or a payload changed.
import { z } from 'zod';
import { LIVE_ENTITIES, type TLiveEvent } from './live.js';
import { ZNotification } from './trade.js';

const ZCursor = z.string().regex(/^\d+$/).describe('事件编号：已送达的最大通知编号。断线后把最后收到的编号放在 Last-Event-ID 请求头里重连，从其后继续，不丢不重');

export const ZLiveNotificationEvent = z
  .object({ event: z.literal('notification'), id: ZCursor, data: ZNotification })
  .describe('一条通知。新连接先补发本次登录以来的未读通知，带 Last-Event-ID 的续连补发其后的全部通知；之后每条新通知到达即发送');

export const ZLiveUnreadEvent = z
  .object({ event: z.literal('unread'), id: ZCursor.optional(), data: z.object({ count: z.number().int().min(0).describe('未读通知数') }) })
  .describe('未读通知数：连接后（补发的通知之后）先发一次，之后每次变化时发送');

export const ZLiveChangeEvent = z
  .object({
    event: z.literal('change'),
    data: z.object({
      entity: z.enum([...LIVE_ENTITIES, 'all']).describe('变化的对象类型；all 表示可能错过了变化（如服务端重连），应全部重新读取'),
      id: z.number().int().nullable().describe('变化的对象编号；不针对某一条时为 null'),
    }),
  })
  .describe('该会员正在看的数据有写入（询价、报价、求购、通知、入驻申请）：重新读取相应列表或详情');

export const ZLiveEndEvent = z
  .object({ event: z.literal('end'), data: z.object({ reason: z.enum(['revoked', 'replaced']) }) })
  .describe('服务端结束连接。revoked：已退出登录或令牌已失效，不要用同一令牌重连；replaced：该会员打开的连接过多，稍后再试');

/** One event of the stream, decoded: `event:` is the name, `id:` the cursor (when sent), `data:` the JSON payload. */
export const ZLiveEvent = z
  .discriminatedUnion('event', [ZLiveNotificationEvent, ZLiveUnreadEvent, ZLiveChangeEvent, ZLiveEndEvent])
  .describe(
    '流中的一个事件，按 text/event-stream 格式发送：`event:` 行是事件名，`id:` 行（notification、unread）是事件编号，`data:` 行是 JSON（即这里的 data），空行结束一个事件。以冒号开头的行（`: ping`）是心跳，`retry:` 是建议的重连间隔（毫秒）。',
  );

type TWireEvent = z.infer<typeof ZLiveEvent>;
type TPayload<U, E> = U extends { event: E; data: infer D } ? D : never;
type TSame<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Each `true` fails the type check when the documented events and the clients' events disagree. */
type TAgreement = { events: TSame<TLiveEvent['event'], TWireEvent['event']> } & { [E in TLiveEvent['event']]: TSame<TPayload<TLiveEvent, E>, TPayload<TWireEvent, E>> };
const _sameEvents: TAgreement = { events: true, notification: true, unread: true, change: true, end: true };
