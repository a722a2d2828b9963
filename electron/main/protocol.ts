// The app:// protocol: serves the built renderer (SPA fallback to index.html) and forwards
// /api, /auth, /resource, /uploads and /files to the API with the vault's bearer token, so the
// renderer never holds the token and needs no CORS.
import fs from 'node:fs';
import { net, protocol } from 'electron';
import { APP_SCHEME } from '../../contracts/desktop.js';
import {
  HTML_FROM_API,
  isRedirectStatus,
  isRenderableHtml,
  isTokenIssuingRequest,
  PROXIED_RESPONSE_CSP,
  PROXY_ERROR_HEADER,
  proxyFailure,
  proxyRequestHeaders,
  proxyResponseHeaders,
  redactTokenResponse,
  resolveAppRequest,
  type TProxyFailure,
} from '../core/app-protocol.js';
import type { TSessionHub } from '../core/session-hub.js';
import type { TTokenVault } from '../core/token-vault.js';

/** Must run before the app is ready. */
export function registerAppScheme() {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true, codeCache: true } },
  ]);
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

const isFile = (file: string) => {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

export function handleAppProtocol(deps: {
  rendererRoot: string;
  /** In development the renderer comes from the Vite dev server instead of dist/. */
  devServerUrl: string | null;
  apiBase: () => string;
  csp: string;
  vault: TTokenVault;
  hub: TSessionHub;
  log: (msg: string) => void;
}) {
  const withSecurityHeaders = (headers: Headers) => {
    headers.set('X-Content-Type-Options', 'nosniff');
    if ((headers.get('content-type') ?? '').startsWith('text/html')) {
      headers.set('Content-Security-Policy', deps.csp);
      headers.set('Cache-Control', 'no-cache');
    }
    return headers;
  };

  const failed = (failure: TProxyFailure) =>
    Response.json(failure.body, { status: failure.status, headers: { [PROXY_ERROR_HEADER]: failure.kind, 'Content-Security-Policy': PROXIED_RESPONSE_CSP } });

  const proxy = async (request: Request, upstream: string): Promise<Response> => {
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? undefined : await request.arrayBuffer();
    let res: Response;
    try {
      // A redirect is never followed with the token: Electron rejects it ('error' mode) and the
      // renderer is told the server address is wrong (http:// answered by a redirect to https://).
      res = await net.fetch(upstream, { method, headers: proxyRequestHeaders(request.headers.entries(), deps.vault.get()), body, redirect: 'error' });
    } catch (err) {
      const failure = proxyFailure(err);
      deps.log(`API ${failure.kind === 'redirect' ? 'redirected' : 'unreachable'} (${upstream.split('?')[0]}): ${String(err)}`);
      return failed(failure);
    }
    if (isRedirectStatus(res.status) && res.headers.has('location')) {
      deps.log(`API redirected (${upstream.split('?')[0]}) to ${res.headers.get('location')?.slice(0, 200)}`);
      return failed(proxyFailure(new Error('redirect')));
    }
    if (isRenderableHtml(res.headers.get('content-type'))) {
      // /api/docs and proxies' error pages must not render with the app's privileges.
      deps.log(`refused HTML from the API (${upstream.split('?')[0]})`);
      return failed(HTML_FROM_API);
    }
    const headers = new Headers(proxyResponseHeaders(res.headers.entries()));
    headers.set('Content-Security-Policy', PROXIED_RESPONSE_CSP);
    if (isTokenIssuingRequest(method, new URL(request.url).pathname)) {
      // The token stops here: the vault keeps it, the renderer gets a placeholder.
      const { token, body: redacted } = redactTokenResponse(await res.text());
      if (token) deps.hub.acceptToken(token);
      return new Response(redacted, { status: res.status, headers });
    }
    return new Response(NULL_BODY_STATUS.has(res.status) ? null : res.body, { status: res.status, statusText: res.statusText, headers });
  };

  const fromDevServer = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const res = await net.fetch(new URL(`${url.pathname}${url.search}`, deps.devServerUrl!).toString());
    return new Response(res.body, { status: res.status, headers: withSecurityHeaders(new Headers(proxyResponseHeaders(res.headers.entries()))) });
  };

  protocol.handle(APP_SCHEME, async (request) => {
    const route = resolveAppRequest(request.url, { root: deps.rendererRoot, apiBase: deps.apiBase(), isFile });
    switch (route.kind) {
      case 'proxy':
        return proxy(request, route.upstream);
      case 'file':
      case 'spa':
        if (deps.devServerUrl) return fromDevServer(request);
        try {
          const data = await fs.promises.readFile(route.path);
          return new Response(data, { status: 200, headers: withSecurityHeaders(new Headers({ 'content-type': route.mime })) });
        } catch (err) {
          deps.log(`cannot read ${route.path}: ${String(err)}`);
          return new Response('Not Found', { status: 404 });
        }
      case 'not-found':
        if (deps.devServerUrl) return fromDevServer(request);
        return new Response('Not Found', { status: 404 });
      case 'forbidden':
        deps.log(`refused app:// request (${route.reason}): ${request.url.slice(0, 200)}`);
        return new Response('Forbidden', { status: 403 });
    }
  });
}
