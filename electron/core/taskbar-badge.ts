// The unread count on the Windows taskbar. app.setBadgeCount does nothing on Windows: the count is
// an overlay icon on each window's taskbar button (BrowserWindow.setOverlayIcon), drawn here as a
// PNG — a red disc with the number in white, 99+ beyond — so no image files ship for it. The
// description is what screen readers say for it. macOS and Linux keep app.setBadgeCount.
import zlib from 'node:zlib';

/** Side of the drawn icon in pixels; main loads it at scale factor 2 (16×16 DIP, the overlay size). */
export const OVERLAY_SIZE = 32;

export type TTaskbarOverlay = { png: Buffer; description: string };

/** 3×5 glyphs, one string per row. */
const GLYPHS: Record<string, string[]> = {
  '0': ['111', '101', '101', '101', '111'],
  '1': ['010', '110', '010', '010', '111'],
  '2': ['111', '001', '111', '100', '111'],
  '3': ['111', '001', '111', '001', '111'],
  '4': ['101', '101', '111', '001', '001'],
  '5': ['111', '100', '111', '001', '111'],
  '6': ['111', '100', '111', '101', '111'],
  '7': ['111', '001', '001', '001', '001'],
  '8': ['111', '101', '111', '101', '111'],
  '9': ['111', '101', '111', '001', '111'],
  '+': ['000', '010', '111', '010', '000'],
};

const RED = [0xd9, 0x30, 0x25] as const;

/** The text on the badge: the count, or 99+. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(Math.max(0, Math.floor(count))));

/** RGBA pixels of the badge (row-major, OVERLAY_SIZE²×4 bytes). */
export function drawBadge(text: string): Uint8Array {
  const size = OVERLAY_SIZE;
  const px = new Uint8Array(size * size * 4);
  const c = size / 2;
  const r = size / 2 - 0.5;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      // One pixel of soft edge.
      const alpha = Math.max(0, Math.min(1, r - d + 0.5));
      const i = (y * size + x) * 4;
      px[i] = RED[0];
      px[i + 1] = RED[1];
      px[i + 2] = RED[2];
      px[i + 3] = Math.round(alpha * 255);
    }
  }
  const glyphs = [...text].map((ch) => GLYPHS[ch] ?? GLYPHS['0']!);
  const cols = glyphs.length * 4 - 1;
  const scale = Math.max(1, Math.min(Math.floor(22 / cols), 4));
  const left = Math.round((size - cols * scale) / 2);
  const top = Math.round((size - 5 * scale) / 2);
  glyphs.forEach((glyph, g) => {
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const x = left + (g * 4 + gx) * scale + dx;
            const y = top + gy * scale + dy;
            px.set([255, 255, 255, 255], (y * size + x) * 4);
          }
        }
      });
    });
  });
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGBA image as PNG (8-bit, no interlace, filter 0 on every row). */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', new Uint8Array())]);
}

/** The overlay for `count` unread notifications, or null to clear it (none unread, or signed out). */
export function taskbarOverlay(count: number): TTaskbarOverlay | null {
  if (!(count > 0)) return null;
  const text = badgeText(count);
  return { png: encodePng(drawBadge(text), OVERLAY_SIZE, OVERLAY_SIZE), description: `${text} 条未读通知` };
}
