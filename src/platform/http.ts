// The one axios instance (SPEC §7, STYLE.md 10): bearer header, JSON or form data, GET/DELETE
// payload as query, one retry for non-mutating methods on transient statuses, 401 handling.
import axios, { type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import type { TEnvelope } from '@contracts/api';
import { noteAnswer } from './connection';
import { getPlatform } from './platform';

export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

type TRetryConfig = InternalAxiosRequestConfig & { _retried?: boolean };

let onUnauthorized: () => void = () => {};

const savedListeners = new Set<() => void>();
/**
 * Called after a successful POST/PUT/DELETE that is not a file upload: the page saved something
 * (the unsaved-changes guard counts a 保存草稿 button that is not a form submit as saving).
 */
export function onSaved(listener: () => void): () => void {
  savedListeners.add(listener);
  return () => void savedListeners.delete(listener);
}
/** Wired by the app shell: logout, toast, go to /login (SPEC §8). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export const http = axios.create({
  timeout: 20_000,
  // Every HTTP answer carries the envelope; callers read `code` (DESIGN.md §3).
  validateStatus: () => true,
});

http.interceptors.request.use((config) => {
  const token = getPlatform().session.getToken();
  config.headers.set('Authorization', `Bearer ${token ?? ''}`);
  if (!(typeof FormData !== 'undefined' && config.data instanceof FormData)) {
    config.headers.set('Content-Type', 'application/json;charset=utf-8');
  }
  return config;
});

http.interceptors.response.use(async (response) => {
  const config = response.config as TRetryConfig;
  const method = (config.method ?? 'get').toLowerCase();
  if (RETRY_STATUSES.has(response.status) && !MUTATING.has(method) && !config._retried) {
    config._retried = true;
    return http.request(config);
  }
  const body = response.data as TEnvelope<unknown> | undefined;
  // The desktop's main answers itself when the API cannot be reached: an offline state, never a sign-out.
  if (noteAnswer(response.headers, body)) return response;
  if (response.status === 401 || body?.code === 401) onUnauthorized();
  else if (MUTATING.has(method) && body?.code === 200 && !(typeof FormData !== 'undefined' && config.data instanceof FormData)) savedListeners.forEach((l) => l());
  return response;
});

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
