// Query-string building blocks of the catalogue and back-office contracts: values arrive as text and
// an empty one means "not given" (unlike ZPageQuery, where an empty page is an error).
import { z } from 'zod';
import { ZPageQuery } from './api.js';

export const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
export const page = z.preprocess(blank, ZPageQuery.shape.page);
export const pageSize = (def: number) => z.preprocess(blank, ZPageQuery.shape.pageSize.unwrap().default(def));
/** An optional text filter of at most `max` characters, trimmed. */
export const queryText = (label: string, max: number) =>
  z.preprocess(blank, z.string({ error: `${label}格式错误` }).trim().max(max, `${label}不能超过${max}个字符`).optional());
/** An optional positive id filter. */
export const queryId = (label: string) =>
  z.preprocess(blank, z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`${label}必须是正整数`).max(2_147_483_647, `${label}无效`).optional());

export const ZIdParam = z.object({
  id: z.coerce.number({ error: '编号必须是数字' }).int('编号必须是整数').positive('编号必须是正整数').max(2_147_483_647, '编号无效'),
});
export const ZPlainPageQuery = z.object({ page, pageSize: pageSize(20) });
