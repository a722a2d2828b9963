// Attachments of demands and quotations: PDF, Office files and images up to 5 MB, checked by
// content, stored with saveFile, recorded in uploads and linked through trade_attachments; served
// only to the members allowed to see the record they belong to.
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_MAX_BYTES, bidsOpened, PUBLIC_DEMAND_STATES, SEALED_UNTIL_OPENING, type TAttachment, type TDemandState } from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { demands, inquiries, quotations, tradeAttachments, uploads } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { detectMime, DOCUMENT_MIMES, resolveKey, saveFileFor } from '../../../lib/uploads.js';
import type { TSessionMember } from '../../auth/session.repository.js';
import { attachmentUrl, isAdmin, isSupplierRole, supplierOfMember } from '../common.js';

export type TAttachmentEntity = 'demand' | 'quotation';

/** Office files that file-type reports by their container; the name's extension tells which. */
const OFFICE_BY_EXT: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

export { cleanFilename, contentDisposition } from '../../../lib/filenames.js';
import { cleanFilename } from '../../../lib/filenames.js';

export async function saveAttachment(app: FastifyInstance, ownerId: number, buffer: Buffer, filename: string): Promise<TAttachment> {
  if (buffer.length === 0) throw new AppError('BAD_REQUEST', '附件内容为空');
  if (buffer.length > ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', '附件不能超过5MB');
  const detected = await detectMime(buffer, DOCUMENT_MIMES, '附件').catch(() => {
    throw new AppError('UNSUPPORTED_MEDIA', '附件格式不支持，请上传 PDF、Word、Excel、PPT 或图片文件');
  });
  const name = cleanFilename(filename);
  const ext = path.extname(name).slice(1).toLowerCase();
  // An old-style Office file is a compound file, like an .msi or an .msg: only the Office names pass.
  const mime = detected.mime === 'application/x-cfb' ? OFFICE_BY_EXT[ext] : detected.mime;
  if (!mime) throw new AppError('UNSUPPORTED_MEDIA', '附件格式不支持，请上传 PDF、Word、Excel、PPT 或图片文件');
  // within the member's upload rate and daily volume; unlinked after 24 h, the scheduler deletes it
  const key = await saveFileFor(app.db, app.config, ownerId, 'trade', detected.ext, buffer);
  const [row] = await app.db.insert(uploads).values({ ownerId, purpose: 'trade', filename: name, mime, size: buffer.length, storageKey: key }).returning();
  return { id: row!.id, filename: row!.filename, mime: row!.mime, size: row!.size, url: attachmentUrl(row!.id) };
}

/** Makes the entity's attachments exactly `ids`; every new one must be the caller's own upload. */
export async function linkAttachments(db: Db, ownerId: number, entity: TAttachmentEntity, entityId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  const current = await db.select({ uploadId: tradeAttachments.uploadId }).from(tradeAttachments).where(and(eq(tradeAttachments.entity, entity), eq(tradeAttachments.entityId, entityId)));
  const have = new Set(current.map((c) => c.uploadId));
  const added = wanted.filter((id) => !have.has(id));
  if (added.length) {
    const owned = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(inArray(uploads.id, added), eq(uploads.ownerId, ownerId), eq(uploads.purpose, 'trade')));
    if (owned.length !== added.length) throw new AppError('BAD_REQUEST', '附件无效，请重新上传');
    await db.insert(tradeAttachments).values(added.map((uploadId) => ({ uploadId, entity, entityId })));
  }
  const removed = [...have].filter((id) => !wanted.includes(id));
  if (removed.length) {
    await db.delete(tradeAttachments).where(and(eq(tradeAttachments.entity, entity), eq(tradeAttachments.entityId, entityId), inArray(tradeAttachments.uploadId, removed)));
  }
}

export async function attachmentsOf(db: Db, entity: TAttachmentEntity, entityIds: number[]): Promise<Map<number, TAttachment[]>> {
  const out = new Map<number, TAttachment[]>();
  if (entityIds.length === 0) return out;
  const rows = await db
    .select({ entityId: tradeAttachments.entityId, id: uploads.id, filename: uploads.filename, mime: uploads.mime, size: uploads.size })
    .from(tradeAttachments)
    .innerJoin(uploads, eq(uploads.id, tradeAttachments.uploadId))
    .where(and(eq(tradeAttachments.entity, entity), inArray(tradeAttachments.entityId, entityIds)))
    .orderBy(tradeAttachments.id);
  for (const r of rows) {
    const list = out.get(r.entityId) ?? [];
    list.push({ id: r.id, filename: r.filename, mime: r.mime, size: r.size, url: attachmentUrl(r.id) });
    out.set(r.entityId, list);
  }
  return out;
}

/**
 * Who may download: the uploader and admins always; for a demand's file its purchaser and any
 * logged-in supplier while the demand is public (or the supplier quoted on it); for a quotation's
 * file the quoting supplier and the buyer it was sent to. Everyone else gets 404.
 */
export async function openAttachment(app: FastifyInstance, me: TSessionMember, uploadId: number) {
  const db = app.db;
  const [file] = await db.select().from(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.purpose, 'trade'))).limit(1);
  if (!file) throw new AppError('NOT_FOUND', '附件不存在');
  const allowed = file.ownerId === me.id || isAdmin(me) || (await allowedThroughLinks(db, me, uploadId));
  if (!allowed) throw new AppError('NOT_FOUND', '附件不存在');
  if (file.ownerId !== me.id && (await sealedQuotationFile(db, me, uploadId))) throw new AppError('FORBIDDEN', SEALED_UNTIL_OPENING);
  const full = resolveKey(app.config, file.storageKey);
  if (!full) throw new AppError('NOT_FOUND', '附件文件已丢失');
  return { file, full };
}

/** A file of a quotation on a 密封报价 demand not yet opened (bidsOpened), and the caller is not that quotation's supplier. */
async function sealedQuotationFile(db: Db, me: TSessionMember, uploadId: number): Promise<boolean> {
  const rows = await db
    .select({ supplierId: quotations.supplierId, quoteMode: demands.quoteMode, status: demands.status, quoteDeadline: demands.quoteDeadline })
    .from(tradeAttachments)
    .innerJoin(quotations, eq(quotations.id, tradeAttachments.entityId))
    .innerJoin(demands, eq(demands.id, quotations.demandId))
    .where(and(eq(tradeAttachments.uploadId, uploadId), eq(tradeAttachments.entity, 'quotation')));
  if (rows.length === 0) return false;
  const mySupplier = await supplierOfMember(db, me.id);
  return rows.some((r) => r.supplierId !== mySupplier?.id && !bidsOpened(r));
}

async function allowedThroughLinks(db: Db, me: TSessionMember, uploadId: number): Promise<boolean> {
  const links = await db.select().from(tradeAttachments).where(eq(tradeAttachments.uploadId, uploadId));
  const mySupplier = await supplierOfMember(db, me.id);
  for (const link of links) {
    if (link.entity === 'demand') {
      const [d] = await db.select({ purchaserId: demands.purchaserId, status: demands.status }).from(demands).where(eq(demands.id, link.entityId)).limit(1);
      if (!d) continue;
      if (d.purchaserId === me.id) return true;
      if (mySupplier && isSupplierRole(me)) {
        if (mySupplier.approved && PUBLIC_DEMAND_STATES.includes(d.status as TDemandState)) return true;
        const [q] = await db
          .select({ id: quotations.id })
          .from(quotations)
          .where(and(eq(quotations.demandId, link.entityId), eq(quotations.supplierId, mySupplier.id)))
          .limit(1);
        if (q) return true;
      }
    } else if (link.entity === 'quotation') {
      const [q] = await db
        .select({ supplierId: quotations.supplierId, demandId: quotations.demandId, inquiryId: quotations.inquiryId })
        .from(quotations)
        .where(eq(quotations.id, link.entityId))
        .limit(1);
      if (!q) continue;
      if (mySupplier && q.supplierId === mySupplier.id) return true;
      if (q.demandId) {
        const [d] = await db.select({ purchaserId: demands.purchaserId }).from(demands).where(eq(demands.id, q.demandId)).limit(1);
        if (d?.purchaserId === me.id) return true;
      }
      if (q.inquiryId) {
        const [i] = await db.select({ memberId: inquiries.memberId }).from(inquiries).where(eq(inquiries.id, q.inquiryId)).limit(1);
        if (i?.memberId === me.id) return true;
      }
    }
  }
  return false;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
