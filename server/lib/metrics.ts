// Prometheus metrics (prom-client) at GET /metrics: request latency histograms per route and status
// class (their _count is the request rate), in-flight requests, database pool use, cache hits,
// scheduled-job runs and failures, and the process metrics of prom-client (event-loop lag, memory,
// CPU, GC). Reachable from loopback without a proxy header, or from anywhere with
// `Authorization: Bearer $METRICS_TOKEN`.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';

export type TPoolStats = { total: number; idle: number; waiting: number; max: number };

export type TMetrics = {
  registry: client.Registry;
  httpDuration: client.Histogram<'method' | 'route' | 'status_class'>;
  jobRuns: client.Counter<'job'>;
  jobFailures: client.Counter<'job'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: TMetrics;
  }
}

// Process metrics are one per process whatever number of apps (tests build many): one registry,
// merged into each app's answer.
let processRegistry: client.Registry | undefined;
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
    processRegistry.registerMetric(cacheRequests);
  }
  return processRegistry;
}

// In-process caches are module-level (one per process), and so is their counter.
const cacheRequests = new client.Counter({
  name: 'yct_cache_requests_total',
  help: 'In-process cache lookups by cache and result (hit or miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [],
});

/** Counts one lookup of an in-process cache (for the hit ratio in /metrics). */
export function countCache(cache: string, hit: boolean) {
  cacheRequests.inc({ cache, result: hit ? 'hit' : 'miss' });
}

export function createMetrics(poolStats?: () => TPoolStats): TMetrics {
  const registry = new client.Registry();
  const registers = [registry];
  const httpDuration = new client.Histogram({
    name: 'yct_http_request_duration_seconds',
    help: 'HTTP request latency by route template and status class; _count is the request rate',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const jobRuns = new client.Counter({ name: 'yct_job_runs_total', help: 'Scheduled job runs started on this instance', labelNames: ['job'] as const, registers });
  const jobFailures = new client.Counter({ name: 'yct_job_failures_total', help: 'Scheduled job runs that failed on this instance', labelNames: ['job'] as const, registers });
  new client.Gauge({
    name: 'yct_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting clients, max)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!poolStats) return;
      const s = poolStats();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'waiting' }, s.waiting);
      this.set({ state: 'max' }, s.max);
    },
  });
  return { registry, httpDuration, jobRuns, jobFailures };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Loopback without a proxy header (nginx on the same host adds one), or the configured token. */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (token && bearer) return sameToken(bearer, token);
  const remote = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.has(remote) && request.headers['x-forwarded-for'] === undefined && request.headers['x-real-ip'] === undefined;
}

/** Hooks on the root instance (so they see every route) and the /metrics route. */
export function installMetrics(app: FastifyInstance, metrics: TMetrics, token: string | undefined) {
  app.decorate('metrics', metrics);
  const inFlight = new client.Gauge({ name: 'yct_http_requests_in_flight', help: 'Requests being handled', registers: [metrics.registry] });
  // Callback hooks: every request passes them, and an async one costs a promise and a microtask.
  app.addHook('onRequest', (_request, _reply, done) => {
    inFlight.inc();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    inFlight.dec();
    const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'not_found' : 'fallback');
    if (route !== '/metrics') metrics.httpDuration.observe({ method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(request, token)) {
      return reply.status(403).send({ code: 403, msg: '指标仅限本机或持有令牌访问', requestId: request.id });
    }
    const merged = client.Registry.merge([processMetrics(), metrics.registry]);
    return reply.type(merged.contentType).header('cache-control', 'no-store').send(await merged.metrics());
  });
}
