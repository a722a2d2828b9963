// Session state for React, on top of the platform's session port (SPEC §4).
import { useSyncExternalStore } from 'react';
import type { TMemberInfo } from '@contracts/member';
import { getPlatform } from '@/platform/platform';
import { ApiError, quietly, request } from '@/platform/http';
import { getConnectionProblem } from '@/platform/connection';
import type { SessionPort, TSessionSnapshot } from '@/platform/ports';

let current: TSessionSnapshot = { signedIn: false, user: null };
const listeners = new Set<() => void>();
let followed: SessionPort | null = null;
/** The platform's session port, followed from its first use (never at import: the composition root sets the platform). */
function sessionPort(): SessionPort {
  const port = getPlatform().session;
  if (followed !== port) {
    followed = port;
    port.subscribe((e) => {
      if (followed !== port) return;
      current = e.snapshot;
      listeners.forEach((l) => l());
    });
  }
  return port;
}

export const getSession = () => current;

const ANONYMOUS: TSessionSnapshot = { signedIn: false, user: null };

export function useSession(): TSessionSnapshot {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    // Server rendering and hydration see a visitor: member-only parts (bell, member menu, favourites,
    // quote buttons) appear in the render right after hydration, so both first renders match.
    () => ANONYMOUS,
  );
}

/** Throws ApiError: code 401 means the session is over; anything else (503 offline…) does not. */
export async function fetchMemberInfo(): Promise<TMemberInfo> {
  const body = await request<TMemberInfo>('get', '/api/member/getInfo');
  if (body.code !== 200 || !body.data) throw new ApiError(body.code === 200 ? 500 : body.code, body.msg || 'failed to get user info');
  return body.data;
}

/**
 * The API could not be reached at all: no answer (network down, the desktop's main answering for an
 * unreachable server). Such a failure keeps the session and shows the offline notice; an answer from
 * the server that is not member info (401, 500…) ends the session as SPEC §8 says.
 */
export function isConnectionFailure(err: unknown): boolean {
  if (getConnectionProblem() !== null) return true;
  if (err instanceof ApiError) return false;
  const e = err as { isAxiosError?: boolean; response?: unknown } | null;
  return Boolean(e?.isAxiosError) && !e?.response;
}

/**
 * On start: restore, then refresh member info. A failed answer clears the session (SPEC §8); no
 * answer at all (offline at start) keeps it: the offline notice retries.
 */
export async function startSession(): Promise<void> {
  const port = sessionPort();
  current = await port.init();
  if (!current.signedIn) return;
  try {
    await port.setUser(await fetchMemberInfo());
  } catch (err) {
    if (!isConnectionFailure(err)) await port.signOut();
    else console.error('member info unavailable, keeping the session', err);
  }
  current = port.snapshot();
}

/** After login: store the token, fetch member info (a failure is only logged, SPEC §8). */
export async function completeLogin(token: string): Promise<void> {
  const port = sessionPort();
  await port.signIn(token);
  try {
    await port.setUser(await fetchMemberInfo());
  } catch (err) {
    console.error('failed to get user info', err);
  }
}

export async function refreshUser(): Promise<void> {
  const user = await fetchMemberInfo().catch(() => null);
  if (user) await sessionPort().setUser(user);
}

export async function logout(): Promise<void> {
  const port = sessionPort();
  port.announceSignOut?.();
  await quietly(() => request('post', '/auth/member/logout'));
  await port.signOut();
}

/**
 * Clears the local session without calling the server (the token is already invalid). Resolves
 * once this window sees itself signed out, so a navigation that follows is guarded as signed out.
 */
export async function clearSession(): Promise<void> {
  const port = sessionPort();
  await port.signOut();
  current = port.snapshot();
  listeners.forEach((l) => l());
}

export const onSessionEvent: SessionPort['subscribe'] = (listener) => sessionPort().subscribe(listener);

/** A 401 here is another tab's logout in progress (its logout event follows), not an expiry. */
export const signingOutElsewhere = (): boolean => sessionPort().signingOutElsewhere?.() ?? false;
