// Builds the Fastify application: plugins in order external → app → modules (STYLE.md 3).
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config.js';
import type { TDatabase } from './db/client.js';
import { AppError } from './errors.js';
import { authPlugin } from './plugins/auth.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerModules } from './modules/index.js';
import { createMailer, type TMailer } from './lib/mailer.js';
import { errorPageHead, renderShell } from './plugins/html.js';
import { compressHtml, isAnonymousPageRequest, loadServerRenderer, pageBody } from './plugins/ssr.js';
import { createMetrics, installMetrics } from './lib/metrics.js';
import { isDatabaseUnavailable, requestIdFrom } from './lib/ops.js';
import { installHttpCaching } from './plugins/http-caching.js';
import { installPublicAnswerKeeper, installPublicAnswers } from './plugins/public-answers.js';
import { cached, cacheInvalidationHandler } from './lib/cache.js';
import { listenToDatabase } from './lib/db-listener.js';
import { LiveBus } from './lib/live-bus.js';
import { countPageVisit, startViewFlusher } from './lib/view-counts.js';
import { openApiTransform, openApiTransformObject } from './lib/openapi.js';

export type TAppDeps = { config: TConfig; database: TDatabase; mailer?: TMailer; logger?: FastifyServerOptions['logger'] };

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
    db: TDatabase['db'];
    dbKind: TDatabase['kind'];
    mailer: TMailer;
    /** Live notification events of this process (new notices, counts, revoked sessions). */
    live: LiveBus;
  }
}

const API_PREFIXES = ['/api', '/auth', '/resource'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

const STATUS_MSG: Record<number, string> = {
  400: '请求参数错误',
  401: '登录状态已过期，请重新登录',
  403: '没有权限执行此操作',
  404: '请求的资源不存在',
  405: '不支持的请求方法',
  413: '上传内容过大',
  415: '不支持的内容类型',
  429: '操作过于频繁，请稍后再试',
  500: '服务器内部错误',
  503: '服务暂时不可用，请稍后再试',
};

/**
 * The response schemas' serializer, remembering the text of each `data` object it wrote per route:
 * an answer from the shared cache (server/lib/cache.ts) is the same object on every hit, so a
 * popular list is checked against its schema and turned into JSON once, not per request. Cached
 * answers are never mutated (a changed answer is a new object), which keeps the text right.
 */
const memoisedSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const texts = new WeakMap<object, Map<string, string>>();
  return (payload: unknown) => {
    const envelope = payload as { code?: unknown; msg?: unknown; data?: unknown } | null;
    const data = envelope && typeof envelope === 'object' ? envelope.data : undefined;
    if (!data || typeof data !== 'object' || Object.keys(envelope!).some((k) => k !== 'code' && k !== 'msg' && k !== 'data')) return serialize(payload);
    const head = `${String(envelope!.code)}\u0000${String(envelope!.msg)}`;
    let byHead = texts.get(data);
    const known = byHead?.get(head);
    if (known !== undefined) return known;
    const text = serialize(payload);
    if (!byHead) texts.set(data, (byHead = new Map()));
    byHead.set(head, text);
    return text;
  };
};

export async function buildApp(deps: TAppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY === 'false' ? false : config.TRUST_PROXY.split(',').map((v) => v.trim()),
    bodyLimit: 1024 * 1024,
    // The proxy's X-Request-Id when it is a plain token, else a fresh one: in every log line of the
    // request (reqId), in the X-Request-Id answer header and in every error answer (requestId).
    genReqId: requestIdFrom,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoisedSerializerCompiler);
  // SPEC §7: every request sends Content-Type: application/json, also calls without a body (logout):
  // an empty body is no body; anything else goes through Fastify's own parser (prototype-poisoning checks).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('mailer', deps.mailer ?? createMailer(config, app.log));
  installMetrics(app, createMetrics(database.poolStats), config.METRICS_TOKEN);
  // Public answers are cached until a write's NOTIFY drops them; the same listener carries the live
  // notification events to this process's streams; views are written behind in batches.
  const live = new LiveBus();
  app.decorate('live', live);
  const stopListening = await listenToDatabase(database, app.log, [cacheInvalidationHandler(database.db), live.handler()]);
  const stopViewFlusher = startViewFlusher(database.db, (err) => app.log.warn({ err }, 'view counts not written; kept for the next round'));
  app.addHook('onClose', async () => {
    await stopViewFlusher();
    await stopListening();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // A cacheable anonymous read sent before it was is sent again from its bytes, before the hooks below.
  installPublicAnswers(app);
  app.addHook('onSend', async (request, reply, payload) => {
    // Error answers carry the request id, whichever handler wrote them.
    if (reply.statusCode < 400 || typeof payload !== 'string' || payload[0] !== '{' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      if (body && typeof body === 'object' && !Array.isArray(body) && body.requestId === undefined) return JSON.stringify({ ...body, requestId: request.id });
    } catch {
      // not JSON after all: leave it
    }
    return payload;
  });
  // ETag/304 and Cache-Control on reads, then Brotli/gzip (after the hooks above have the identity body).
  await installHttpCaching(app, isApiPath);
  installPublicAnswerKeeper(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The only frame a page shows: the business licence PDF from a blob its own script made
        // (src/components/licence-preview.tsx). No site and none of our pages can be framed.
        frameSrc: ['blob:'],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 20 } });
  // The OpenAPI document and Swagger UI at /api/docs: off in production unless API_DOCS=1.
  if (config.apiDocs) await app.register(swagger, {
    openapi: {
      info: {
        title: '仪采通 API',
        description: '科学仪器 B2B 交易平台接口。除非另有说明，所有响应使用 {code, msg, data} 信封；错误为 {code, msg}。接入说明见 docs/api.md。',
        version: '1.0.0',
        license: { name: 'Proprietary', url: `${config.publicUrl}/agreement` },
        contact: { name: '仪采通平台', url: `${config.publicUrl}/service/contact` },
      },
      servers: [{ url: config.publicUrl, description: '本服务' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '登录接口返回的令牌：Authorization: Bearer <token>' } } },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  for (const warning of config.warnings) app.log.warn(warning);

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ code: err.status, msg: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '') ?? '';
      const message = first?.message ?? '请求参数错误';
      const looksChinese = /[\u4e00-\u9fa5]/.test(message);
      return reply.status(400).send({ code: 400, msg: looksChinese ? message : `请求参数错误：${field || err.validationContext} ${message}`.trim() });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ code: 503, msg: '数据库暂时不可用，请稍后再试' });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    const code = status >= 400 && status < 600 ? status : 500;
    return reply.status(code).send({ code, msg: STATUS_MSG[code] ?? STATUS_MSG[500]! });
  });

  await app.register(authPlugin);
  await app.register(healthRoutes);
  await registerModules(app);

  const indexFile = path.join(config.staticDir, 'index.html');
  const hasRenderer = fs.existsSync(indexFile);
  if (hasRenderer) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts); sent as-is when accepted.
      preCompressed: true,
      // Served by routes (absolute sitemap URL); a stale build's copy would clash with them. The
      // server-rendering bundle and the build manifest are for this server, not for browsers.
      globIgnore: ['robots.txt', 'sitemap.xml', 'ssr/**', '.vite/**'],
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  const indexTemplate = hasRenderer ? fs.readFileSync(indexFile, 'utf8') : '';
  // Public pages rendered on the server for visitors (src/entry-server.tsx); members, other pages and
  // any page whose rendering fails get the shell, which the browser renders.
  const renderPage = hasRenderer && config.SERVER_RENDERING !== 'off' ? await loadServerRenderer(app, config.staticDir) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (isApiPath(url) || !hasRenderer || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 404, msg: `接口不存在：${request.method} ${url.split('?')[0]}` });
    }
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    // A missing static file (an old hashed chunk) is a real 404, not the app shell.
    if (/\.(m?js|css|map|png|jpe?g|svg|webp|ico|woff2?|json|txt)$/.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not Found');
    }
    // Meta resolvers read the query too: /shop/goods-details?id=, /store/{uid}/storeArticleDetails?id=.
    // From the shared cache: the meta names products, stores and publications, so their writes drop it.
    // An address naming nothing (an unknown product) answers 404, rendered or not.
    const shellFor = () =>
      cached(app.db, 'html', url.slice(0, 512), ['catalogue', 'news', 'articles'], () =>
        renderShell(app, indexTemplate, pathname, new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1))),
      );
    const shell = await shellFor();
    // An address no route shows a page for is a 404 for members too (the browser would render the error page).
    let status = shell.status < 400 && renderPage && !renderPage.isPageAddress(pathname) ? 404 : shell.status;
    // A page answered with 200 is a visit to what it shows, rendered now or from the cache alike
    // (lib/view-counts.ts: once per visitor and visit; crawlers and prefetches are none).
    const visited = (code: number) => {
      if (code !== 200) return;
      countPageVisit(app.db, request, pathname, new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1))).catch((err: unknown) => request.log.warn({ err, url }, 'page visit not counted'));
    };
    // Pages are compressed like API answers (the compression plugin reaches routes, not this handler).
    const sendHtml = (code: number, html: string) => {
      reply.status(code).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const encoded = request.method === 'GET' ? compressHtml(request.headers['accept-encoding'], html) : null;
      if (!encoded) return reply.send(html);
      return reply.header('content-encoding', encoded.encoding).send(encoded.body);
    };
    if (renderPage && isAnonymousPageRequest(request.headers)) {
      try {
        // The rendered page is the same for every visitor: cached like the answers it shows.
        const page = await cached(app.db, 'ssr', url.slice(0, 512), ['catalogue', 'news', 'articles', 'demands'], () => renderPage(url, shell.html));
        if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
        if (page.kind === 'page') {
          visited(Math.max(page.status, shell.status));
          const { encoding, body } = pageBody(request.method === 'GET' ? request.headers['accept-encoding'] : undefined, page.br);
          reply.status(Math.max(page.status, shell.status)).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
          return encoding ? reply.header('content-encoding', encoding).send(body) : reply.send(body);
        }
        status = Math.max(page.status, status);
      } catch (err) {
        request.log.error({ err, url }, 'server rendering failed; the browser renders the page');
      }
    }
    visited(status);
    // An address the renderer does not show a page for (no route, or a detail address without .html).
    return sendHtml(status, status >= 400 && shell.status < 400 ? errorPageHead(shell.html, status, config.SITE_NAME) : shell.html);
  });

  return app;
}
