// Session state for React, on top of the platform's session port (SPEC §4).
import { useSyncExternalStore } from 'react';
import type { TMemberInfo } from '@contracts/member';
import { getPlatform } from '@/platform/platform';
import { ApiError, quietly, request } from '@/platform/http';
import { reportServerAvailable, reportServerUnavailable } from '@/platform/connection';
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
 * Only the server ends a session, and only by saying so: a 401 (SPEC §7). Read literally, SPEC §8
 * clears the session on any failed member-info fetch at start, which signed a supplier out for good
 * whenever the database had a bad minute (a 503) or the network was down: no answer, a 5xx or any
 * other failure keeps the session (docs/desktop.md §5), as Element and Signal keep theirs.
 */
export function endsSession(err: unknown): boolean {
  return err instanceof ApiError && err.code === 401;
}

/** A member-info fetch failed without ending the session: a 5xx means the server is there but cannot serve us now. */
function noteMemberInfoFailure(err: unknown) {
  if (err instanceof ApiError && err.code >= 500) reportServerUnavailable();
}

/**
 * On start: restore, then refresh member info. A 401 clears the session; anything else keeps it:
 * the notice (「服务器暂时不可用」 or 「无法连接服务器」) retries and fetches the member once it can.
 */
export async function startSession(): Promise<void> {
  const port = sessionPort();
  current = await port.init();
  if (!current.signedIn) return;
  try {
    await port.setUser(await fetchMemberInfo());
  } catch (err) {
    if (endsSession(err)) await port.signOut();
    else {
      noteMemberInfoFailure(err);
      console.error('member info unavailable, keeping the session', err);
    }
  }
  current = port.snapshot();
}

/** After login: store the token, fetch member info (a failure is only logged, SPEC §8). */
export async function completeLogin(token: string): Promise<void> {
  const port = sessionPort();
  await port.signIn(token);
  try {
    await port.setUser(await fetchMemberInfo());
    reportServerAvailable();
  } catch (err) {
    console.error('failed to get user info', err);
  }
}

/** Fetches the member again (after a change, or the notice's retry). A 401 goes through the HTTP client's expiry handling. */
export async function refreshUser(): Promise<void> {
  let user: TMemberInfo;
  try {
    user = await fetchMemberInfo();
  } catch (err) {
    noteMemberInfoFailure(err);
    return;
  }
  reportServerAvailable();
  await sessionPort().setUser(user);
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
