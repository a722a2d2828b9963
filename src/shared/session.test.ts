// The session at start (issue 33, 1): only a 401 ends it. A 5xx from /api/member/getInfo (the
// database down for a minute) or no answer keeps the token and says 服务器暂时不可用 with a retry.
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TMemberInfo } from '@contracts/member';
import { getConnectionProblem, reportServerAvailable } from '@/platform/connection';
import { loadHttpClient } from '@/platform/http';
import { createWebPlatform, setPlatform } from '@/platform/platform';
import type { SessionPort, TSessionSnapshot } from '@/platform/ports';
import { getSession, refreshUser, startSession } from './session';

const MEMBER = { id: 7, nickname: '王工', roles: ['member', 'supplier'] } as unknown as TMemberInfo;

/** A session port holding a saved sign-in, recording sign-outs. */
function savedSignIn() {
  let snapshot: TSessionSnapshot = { signedIn: true, user: null };
  const calls: string[] = [];
  const port: SessionPort = {
    kind: 'desktop',
    init: async () => snapshot,
    snapshot: () => snapshot,
    getToken: () => null,
    signIn: async () => {},
    setUser: async (user) => void (snapshot = { signedIn: true, user }),
    signOut: async () => {
      calls.push('signOut');
      snapshot = { signedIn: false, user: null };
    },
    subscribe: () => () => {},
    persistence: async () => 'persistent',
  };
  return { port, calls };
}

/** What the API answers for /api/member/getInfo (every other request: 200). */
let answer: { status: number; body: unknown } | 'no answer' = { status: 200, body: { code: 200, msg: 'ok', data: MEMBER } };
let realAdapter: unknown;
beforeEach(async () => {
  const http = await loadHttpClient();
  realAdapter = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    if (answer === 'no answer') throw Object.assign(new Error('Network Error'), { isAxiosError: true, config });
    return { data: answer.body, status: answer.status, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
});
afterEach(async () => {
  (await loadHttpClient()).defaults.adapter = realAdapter as AxiosAdapter;
  reportServerAvailable();
  setPlatform(createWebPlatform());
});

describe('a saved sign-in at start', () => {
  it.each([
    ['a 503 from the API', { status: 503, body: { code: 503, msg: '数据库暂时不可用，请稍后再试' } }],
    ['a 500 in the body', { status: 200, body: { code: 500, msg: '服务器内部错误' } }],
    ['a 502 from a proxy with no envelope', { status: 502, body: '<html>Bad Gateway</html>' }],
  ])('%s keeps the session and says 服务器暂时不可用; the member comes back on retry', async (_name, failure) => {
    const { port, calls } = savedSignIn();
    setPlatform({ ...createWebPlatform(), session: port });
    answer = failure;
    await startSession();
    expect(calls).toEqual([]);
    expect(getSession()).toEqual({ signedIn: true, user: null });
    expect(getConnectionProblem()).toEqual({ kind: 'unavailable', message: '服务器暂时不可用，请稍后再试' });

    // The database is back: the notice's retry fetches the member and the notice goes.
    answer = { status: 200, body: { code: 200, msg: 'ok', data: MEMBER } };
    await refreshUser();
    expect(port.snapshot()).toEqual({ signedIn: true, user: MEMBER });
    expect(getConnectionProblem()).toBeNull();
  });

  it('no answer at all keeps the session too', async () => {
    const { port, calls } = savedSignIn();
    setPlatform({ ...createWebPlatform(), session: port });
    answer = 'no answer';
    await startSession();
    expect(calls).toEqual([]);
    expect(getSession().signedIn).toBe(true);
  });

  it('only a 401 ends it', async () => {
    const { port, calls } = savedSignIn();
    setPlatform({ ...createWebPlatform(), session: port });
    answer = { status: 401, body: { code: 401, msg: '登录状态已过期，请重新登录' } };
    await startSession();
    expect(calls).toEqual(['signOut']);
    expect(getSession()).toEqual({ signedIn: false, user: null });
    expect(getConnectionProblem()).toBeNull();
  });
});
