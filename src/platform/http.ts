// Requests to the API (SPEC §7, STYLE.md 10) through the one axios instance (./http-client):
// bearer header, JSON or form data, GET/DELETE payload as query, one retry for non-mutating methods
// on transient statuses, 401 handling. The client is loaded on the first request, so the JavaScript a
// server-rendered page needs before it hydrates stays small (bench/bundle-size.ts).
import type { AxiosRequestConfig } from 'axios';
import type { TEnvelope } from '@contracts/api';

export { onSaved, RETRY_STATUSES, setUnauthorizedHandler } from './http-policy';

/** The axios instance, loaded once on first use. */
export const loadHttpClient = () => import('./http-client').then((m) => m.http);

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Sends a request; GET and DELETE carry the payload as query, POST and PUT as body. */
export async function request<T>(method: 'get' | 'post' | 'put' | 'delete', url: string, payload?: unknown, extra?: AxiosRequestConfig): Promise<TEnvelope<T>> {
  const asQuery = method === 'get' || method === 'delete';
  const http = await loadHttpClient();
  const res = await http.request<TEnvelope<T>>({
    method,
    url,
    ...(asQuery ? { params: payload } : { data: payload }),
    ...extra,
  });
  const body = res.data;
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    return { code: res.status || 500, msg: '服务器内部错误' };
  }
  return body;
}

/** For queries: the data of a successful answer, or an ApiError carrying the server's message. */
export async function fetchData<T>(method: 'get' | 'post' | 'put' | 'delete', url: string, payload?: unknown): Promise<T> {
  const body = await request<T>(method, url, payload);
  if (body.code !== 200) throw new ApiError(body.code, body.msg);
  return body.data as T;
}

/**
 * SPEC §7: other request failures are only logged and yield no result. Used where a page can
 * live without the answer (badges, counters); forms use `request` and show the message.
 */
export async function quietly<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    console.error('request failed', err);
    return undefined;
  }
}
