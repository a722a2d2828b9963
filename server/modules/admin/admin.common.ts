// Helpers of the platform admin services: the audit trail and notices to one member.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, suppliers, notices } from '../../db/schema.js';

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function audit(db: Db, entry: { entity: string; entityId: number; fromState: string | null; toState: string; actorId: number; note?: string | null }) {
  await db.insert(auditLog).values({ ...entry, note: entry.note ?? null });
}

/** An in-app notice about a review result (kind 'review' keeps it out of the announcement list). */
export async function notifyMember(db: Db, memberId: number | null, title: string, content: string, link: string | null) {
  if (!memberId) return;
  await db.insert(notices).values({ memberId, title: title.slice(0, 120), content, link, kind: 'review' });
}

export async function supplierMemberId(db: Db, supplierId: number | null): Promise<number | null> {
  if (!supplierId) return null;
  const [row] = await db.select({ memberId: suppliers.memberId }).from(suppliers).where(eq(suppliers.id, supplierId)).limit(1);
  return row?.memberId ?? null;
}
