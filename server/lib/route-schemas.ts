// Response schemas reused by many routes (the envelope of DESIGN.md §3).
import { z } from 'zod';

export const ZOkResponse = z.object({ code: z.number(), msg: z.string() });
export const ZErrorResponse = z.object({ code: z.number(), msg: z.string() });
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data });
export const errorResponses = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 429: ZErrorResponse };
export const ok = (msg = '操作成功') => ({ code: 200, msg });
export const okData = <T>(data: T, msg = '操作成功') => ({ code: 200, msg, data });
