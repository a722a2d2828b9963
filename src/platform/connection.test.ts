// Answers main made itself (the API unreachable, a redirect, API HTML) set the offline state;
// any real answer from the API clears it.
import { describe, expect, it } from 'vitest';
import { getConnectionProblem, noteAnswer, PROXY_ERROR_HEADER, reportServerAvailable, reportServerUnavailable } from './connection';

describe('connection state', () => {
  it("main's 503 is an offline state with its message, not a server answer", () => {
    expect(noteAnswer({ [PROXY_ERROR_HEADER]: 'unreachable' }, { code: 503, msg: '无法连接服务器，请检查网络或服务器地址' })).toBe(true);
    expect(getConnectionProblem()).toEqual({ kind: 'unreachable', message: '无法连接服务器，请检查网络或服务器地址' });
  });
  it('a redirect keeps its own message', () => {
    noteAnswer(new Headers({ [PROXY_ERROR_HEADER]: 'redirect' }), { code: 502, msg: '服务器地址发生了跳转' });
    expect(getConnectionProblem()).toMatchObject({ kind: 'redirect', message: '服务器地址发生了跳转' });
  });
  it('the next real answer (even a 401 or a 503 of the API itself) clears it', () => {
    noteAnswer({ [PROXY_ERROR_HEADER]: 'unreachable' }, null);
    expect(noteAnswer({ 'content-type': 'application/json' }, { code: 503, msg: '服务维护中' })).toBe(false);
    expect(getConnectionProblem()).toBeNull();
  });
  it('服务器暂时不可用 (the member info answered 5xx) stays until the member info comes back, whatever else answers', () => {
    reportServerUnavailable();
    expect(getConnectionProblem()).toEqual({ kind: 'unavailable', message: '服务器暂时不可用，请稍后再试' });
    expect(noteAnswer({ 'content-type': 'application/json' }, { code: 200, msg: 'ok' })).toBe(false);
    expect(getConnectionProblem()?.kind).toBe('unavailable');
    reportServerAvailable();
    expect(getConnectionProblem()).toBeNull();
  });
  it('a network problem already shown is the cause: a 5xx does not replace it', () => {
    noteAnswer({ [PROXY_ERROR_HEADER]: 'unreachable' }, null);
    reportServerUnavailable();
    expect(getConnectionProblem()?.kind).toBe('unreachable');
    noteAnswer({}, { code: 200 });
    expect(getConnectionProblem()).toBeNull();
  });
  it('an unknown header value is not trusted as an offline state', () => {
    expect(noteAnswer({ [PROXY_ERROR_HEADER]: 'whatever' }, null)).toBe(false);
    expect(getConnectionProblem()).toBeNull();
  });
});
