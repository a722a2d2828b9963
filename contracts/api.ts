// The response envelope of DESIGN.md §3 and list pagination, shared by server and client.
import { z } from 'zod';

export const HTTP_CODES = [200, 400, 401, 403, 404, 409, 413, 415, 429, 500, 503] as const;

export type TEnvelope<T> = { code: number; msg: string; data?: T };

export const ZEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data: data.optional() });
export const ZOk = z.object({ code: z.number(), msg: z.string() });

export const PAGE_SIZE_MAX = 100;
export const ZPageQuery = z.object({
  page: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码最小为1').max(10000, '页码过大').default(1),
  pageSize: z.coerce.number({ error: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页条数最小为1').max(PAGE_SIZE_MAX, `每页条数最大为${PAGE_SIZE_MAX}`).default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };
