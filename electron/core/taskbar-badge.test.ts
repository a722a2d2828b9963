import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { badgeText, OVERLAY_SIZE, taskbarOverlay } from './taskbar-badge';

/** Decodes the PNG the way a viewer does: chunks with checked CRCs, then the rows. */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(zlib.crc32(png.subarray(offset + 4, offset + 8 + length)));
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const pixel = (x: number, y: number) => {
    const i = y * (width * 4 + 1) + 1 + x * 4;
    return [...raw.subarray(i, i + 4)];
  };
  return { width, height, pixel };
}

const whitePixels = (img: ReturnType<typeof decode>) => {
  let n = 0;
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (img.pixel(x, y).join() === '255,255,255,255') n++;
  return n;
};

describe('the taskbar overlay for the unread count (Windows)', () => {
  it('nothing unread (or signed out) clears the overlay', () => {
    expect(taskbarOverlay(0)).toBeNull();
    expect(taskbarOverlay(-1)).toBeNull();
  });

  it('is a valid 32×32 PNG: a red disc, transparent corners, the number in white', () => {
    const overlay = taskbarOverlay(3)!;
    expect(overlay.description).toBe('3 条未读通知');
    const img = decode(overlay.png);
    expect([img.width, img.height]).toEqual([OVERLAY_SIZE, OVERLAY_SIZE]);
    expect(img.pixel(0, 0)[3]).toBe(0);
    expect(img.pixel(2, 16)).toEqual([0xd9, 0x30, 0x25, 255]);
    expect(whitePixels(img)).toBeGreaterThan(40);
  });

  it('each count draws differently; beyond 99 it says 99+', () => {
    const pictures = [1, 7, 12, 99, 100, 250].map((n) => taskbarOverlay(n)!.png.toString('base64'));
    expect(new Set(pictures.slice(0, 5)).size).toBe(5);
    expect(pictures[5]).toBe(pictures[4]);
    expect(badgeText(250)).toBe('99+');
    expect(taskbarOverlay(250)!.description).toBe('99+ 条未读通知');
  });
});
