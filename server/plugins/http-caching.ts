// HTTP for a catalogue under traffic: Brotli/gzip for JSON and HTML, an ETag with 304 on public
// GETs and the HTML shell, Cache-Control a CDN can honour on anonymous public reads and
// `private, no-store` on everything member-specific.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';

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

/** Registers caching headers (before compression, so the ETag is the identity body's) and compression. */
export async function installHttpCaching(app: FastifyInstance, isApiPath: (url: string) => boolean) {
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
    return payload;
  });

  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Dynamic answers: a fast Brotli level (the default 11 costs more CPU than the bytes it saves);
    // static assets are compressed at build time at the highest level instead.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: /^(?:application\/(?:json|xml|javascript)|text\/|image\/svg\+xml)/,
  });
}
