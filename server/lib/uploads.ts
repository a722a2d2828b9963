// Local upload storage under DATA_DIR/uploads, with type detection from the file's content.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { TConfig } from '../config.js';
import { AppError } from '../errors.js';

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

export function saveFile(config: TConfig, folder: string, ext: string, buffer: Buffer): string {
  const key = `${folder}/${crypto.randomBytes(12).toString('hex')}.${ext}`;
  const file = path.join(uploadsRoot(config), key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, buffer);
  return key;
}

/** Resolves a storage key inside the uploads folder, refusing anything that escapes it. */
export function resolveKey(config: TConfig, key: string): string | null {
  const root = uploadsRoot(config);
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) return null;
  return fs.existsSync(file) ? file : null;
}
