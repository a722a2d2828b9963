// Brotli or gzip for what the server compresses itself (shareable API answers, rendered pages):
// which encoding a client takes, and the levels used for bodies made per request — a fast Brotli
// level, since the default 11 costs more CPU than the bytes it saves (static assets are compressed
// at build time at the highest level instead).
import zlib from 'node:zlib';

export type TEncoding = 'br' | 'gzip';

export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };
/** Below this, compressing saves too little to be worth it. */
export const MIN_COMPRESSED = 1024;

/** br or gzip, whichever the client accepts (br first), or null (q=0 refuses an encoding). */
export function preferredEncoding(header: string | string[] | undefined): TEncoding | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...rest] = part.trim().toLowerCase().split(';');
    const q = rest.map((r) => r.trim()).find((r) => r.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

export const compressBody = (encoding: TEncoding, body: string | Buffer): Buffer => (encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS));
