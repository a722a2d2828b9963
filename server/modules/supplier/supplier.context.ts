// The caller's own supplier record: every /api/supplier call acts on it and on nothing else.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export type TOwnSupplier = { id: number; memberId: number; companyName: string; province: string | null; status: string };

/** 401 for visitors, 403 for members without the supplier role or without a supplier record. */
export async function requireOwnSupplier(db: Db, req: FastifyRequest): Promise<TOwnSupplier> {
  const me = await req.requireRole('supplier');
  const [row] = await db
    .select({ id: suppliers.id, companyName: suppliers.companyName, province: suppliers.province, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.memberId, me.id))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', '您的账号尚未开通供应商店铺，请联系平台管理员');
  return { ...row, memberId: me.id };
}

/** Escapes LIKE wildcards so a keyword matches literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const iso = (d: Date) => d.toISOString();
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
