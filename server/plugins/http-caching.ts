// HTTP for a catalogue under traffic: Brotli/gzip for JSON and HTML, an ETag with 304 on public
// GETs and the HTML shell, Cache-Control a CDN can honour on anonymous public reads and
// `private, no-store` on everything member-specific.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { BROTLI_OPTIONS, compressBody, GZIP_OPTIONS, MIN_COMPRESSED, preferredEncoding } from '../lib/compression.js';

/** Anonymous reads that are the same for every visitor (SPEC §1–§2, the demand hall, news, articles). */
const PUBLIC_API = /^\/api\/(?:home|categories|regions|brands|products|stores|enterprises|news|articles)(?:[/?]|$)|^\/api\/demands(?:\/\d+)?(?:\?|$)/;

export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/**
 * Answers that must follow a write at once (the home page links to demands and stores a rejection
 * takes down): no freshness window, the client revalidates every time. The server answers from its
 * shared answer cache, which a write's NOTIFY drops (server/lib/cache.ts), so an unchanged answer
 * costs a 304.
 */
export const REVALIDATE_CACHE_CONTROL = 'public, no-cache';
const REVALIDATED_API = /^\/api\/home(?:\?|$)/;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export const isPublicApiRead = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && PUBLIC_API.test(request.url) && !request.headers.authorization;

const etagOf = (payload: string | Buffer) => `W/"${crypto.createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;

function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Compressed bodies of shareable answers by ETag and encoding: a popular answer (served from the
 * answer cache, server/lib/cache.ts) is compressed once, not on every request — compressing cost
 * more than everything else a cache hit does. Content-addressed, so it is never stale; the oldest
 * go first beyond the byte budget.
 */
class CompressedBodies {
  private entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly budget: number) {}

  get(key: string, compute: () => Buffer): Buffer {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const body = compute();
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
    return body;
  }
}

/** Registers caching headers (before compression, so the ETag is the identity body's) and compression. */
export async function installHttpCaching(app: FastifyInstance, isApiPath: (url: string) => boolean) {
  const compressed = new CompressedBodies(64 * 1024 * 1024);
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const api = isApiPath(request.url);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (api && !reply.hasHeader('cache-control')) {
      const shared = isPublicApiRead(request) && reply.statusCode === 200;
      reply.header('cache-control', shared ? (REVALIDATED_API.test(request.url) ? REVALIDATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL) : PRIVATE_CACHE_CONTROL);
      if (!shared) return payload;
    }
    if (!isRead || reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // streams (static files) have their own
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json') && !type.includes('html') && !type.includes('xml')) return payload;
    if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    // A shareable answer goes out compressed from the memo (the compression plugin leaves an
    // encoded body alone); the rest is compressed by the plugin as it goes.
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding || !String(reply.getHeader('cache-control') ?? '').startsWith('public') || Buffer.byteLength(payload) < MIN_COMPRESSED) return payload;
    const body = compressed.get(`${etag}|${encoding}`, () => compressBody(encoding, payload));
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });

  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: MIN_COMPRESSED,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    customTypes: /^(?:application\/(?:json|xml|javascript)|text\/|image\/svg\+xml)/,
  });
}
