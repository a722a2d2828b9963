// The OpenAPI document as integrators use it (SRM/ERP clients generated from /api/docs/json):
// recursive and shared schemas as named components, a stable operationId on every operation, the
// bearer scheme on protected operations, and every operation's error answer in the {code, msg} shape.
import { z } from 'zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ZCategoryNode, ZStoreCategory } from '../../contracts/catalogue.js';
import { ZStoreCategoryNode } from '../../contracts/backoffice.js';
import { ZCategoryNode as ZTradeCategoryNode } from '../../contracts/trade.js';
import { ZLiveChangeEvent, ZLiveEndEvent, ZLiveEvent, ZLiveNotificationEvent, ZLiveUnreadEvent } from '../../contracts/live-events.js';
import { ZErrorResponse } from './route-schemas.js';

// Recursive trees cannot be inlined: a generator follows them through a named component. The live
// stream's events are named too, so a generated client has a type for each.
const NAMED: [z.ZodType, string][] = [
  [ZCategoryNode, 'CategoryNode'],
  [ZStoreCategory, 'StoreCategory'],
  [ZStoreCategoryNode, 'StoreCategoryNode'],
  [ZTradeCategoryNode, 'TradeCategoryNode'],
  [ZErrorResponse, 'ErrorResponse'],
  [ZLiveEvent, 'LiveEvent'],
  [ZLiveNotificationEvent, 'LiveNotificationEvent'],
  [ZLiveUnreadEvent, 'LiveUnreadEvent'],
  [ZLiveChangeEvent, 'LiveChangeEvent'],
  [ZLiveEndEvent, 'LiveEndEvent'],
];
for (const [schema, id] of NAMED) {
  const meta = z.globalRegistry.get(schema); // a description of its own is kept
  if (meta?.id === undefined) z.globalRegistry.add(schema, { ...meta, id });
}

/** Verbs that end a path as the action itself (`POST /api/quotations/:id/accept` → acceptQuotation). */
const ACTIONS = new Set([
  'accept', 'reject', 'close', 'withdraw', 'revise', 'reply', 'read', 'publish', 'unpublish', 'submit', 'stop', 'cancel',
  'approve', 'login', 'logout', 'register', 'verify', 'reset', 'send', 'move', 'restore', 'decide', 'export', 'import',
  'upload', 'remove', 'retry', 'resend', 'check', 'bind', 'unbind', 'evaluate', 'extend', 'reopen', 'select', 'repost',
]);

const pascal = (segment: string) =>
  segment
    .split(/[-_.]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
const singular = (word: string) => (word === 'news' ? word : /ies$/.test(word) ? word.replace(/ies$/, 'y') : /(ss|us)$/.test(word) ? word : word.replace(/s$/, ''));
const isParam = (s: string) => s.startsWith(':') || s.startsWith('{');

/**
 * A stable operationId from the method and path: GET /api/products → listProducts,
 * GET /api/products/:id → getProduct, POST /api/demands/:id/quotations → createDemandQuotation,
 * PUT /api/admin/suppliers/:id/status → updateAdminSupplierStatus.
 */
export function operationIdFor(method: string, url: string): string {
  const segments = url.split('/').filter((s) => s && s !== 'api');
  const words: string[] = [];
  segments.forEach((s, i) => {
    if (isParam(s)) return;
    const followedByParam = i + 1 < segments.length && isParam(segments[i + 1]!);
    words.push(followedByParam ? singular(s) : s);
  });
  const last = segments[segments.length - 1] ?? '';
  const m = method.toUpperCase();
  if (m !== 'GET' && !isParam(last) && ACTIONS.has(last)) {
    return last + words.slice(0, -1).map(pascal).join('');
  }
  let verb: string;
  if (m === 'GET') verb = isParam(last) || !/s$/.test(last) ? 'get' : 'list';
  else if (m === 'POST') {
    verb = 'create';
    // POST to a collection creates one of it.
    if (words.length) words[words.length - 1] = singular(words[words.length - 1]!);
  } else if (m === 'PUT' || m === 'PATCH') verb = 'update';
  else if (m === 'DELETE') verb = 'delete';
  else verb = m.toLowerCase();
  return verb + words.map(pascal).join('');
}

/** Paths whose every operation needs a signed-in member (the handlers check it; this documents it). */
const PROTECTED = /^\/(api\/(admin|supplier|purchaser|member|notifications|collections|trade|quotations|inquiries)(\/|$)|auth\/member\/logout$)/;
/** Writes to demands are the purchaser's (the hall and details are public reads). */
const PROTECTED_WRITES = /^\/api\/demands(\/|$)/;
/** Public operations inside those paths (sign-in steps, the public inquiry form). */
const PUBLIC_OPERATIONS = new Set(['POST /api/inquiries/quick']);

export function isProtected(method: string, url: string): boolean {
  const key = `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
  if (PUBLIC_OPERATIONS.has(key)) return false;
  return PROTECTED.test(url) || (method.toUpperCase() !== 'GET' && PROTECTED_WRITES.test(url));
}

const ERROR_JSON = { $ref: '#/components/schemas/ErrorResponse' };

type TTransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TSchemaOut = Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean; operationId?: string; security?: { [label: string]: readonly string[] }[]; tags?: string[] };

export function openApiTransform(input: TTransformInput) {
  const out = jsonSchemaTransform(input) as { schema: TSchemaOut; url: string };
  const schema = out.schema;
  if (!schema || schema.hide) return out;
  // For crawlers, not integrators.
  if (out.url === '/sitemap.xml' || out.url === '/robots.txt') return { schema: { hide: true } as TSchemaOut, url: out.url };
  const method = ([] as string[]).concat((input as unknown as { route: { method: string | string[] } }).route.method).find((m) => m !== 'HEAD') ?? 'GET';
  schema.operationId ??= operationIdFor(method, out.url);
  const response = (schema.response ??= {});
  if (!Object.keys(response).some((code) => /^4/.test(code))) {
    response['400'] = { description: '请求错误（{code, msg}）', ...ERROR_JSON };
  }
  if (isProtected(method, out.url)) {
    schema.security = [{ bearer: [] }];
    if (!response['401']) response['401'] = { description: '未登录或登录已过期', ...ERROR_JSON };
  } else schema.security = []; // public: no token needed
  if (!schema.tags?.length) schema.tags = [out.url.split('/').filter((s) => s && s !== 'api')[0] ?? 'system'];
  return out;
}

/** The named components, less those no operation uses (each schema is registered for input and output). */
export const openApiTransformObject: typeof jsonSchemaTransformObject = (input) => {
  const result = jsonSchemaTransformObject(input);
  const doc = result as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return result;
  const refsTo = (name: string, within: unknown) => JSON.stringify(within).split(`"#/components/schemas/${name}"`).length - 1;
  for (const name of Object.keys(schemas)) {
    const others = Object.fromEntries(Object.entries(schemas).filter(([n]) => n !== name));
    if (refsTo(name, doc.paths) + refsTo(name, others) === 0) delete schemas[name];
  }
  return result;
};
