// The short path for anonymous public reads (issue 36): the bytes a cacheable answer was sent with —
// compressed for the client's class of Accept-Encoding, with its headers — kept beside the answer
// cache (server/lib/cache.ts) under the same tags, and sent again from the first onRequest hook to
// the next visitor asking the same URL, before validation, the handler, serialisation, the ETag and
// compression. A write's NOTIFY drops them with the answers they were made from, at the same moment.
//
// A route joins by its line in PUBLIC_ANSWERS below, naming the cache tags its answer is made from.
// Only answers that are the same for every anonymous visitor and made from the answer cache alone
// may join: lists, searches, categories, facets. Not details that count a visit
// (server/lib/view-counts.ts: a byte copy would freeze the count and skip the visit), nor answers
// read from tables no trigger notifies (the demand hall names buyers from members). Every route of
// the list is checked in public-answers.api.test.ts.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TCacheTag } from '../lib/cache.js';
import { cacheGenerations, keepSentAnswer, peekSentAnswer } from '../lib/cache.js';
import { countCache } from '../lib/metrics.js';
import { requestIdFrom } from '../lib/ops.js';
import { preferredEncoding } from '../lib/compression.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer cache tags this route's anonymous answer is made from: its bytes may be sent again (plugins/public-answers.ts). */
    publicAnswer?: readonly TCacheTag[];
  }
}

/** The routes whose anonymous GET answers are sent again from their bytes, with the tags of the answers they are made from. */
export const PUBLIC_ANSWERS: Readonly<Record<string, readonly TCacheTag[]>> = {
  '/api/home': ['catalogue', 'news', 'articles', 'demands'],
  '/api/categories': ['catalogue'],
  '/api/regions': [], // a constant list
  '/api/brands': ['catalogue'],
  '/api/products': ['catalogue', 'facts'],
  '/api/stores': ['catalogue'],
  '/api/stores/:uid/products': ['catalogue'],
  '/api/stores/:uid/categories': ['catalogue'],
  '/api/stores/:uid/articles': ['catalogue'],
  '/api/stores/:uid/recruitments': ['catalogue'],
  '/api/enterprises': ['catalogue'],
  '/api/enterprises/:id': ['catalogue'],
  '/api/news': ['news'],
  '/api/news/categories': ['news'],
  '/api/articles': ['articles'],
  '/api/articles/categories': ['articles'],
};

/** `bodyText`: the body's bytes as a latin1 string, which Node writes in one system call with the head (a Buffer takes a writev of both). */
type TSent = { status200: Record<string, string>; status304: Record<string, string>; bodyText: string; etag: string; route: string };
type TPending = { key: string; tags: readonly TCacheTag[]; before: number[]; route: string };

const pendingOf = new WeakMap<FastifyRequest, TPending>();

/** A member's request (a bearer token, or the session cookie a signed-in browser sends) never takes the short path. */
const SESSION_COOKIE = /(?:^|;\s*)token=/;
const MAX_URL = 512;
/** Headers of the request's own, never copied from one answer to another. */
const PER_REQUEST = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

// Accept-Encoding headers are few distinct strings: their class is worked out once each.
const encodingClasses = new Map<string, string>();
function encodingClass(header: string | string[] | undefined): string {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let known = encodingClasses.get(text);
  if (known === undefined) {
    if (encodingClasses.size > 256) encodingClasses.clear();
    encodingClasses.set(text, (known = preferredEncoding(header) ?? 'identity'));
  }
  return known;
}

/** The same test as the ETag hook's (plugins/http-caching.ts): a weak comparison, `*` matches. */
function matches(ifNoneMatch: string, etag: string) {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Registers the short path, before the routes: the routes of PUBLIC_ANSWERS get their tags in their
 * config, and an onRequest hook (after the metrics' and the request id's, before helmet's and the
 * rest) answers from the bytes kept. installPublicAnswerKeeper keeps them.
 */
export function installPublicAnswers(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const tags = PUBLIC_ANSWERS[route.url];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (tags && methods.includes('GET')) route.config = { ...route.config, publicAnswer: tags };
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const tags = request.routeOptions.config.publicAnswer;
    if (!tags) return done();
    const key = keyOf(request.headers, request.url);
    if (key === null) return done();
    const sent = peekSentAnswer<TSent>(app.db, key);
    countCache('sent-answer', sent !== undefined);
    if (!sent) {
      pendingOf.set(request, { key, tags, before: cacheGenerations(app.db, tags), route: request.routeOptions.url ?? request.url });
      return done();
    }
    // Sent here; Fastify still runs the onResponse hooks (metrics, the request log).
    reply.hijack();
    send(sent, request.headers, reply.raw, request.id);
    return done();
  });
  listenFirst(app);
}

/** The key of a request the short path may answer (an anonymous GET of a URL of sane length), or null. */
function keyOf(headers: IncomingHttpHeaders, url: string): string | null {
  if (headers.authorization !== undefined || (headers.cookie !== undefined && SESSION_COOKIE.test(headers.cookie)) || url.length > MAX_URL) return null;
  return `${encodingClass(headers['accept-encoding'])}\u0000${url}`;
}

function send(sent: TSent, headers: IncomingHttpHeaders, res: ServerResponse, requestId: string): number {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, sent.etag)) {
    res.writeHead(304, { 'x-request-id': requestId, ...sent.status304 });
    res.end();
    return 304;
  }
  res.writeHead(200, { 'x-request-id': requestId, ...sent.status200 });
  res.end(sent.bodyText, 'latin1');
  return 200;
}

/**
 * The earliest point: the server's request listener answers a kept answer before Fastify routes the
 * request and builds its request, reply and logger — the same bytes, request id and metrics as the
 * hook above. Only while requests are not logged one by one (LOG_LEVEL above info: the hook answers
 * those, so the log keeps its two lines per request) and not while shutting down (Fastify closes
 * the connections then). app.inject() does not pass the listener: the hook answers it.
 */
function listenFirst(app: FastifyInstance) {
  const server = app.server;
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (listeners.length !== 1) return; // not the server Fastify made: the hook alone
  const fastify = listeners[0]!;
  const logsRequests = ['trace', 'debug', 'info'].includes(app.log.level);
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' || logsRequests || app.lifecycle?.shuttingDown) return fastify(req, res);
    const key = keyOf(req.headers, req.url ?? '');
    const sent = key === null ? undefined : peekSentAnswer<TSent>(app.db, key);
    if (!sent) return fastify(req, res);
    const started = performance.now();
    countCache('sent-answer', true);
    const status = send(sent, req.headers, res, requestIdFrom(req));
    app.metrics.httpDuration.observe({ method: 'GET', route: sent.route, status_class: status === 200 ? '2xx' : '3xx' }, (performance.now() - started) / 1000);
  });
}

/** Keeps what the normal path sends for a request the short path missed (an onSend hook, registered after the ETag's). */
export function installPublicAnswerKeeper(app: FastifyInstance) {
  // A callback hook: every request passes it.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const pending = pendingOf.get(request);
    if (pending && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) keep(app, reply, pending, payload);
    done(null, payload);
  });
}

/** The answer's final bytes and headers, kept unless what it was made from changed while it was made. */
function keep(app: FastifyInstance, reply: FastifyReply, pending: TPending, payload: string | Buffer) {
  const etag = reply.getHeader('etag');
  if (typeof etag !== 'string' || !String(reply.getHeader('cache-control') ?? '').startsWith('public')) return;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const status200: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !PER_REQUEST.has(name)) status200[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  status200['content-length'] = String(body.length);
  // What the ETag hook sends for a matching If-None-Match: no body, so no type, encoding or Vary.
  const { 'content-type': _type, 'content-encoding': _encoding, vary: _vary, ...status304 } = status200;
  status304['content-length'] = '0';
  const sent: TSent = { status200, status304, bodyText: body.toString('latin1'), etag, route: pending.route };
  keepSentAnswer(app.db, pending.key, pending.tags, pending.before, sent, body.length + pending.key.length + 1024);
}
