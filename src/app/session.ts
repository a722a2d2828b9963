// Session state for React, on top of the platform's session port (SPEC §4).
import { useSyncExternalStore } from 'react';
import type { TMemberInfo } from '@contracts/member';
import { platform } from '@/platform/platform';
import { quietly, request } from '@/platform/http';
import type { TSessionSnapshot } from '@/platform/ports';

const port = platform.session;
let current: TSessionSnapshot = { signedIn: false, user: null };
const listeners = new Set<() => void>();
port.subscribe((e) => {
  current = e.snapshot;
  listeners.forEach((l) => l());
});

export const getSession = () => current;

export function useSession(): TSessionSnapshot {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

export async function fetchMemberInfo(): Promise<TMemberInfo> {
  const body = await request<TMemberInfo>('get', '/api/member/getInfo');
  if (body.code !== 200 || !body.data) throw new Error(body.msg || 'failed to get user info');
  return body.data;
}

/** On start: restore, then refresh member info; a failure clears the session (SPEC §8). */
export async function startSession(): Promise<void> {
  current = await port.init();
  if (!current.signedIn) return;
  try {
    await port.setUser(await fetchMemberInfo());
  } catch {
    await port.signOut();
  }
  current = port.snapshot();
}

/** After login: store the token, fetch member info (a failure is only logged, SPEC §8). */
export async function completeLogin(token: string): Promise<void> {
  await port.signIn(token);
  try {
    await port.setUser(await fetchMemberInfo());
  } catch (err) {
    console.error('failed to get user info', err);
  }
}

export async function refreshUser(): Promise<void> {
  const user = await fetchMemberInfo().catch(() => null);
  if (user) await port.setUser(user);
}

export async function logout(): Promise<void> {
  await quietly(() => request('post', '/auth/member/logout'));
  await port.signOut();
}

/** Clears the local session without calling the server (the token is already invalid). */
export const clearSession = () => port.signOut();

export const onSessionEvent = port.subscribe.bind(port);
