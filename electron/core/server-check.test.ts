// The connection test against real local HTTP servers: a 仪采通-like API, a redirecting proxy, something else.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConnection } from './server-check';

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/yct/api/health') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 200, msg: 'ok', data: { db: 'pglite', uptimeS: 5 } }));
    if (req.url === '/redirect/api/health') return res.writeHead(301, { location: 'https://yct.example.cn/api/health' }).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>It works</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const check = (url: string, allowInsecureHttp = false) => testApiConnection(url, { fetch: (u, init) => fetch(u, init), allowInsecureHttp });

describe('服务器设置: connection test', () => {
  it('a 仪采通 API answers 连接成功', async () => expect(await check(`${base}/yct/`)).toEqual({ ok: true, message: '连接成功' }));
  it('a redirect is reported as a redirect, not as 无法连接', async () => {
    const result = await check(`${base}/redirect`);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('跳转');
  });
  it('another web server is not taken for the API', async () => expect(await check(`${base}/other`)).toMatchObject({ ok: false, message: expect.stringContaining('不是仪采通服务器') }));
  it('nothing listening: 无法连接服务器', async () => expect(await check('http://127.0.0.1:9/')).toMatchObject({ ok: false, message: expect.stringContaining('无法连接服务器') }));
  it('http:// to another computer is refused before any request', async () => {
    expect(await check('http://yct.example.cn')).toMatchObject({ ok: false, message: expect.stringContaining('https://') });
  });
});
