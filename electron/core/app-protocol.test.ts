import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP_TOKEN_PLACEHOLDER } from '../../contracts/desktop';
import { isRedirectStatus, isRenderableHtml, isTokenIssuingRequest, proxyFailure, proxyRequestHeaders, proxyResponseHeaders, redactTokenResponse, resolveAppRequest, resolveStaticPath, upstreamUrl } from './app-protocol';

const root = path.resolve('/opt/yct/resources/app.asar/dist');
const files = new Set(['index.html', 'assets/index-abc.js', 'assets/index-abc.css', 'favicon.ico', 'latest-build.json', '静态/图.png'].map((f) => path.join(root, f)));
const isFile = (f: string) => files.has(f);
const API = 'http://127.0.0.1:3000';
const resolve = (url: string, apiBase = API) => resolveAppRequest(url, { root, apiBase, isFile });

describe('app:// static files and SPA fallback', () => {
  it.each([
    ['app://yicaitong/', { kind: 'spa', path: path.join(root, 'index.html') }],
    ['app://yicaitong/index.html', { kind: 'file', path: path.join(root, 'index.html') }],
    ['app://yicaitong/assets/index-abc.js', { kind: 'file', path: path.join(root, 'assets/index-abc.js'), mime: 'text/javascript; charset=utf-8' }],
    ['app://yicaitong/assets/index-abc.css?v=1', { kind: 'file', mime: 'text/css; charset=utf-8' }],
    ['app://yicaitong/%E9%9D%99%E6%80%81/%E5%9B%BE.png', { kind: 'file', path: path.join(root, '静态/图.png'), mime: 'image/png' }],
    ['app://yicaitong/shop', { kind: 'spa', path: path.join(root, 'index.html') }],
    ['app://yicaitong/admin/supplier/goods', { kind: 'spa' }],
    ['app://yicaitong/shop/detail/12.html', { kind: 'spa' }],
    ['app://yicaitong/store/abc/companyProfile?tab=1', { kind: 'spa' }],
    ['app://yicaitong/assets/missing.js', { kind: 'not-found' }],
    ['app://yicaitong/missing.png', { kind: 'not-found' }],
    ['app://other-host/', { kind: 'forbidden' }],
  ])('%s → %j', (url, expected) => expect(resolve(url)).toMatchObject(expected));
});

describe('app:// path resolution refuses traversal', () => {
  it.each([
    '/../etc/passwd',
    '/assets/../../secret',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/%2e%2e%2f%2e%2e%2fsecret',
    '/..%2f..%2fetc/passwd',
    '/..%5c..%5cwindows/win.ini',
    '/assets\\..\\..\\secret',
    '/index.html%00.png',
    '/./index.html',
    '/C:/Windows/win.ini',
    '/%E0%A4%A',
    'relative/path',
  ])('%s → forbidden', (raw) => expect(resolveStaticPath(root, raw, isFile).kind).toBe('forbidden'));

  it('normalised URLs never escape the root either', () => {
    for (const url of ['app://yicaitong/../../etc/passwd', 'app://yicaitong/%2e%2e/%2e%2e/etc/passwd', 'app://yicaitong/assets/../../../x']) {
      const route = resolve(url);
      if (route.kind === 'file' || route.kind === 'spa') expect(route.path.startsWith(root)).toBe(true);
    }
  });
});

describe('app:// API paths go to the API base URL', () => {
  it.each([
    ['app://yicaitong/api/member/getInfo', API, 'http://127.0.0.1:3000/api/member/getInfo'],
    ['app://yicaitong/auth/member/login', API, 'http://127.0.0.1:3000/auth/member/login'],
    ['app://yicaitong/resource/sms/code?phonenumber=13800000000', API, 'http://127.0.0.1:3000/resource/sms/code?phonenumber=13800000000'],
    ['app://yicaitong/uploads/a/b.png', API, 'http://127.0.0.1:3000/uploads/a/b.png'],
    ['app://yicaitong/api/search?q=%E6%98%BE%E5%BE%AE%E9%95%9C', 'https://yct.example.cn/gateway/', 'https://yct.example.cn/gateway/api/search?q=%E6%98%BE%E5%BE%AE%E9%95%9C'],
  ])('%s via %s → %s', (url, base, upstream) => expect(resolve(url, base)).toEqual({ kind: 'proxy', upstream }));

  it.each(['app://yicaitong/api/..%2f..%2fadmin', 'app://yicaitong/api/%2e%2e%2fx'])('%s → forbidden', (url) => expect(resolve(url).kind).toBe('forbidden'));

  it('cannot be pointed at another host', () => {
    expect(upstreamUrl(API, '//attacker.com/x', '')).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
    expect(upstreamUrl(API, '/api/@attacker.com', '')).toBe('http://127.0.0.1:3000/api/@attacker.com');
  });
});

describe('token-issuing answers', () => {
  it.each([
    ['POST', '/auth/member/login', true],
    ['post', '/auth/member/register', true],
    ['POST', '/auth/member/login/', true],
    ['GET', '/auth/member/login', false],
    ['POST', '/auth/member/logout', false],
    ['POST', '/auth/member/register/verify', false],
    ['POST', '/api/member/getInfo', false],
  ])('%s %s → %s', (method, pathname, expected) => expect(isTokenIssuingRequest(method, pathname)).toBe(expected));

  it('takes the token out of a successful login answer', () => {
    const { token, body } = redactTokenResponse(JSON.stringify({ code: 200, msg: '登录成功', data: { access_token: 'secret-token' } }));
    expect(token).toBe('secret-token');
    expect(body).not.toContain('secret-token');
    expect(JSON.parse(body)).toEqual({ code: 200, msg: '登录成功', data: { access_token: DESKTOP_TOKEN_PLACEHOLDER } });
  });

  it.each([
    ['failed login', JSON.stringify({ code: 401, msg: '账号或密码错误' })],
    ['no token', JSON.stringify({ code: 200, msg: 'ok', data: {} })],
    ['empty token', JSON.stringify({ code: 200, msg: 'ok', data: { access_token: '' } })],
    ['not JSON', '<html>502</html>'],
  ])('leaves %s untouched', (_name, text) => expect(redactTokenResponse(text)).toEqual({ token: null, body: text }));
});

describe('proxy headers', () => {
  it("replaces the renderer's empty Authorization with the vault's token and drops origin data", () => {
    const headers = proxyRequestHeaders(
      Object.entries({ Authorization: 'Bearer ', 'Content-Type': 'application/json', Origin: 'app://yicaitong', Cookie: 'a=1', Host: 'yicaitong', 'Sec-Fetch-Site': 'same-origin', Accept: '*/*' }),
      'tok',
    );
    expect(headers).toEqual({ authorization: 'Bearer tok', 'content-type': 'application/json', accept: '*/*' });
  });

  it('sends no Authorization when signed out', () => {
    expect(proxyRequestHeaders([['authorization', 'Bearer forged']], null)).toEqual({});
  });

  it('drops hop-by-hop and cookie headers from answers', () => {
    expect(proxyResponseHeaders(Object.entries({ 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': '12', 'set-cookie': 'x=1' }))).toEqual({ 'content-type': 'application/json' });
  });
});

describe('proxy failures the renderer can act on', () => {
  it("reports Electron's rejected redirect as a wrong server address, not as an outage", () => {
    for (const message of ['Redirect was cancelled', "Attempted to redirect, but redirect policy was 'error'"]) {
      const failure = proxyFailure(new Error(message));
      expect(failure).toMatchObject({ status: 502, kind: 'redirect' });
      expect(failure.body.msg).toContain('跳转');
      expect(failure.body.msg).not.toContain('无法连接');
    }
  });
  it('a network error is 503 无法连接服务器', () => {
    expect(proxyFailure(new Error('net::ERR_CONNECTION_REFUSED'))).toMatchObject({ status: 503, kind: 'unreachable', body: { msg: expect.stringContaining('无法连接服务器') } });
  });
  it('3xx answers are redirects; 304 is not', () => {
    expect([301, 302, 307, 308].every(isRedirectStatus)).toBe(true);
    expect(isRedirectStatus(304)).toBe(false);
    expect(isRedirectStatus(200)).toBe(false);
  });
  it('HTML from the API is refused; JSON, images and PDFs pass', () => {
    expect(isRenderableHtml('text/html; charset=utf-8')).toBe(true);
    expect(isRenderableHtml('application/xhtml+xml')).toBe(true);
    expect(isRenderableHtml('application/json; charset=utf-8')).toBe(false);
    expect(isRenderableHtml('image/png')).toBe(false);
    expect(isRenderableHtml(null)).toBe(false);
  });
});
