// Whether the API can be reached. In the desktop client main answers for an API it cannot reach
// (or one that redirects, or answers with a web page) with a header naming the problem; every
// real answer clears it. A server that answers but cannot serve the member (a 5xx: its database
// down, a restart) is `unavailable` until the member info comes back. The offline notice reads
// this; the session keeps its token meanwhile.
import { useSyncExternalStore } from 'react';

/** Set by main's app:// proxy on answers it made itself (electron/core/app-protocol.ts). */
export const PROXY_ERROR_HEADER = 'x-yct-proxy-error';

export type TConnectionProblem = { kind: 'unreachable' | 'redirect' | 'html' | 'unavailable'; message: string };

export const SERVER_UNAVAILABLE_MESSAGE = '服务器暂时不可用，请稍后再试';

let problem: TConnectionProblem | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function reportConnectionProblem(next: TConnectionProblem) {
  if (problem?.kind === next.kind && problem.message === next.message) return;
  problem = next;
  emit();
}

/** An answer from the API itself: the network and the address are fine (a server that is `unavailable` stays so until it serves the member again). */
export function reportConnectionOk() {
  if (problem === null || problem.kind === 'unavailable') return;
  problem = null;
  emit();
}

/** The server answered the member info with a 5xx: keep the session, say so, retry. A network problem already shown stays (it is the cause). */
export function reportServerUnavailable() {
  if (problem !== null && problem.kind !== 'unavailable') return;
  reportConnectionProblem({ kind: 'unavailable', message: SERVER_UNAVAILABLE_MESSAGE });
}

/** The member info came back: the server serves again. */
export function reportServerAvailable() {
  if (problem?.kind !== 'unavailable') return;
  problem = null;
  emit();
}

export const getConnectionProblem = () => problem;

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useConnectionProblem(): TConnectionProblem | null {
  return useSyncExternalStore(subscribeConnection, getConnectionProblem, () => null);
}

const KINDS = new Set(['unreachable', 'redirect', 'html']);
/** Reads an answer's proxy-error header; true when it was main speaking, not the API. */
export function noteAnswer(headers: { get?: (name: string) => unknown } | Record<string, unknown> | undefined, body: unknown): boolean {
  const raw = headers && typeof (headers as { get?: unknown }).get === 'function' ? (headers as { get(n: string): unknown }).get(PROXY_ERROR_HEADER) : (headers as Record<string, unknown> | undefined)?.[PROXY_ERROR_HEADER];
  const kind = typeof raw === 'string' && KINDS.has(raw) ? (raw as TConnectionProblem['kind']) : null;
  if (kind === null) {
    reportConnectionOk();
    return false;
  }
  const msg = (body as { msg?: unknown } | null)?.msg;
  reportConnectionProblem({ kind, message: typeof msg === 'string' && msg ? msg : '无法连接服务器，请检查网络或服务器地址' });
  return true;
}
