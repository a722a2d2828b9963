// Draws the 512×512 application icon (build/icon.png) with Node built-ins only:
// a blue rounded square with a white laboratory flask. Run: node build/make-icon.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // 4×4 supersampling for smooth edges

const BLUE_TOP = [37, 99, 235];
const BLUE_BOTTOM = [14, 165, 233];
const WHITE = [255, 255, 255];
const LIQUID = [125, 211, 252];

function insideRoundedSquare(x, y) {
  const margin = 24;
  const radius = 96;
  const lo = margin + radius;
  const hi = SIZE - margin - radius;
  const cx = Math.min(Math.max(x, lo), hi);
  const cy = Math.min(Math.max(y, lo), hi);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 && x >= margin && x <= SIZE - margin && y >= margin && y <= SIZE - margin;
}

/** The flask: rim, neck, then a body widening to a rounded base. Returns 'liquid', 'glass' or null. */
function flask(x, y) {
  if (y >= 104 && y <= 128 && x >= 196 && x <= 316) return 'glass';
  if (y > 128 && y <= 214 && x >= 220 && x <= 292) return 'glass';
  if (y > 214 && y <= 404) {
    const t = (y - 214) / (404 - 214);
    const half = 36 + t * (150 - 36);
    const inBody = Math.abs(x - 256) <= half;
    // Round the two bottom corners.
    const cornerR = 28;
    const cornerY = 404 - cornerR;
    if (y > cornerY) {
      const cx = x < 256 ? 256 - half + cornerR : 256 + half - cornerR;
      const outside = x < 256 ? x < cx : x > cx;
      if (outside && (x - cx) ** 2 + (y - cornerY) ** 2 > cornerR ** 2) return null;
    }
    if (!inBody) return null;
    const innerHalf = half - 14;
    if (y > 300 && y < 390 && Math.abs(x - 256) <= innerHalf) return 'liquid';
    return 'glass';
  }
  return null;
}

function colourAt(x, y) {
  if (!insideRoundedSquare(x, y)) return null;
  const part = flask(x, y);
  if (part === 'glass') return WHITE;
  if (part === 'liquid') return LIQUID;
  const t = y / SIZE;
  return BLUE_TOP.map((c, i) => Math.round(c + (BLUE_BOTTOM[i] - c) * t));
}

const rows = [];
for (let py = 0; py < SIZE; py++) {
  const row = Buffer.alloc(1 + SIZE * 4); // filter byte 0, then RGBA
  for (let px = 0; px < SIZE; px++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const c = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
        if (!c) continue;
        r += c[0];
        g += c[1];
        b += c[2];
        a += 1;
      }
    }
    const o = 1 + px * 4;
    if (a > 0) {
      row[o] = Math.round(r / a);
      row[o + 1] = Math.round(g / a);
      row[o + 2] = Math.round(b / a);
      row[o + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
    }
  }
  rows.push(row);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'icon.png');
fs.writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
