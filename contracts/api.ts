// The response envelope of DESIGN.md §3 and list pagination, shared by server and client.
import { z } from 'zod';

export const HTTP_CODES = [200, 400, 401, 403, 404, 409, 413, 415, 429, 500, 503] as const;

export type TEnvelope<T> = { code: number; msg: string; data?: T };

export const ZEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data: data.optional() });
export const ZOk = z.object({ code: z.number(), msg: z.string() });

export const PAGE_MAX = 10000;
export const PAGE_SIZE_MAX = 100;
/** Whatever is wrong with a page or a page size, the answer says what is allowed. */
const PAGE_RANGE = `页码必须是1到${PAGE_MAX}之间的整数`;
const PAGE_SIZE_RANGE = `每页条数必须是1到${PAGE_SIZE_MAX}之间的整数`;
export const ZPageQuery = z.object({
  page: z.coerce.number({ error: PAGE_RANGE }).int(PAGE_RANGE).min(1, PAGE_RANGE).max(PAGE_MAX, PAGE_RANGE).default(1),
  pageSize: z.coerce.number({ error: PAGE_SIZE_RANGE }).int(PAGE_SIZE_RANGE).min(1, PAGE_SIZE_RANGE).max(PAGE_SIZE_MAX, PAGE_SIZE_RANGE).default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };
