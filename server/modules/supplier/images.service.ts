// Images of the supplier back office (store logo and banner, goods pictures, covers, images inside
// rich text): checked by content, re-encoded with sharp (which also drops EXIF data), stored
// under uploads/store and served publicly by GET /uploads/store/:name.
import sharp, { type OutputInfo } from 'sharp';
import type { TConfig } from '../../config.js';
import type { TImagePurpose, TUploadedImage } from '../../../contracts/backoffice.js';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { detectMime, IMAGE_MIMES, saveFileFor } from '../../lib/uploads.js';

/** The box each kind of image is shrunk into (never enlarged). */
const BOXES: Record<TImagePurpose, { width: number; height: number }> = {
  logo: { width: 400, height: 400 },
  brand: { width: 400, height: 400 },
  banner: { width: 1920, height: 640 },
  product: { width: 1000, height: 1000 },
  cover: { width: 1200, height: 800 },
  content: { width: 1200, height: 1600 },
};

export const STORE_IMAGE_NAME_RE = /^[a-f0-9]{24}\.webp$/;

export async function saveStoreImage(db: Db, config: TConfig, ownerId: number, purpose: TImagePurpose, filename: string, buffer: Buffer): Promise<TUploadedImage> {
  await detectMime(buffer, IMAGE_MIMES, '图片');
  const box = BOXES[purpose];
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await sharp(buffer, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 84 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', '图片无法识别，请换一张图片');
  }
  const key = await saveFileFor(db, config, ownerId, 'store', 'webp', out.data);
  await db.insert(uploads).values({
    ownerId,
    purpose: `store-${purpose}`,
    filename: filename.slice(0, 200) || 'image',
    mime: 'image/webp',
    size: out.data.length,
    storageKey: key,
  });
  return { url: `/uploads/${key}`, width: out.info.width, height: out.info.height };
}
