// Upload storage behind one interface (TUploadStorage), with type detection from the file's content.
// The implementation here is a local folder, DATA_DIR/uploads; several instances share it when the
// folder is a shared volume (docs/deploy.md): keys are random, files are written under a temporary
// name and renamed into place, so a reader on any instance sees a whole file or none.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { TConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { supplierApplications, tradeAttachments, uploads } from '../db/schema.js';
import { AppError } from '../errors.js';
import { giveBack, take, type TTry } from './throttle.js';

export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const DOCUMENT_MIMES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/x-cfb',
  ...IMAGE_MIMES,
];

export async function detectMime(buffer: Buffer, allowed: string[], what: string): Promise<{ mime: string; ext: string }> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !allowed.includes(type.mime)) throw new AppError('UNSUPPORTED_MEDIA', `${what}格式不支持`);
  return { mime: type.mime, ext: type.ext };
}

export function uploadsRoot(config: TConfig) {
  return path.join(config.dataDir, 'uploads');
}

/** Where uploaded bytes live. Keys look like `folder/<24 hex>.<ext>`. */
export interface TUploadStorage {
  /** Stores the bytes under a new key: all or nothing — a failed write leaves no file behind. */
  put(folder: string, ext: string, buffer: Buffer): Promise<string>;
  /** The bytes of a key as a stream, or null when there is no such file. */
  open(key: string): Promise<Readable | null>;
  /** Deletes a key; an unknown key is fine. */
  remove(key: string): Promise<void>;
}

/** Disk full or over a quota: the upload fails with a clear message and nothing is kept. */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

export class LocalFolderStorage implements TUploadStorage {
  constructor(readonly root: string) {}

  /** The file of a key inside the folder, refusing anything that escapes it; null when missing. */
  pathOf(key: string): string | null {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep) || file.startsWith(path.join(this.root, '.partial') + path.sep)) return null;
    return fs.existsSync(file) ? file : null;
  }

  async put(folder: string, ext: string, buffer: Buffer): Promise<string> {
    const key = `${folder}/${crypto.randomBytes(12).toString('hex')}.${ext}`;
    const file = path.join(this.root, key);
    // Written beside the final place (same file system, so the rename is atomic) under a name no
    // reader resolves; removed when the write fails half way.
    const partialDir = path.join(this.root, '.partial');
    const partial = path.join(partialDir, `${path.basename(file)}.${process.pid}`);
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.mkdir(partialDir, { recursive: true });
      await fs.promises.writeFile(partial, buffer, { flag: 'wx' });
      await fs.promises.rename(partial, file);
    } catch (err) {
      await fs.promises.rm(partial, { force: true }).catch(() => {});
      if (NO_SPACE.has((err as NodeJS.ErrnoException).code ?? '')) throw new AppError('UNAVAILABLE', '存储空间不足，文件未保存，请稍后再试');
      throw err;
    }
    return key;
  }

  async open(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    return file ? fs.createReadStream(file) : null;
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (file) await fs.promises.rm(file, { force: true });
  }
}

const storages = new Map<string, LocalFolderStorage>();

/** The storage of this configuration (one per uploads folder). */
export function uploadStorage(config: TConfig): LocalFolderStorage {
  const root = uploadsRoot(config);
  let s = storages.get(root);
  if (!s) storages.set(root, (s = new LocalFolderStorage(root)));
  return s;
}

export function saveFile(config: TConfig, folder: string, ext: string, buffer: Buffer): Promise<string> {
  return uploadStorage(config).put(folder, ext, buffer);
}

/** Resolves a storage key inside the uploads folder, refusing anything that escapes it. */
export function resolveKey(config: TConfig, key: string): string | null {
  return uploadStorage(config).pathOf(key);
}

// ---- per-member upload allowance and the clean-up of files nobody linked (issue 11) ----

/** Files one member may upload per hour, and bytes per 24 hours (avatars, store images, attachments). */
export const UPLOADS_PER_HOUR = 60;
export const UPLOAD_BYTES_PER_DAY = 200 * 1024 * 1024;
/** A trade attachment that no demand or quotation links within this time is deleted. */
export const UNLINKED_UPLOAD_TTL_MS = 24 * 3600 * 1000;

/**
 * Takes the member's upload rate and daily volume before a file is stored (atomically, in the
 * database, so parallel uploads and several instances share them); answers the tries, to give back
 * with `giveBack` when the file is not kept after all.
 */
export async function reserveUpload(db: Db, memberId: number, bytes: number): Promise<TTry[]> {
  const rate = await take(db, `upload-rate:member:${memberId}`, UPLOADS_PER_HOUR, 3600 * 1000);
  if (!rate) throw new AppError('TOO_MANY', '上传过于频繁，请稍后再试');
  const volume = await take(db, `upload-bytes:member:${memberId}`, UPLOAD_BYTES_PER_DAY, 24 * 3600 * 1000, Math.max(1, bytes));
  if (!volume) {
    await giveBack(db, [rate]);
    throw new AppError('TOO_MANY', '今日上传文件总量已达上限，请明天再试');
  }
  return [rate, volume];
}

/** Stores a file within the member's allowance; a failed write gives the allowance back. */
export async function saveFileFor(db: Db, config: TConfig, memberId: number, folder: string, ext: string, buffer: Buffer): Promise<string> {
  const tries = await reserveUpload(db, memberId, buffer.length);
  try {
    return await saveFile(config, folder, ext, buffer);
  } catch (err) {
    await giveBack(db, tries);
    throw err;
  }
}

/**
 * Deletes files uploaded more than 24 hours ago that nothing links (a form abandoned after the
 * upload), rows first and then their files: trade attachments no demand or quotation links,
 * business licences no 入驻 application links, and store images (logo, banner, goods pictures,
 * covers, pictures inside rich text) whose address appears in no stored text. Answers how many went.
 */
export async function pruneUnlinkedUploads(db: Db, config: TConfig, batch = 500): Promise<number> {
  const old = lt(uploads.createdAt, sql`now() - ${UNLINKED_UPLOAD_TTL_MS} * interval '1 millisecond'`);
  const unlinkedFiles = and(
    old,
    sql`(
      (${uploads.purpose} = 'trade' AND NOT EXISTS (SELECT 1 FROM ${tradeAttachments} WHERE ${tradeAttachments.uploadId} = ${uploads.id}))
      OR (${uploads.purpose} = 'licence' AND NOT EXISTS (SELECT 1 FROM ${supplierApplications} WHERE ${supplierApplications.licenceUploadId} = ${uploads.id}))
    )`,
  );
  const gone = await db
    .delete(uploads)
    .where(inArray(uploads.id, db.select({ id: uploads.id }).from(uploads).where(unlinkedFiles).limit(batch)))
    .returning({ key: uploads.storageKey });
  const images = await unlinkedStoreImages(db, old, batch);
  if (images.length > 0) gone.push(...(await db.delete(uploads).where(inArray(uploads.id, images)).returning({ key: uploads.storageKey })));
  const storage = uploadStorage(config);
  for (const { key } of gone) await storage.remove(key);
  return gone.length;
}

/** A store image's address: /uploads/store/<24 hex>.webp, relative or absolute, anywhere in a text. */
const STORE_IMAGE_KEY = String.raw`store/[a-f0-9]{24}\.webp`;

/**
 * Store images are linked by address from many texts (store settings, goods, articles, rich text
 * of any record), so every text column of the schema is read for addresses — one pass per column,
 * only when old candidates exist — and the candidates found nowhere answered (at most `batch`).
 */
async function unlinkedStoreImages(db: Db, old: ReturnType<typeof lt>, batch: number): Promise<number[]> {
  const candidates = await db
    .select({ id: uploads.id, key: uploads.storageKey })
    .from(uploads)
    .where(and(old, sql`${uploads.purpose} LIKE 'store-%'`))
    .orderBy(uploads.id);
  if (candidates.length === 0) return [];
  const columns = rowsOf<{ t: string; c: string }>(
    await db.execute(sql`
      select table_name as t, column_name as c from information_schema.columns
      where table_schema = current_schema() and table_name <> 'uploads'
        and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`),
  );
  const linked = new Set<string>();
  for (const { t, c } of columns) {
    const col = sql`${sql.identifier(t)}.${sql.identifier(c)}::text`;
    const found = rowsOf<{ k: string }>(
      await db.execute(sql`select distinct (regexp_matches(${col}, ${STORE_IMAGE_KEY}, 'g'))[1] as k from ${sql.identifier(t)} where ${col} like '%store/%'`),
    );
    for (const { k } of found) linked.add(k);
  }
  return candidates.filter((u) => !linked.has(u.key)).slice(0, batch).map((u) => u.id);
}

function rowsOf<T>(res: unknown): T[] {
  // Both drivers answer raw SQL with { rows } (node-postgres, PGlite).
  return (res as { rows: T[] }).rows;
}
