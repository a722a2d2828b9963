// The one axios instance (SPEC §7, STYLE.md 10): bearer header, JSON or form data, one retry for
// non-mutating methods on transient statuses, 401 handling. Loaded on the first request (./http),
// so a server-rendered page hydrates without it; uploads and downloads import it directly.
import axios, { type InternalAxiosRequestConfig } from 'axios';
import type { TEnvelope } from '@contracts/api';
import { noteAnswer } from './connection';
import { getPlatform } from './platform';
import { MUTATING, notifySaved, notifyUnauthorized, RETRY_STATUSES } from './http-policy';

type TRetryConfig = InternalAxiosRequestConfig & { _retried?: boolean };

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
  if (response.status === 401 || body?.code === 401) notifyUnauthorized();
  else if (MUTATING.has(method) && body?.code === 200 && !(typeof FormData !== 'undefined' && config.data instanceof FormData)) notifySaved();
  return response;
});
