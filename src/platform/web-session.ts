// The web session port (SPEC §4, §9): token in localStorage and a cookie, user encrypted,
// other tabs informed through storage events and a BroadcastChannel.
import type { TMemberInfo } from '@contracts/member';
import { TOKEN_MAX_AGE_SECONDS } from '@contracts/constants';
import { deleteCookie, setCookie } from './cookies';
import type { SessionPort, TSessionEvent, TSessionSnapshot } from './ports';
import { decryptJson, encryptJson } from './secure-store';

export const STORAGE_KEYS = {
  token: 'yct_token',
  user: 'yct_user',
  loginEvent: 'yct_login_event',
  logoutEvent: 'yct_logout_event',
  logoutPending: 'yct_logout_pending',
} as const;
/** How long an announced logout explains another tab's 401. */
const LOGOUT_PENDING_MS = 10_000;
export const TOKEN_COOKIE = 'token';

export function createWebSessionPort(): SessionPort {
  let token: string | null = localStorage.getItem(STORAGE_KEYS.token);
  let user: TMemberInfo | null = null;
  const listeners = new Set<(e: TSessionEvent) => void>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('yct-session') : null;

  const snapshot = (): TSessionSnapshot => ({ signedIn: Boolean(token), user });
  const emit = (type: TSessionEvent['type']) => listeners.forEach((l) => l({ type, snapshot: snapshot() }));

  const clearLocal = () => {
    token = null;
    user = null;
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
    deleteCookie(TOKEN_COOKIE);
  };

  const reloadFromStorage = async () => {
    token = localStorage.getItem(STORAGE_KEYS.token);
    const sealed = localStorage.getItem(STORAGE_KEYS.user);
    user = sealed ? await decryptJson<TMemberInfo>(sealed) : null;
  };

  const onRemoteLogout = () => {
    token = null;
    user = null;
    emit('logout');
  };

  const onRemoteLogin = async () => {
    await reloadFromStorage();
    emit('login');
  };

  window.addEventListener('storage', (e) => {
    if (e.storageArea !== localStorage) return;
    if (e.key === STORAGE_KEYS.logoutEvent) return onRemoteLogout();
    if ((e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.user) && e.newValue === null && token) return onRemoteLogout();
    if (e.key === STORAGE_KEYS.loginEvent) void onRemoteLogin();
    // The user entry itself, not a BroadcastChannel message: another tab's localStorage write reaches
    // this tab asynchronously, and a message can arrive before the value is readable here.
    if (e.key === STORAGE_KEYS.user && e.newValue !== null) void reloadFromStorage().then(() => emit('user'));
    if (e.key === null && token) onRemoteLogout(); // storage cleared
  });
  channel?.addEventListener('message', (e: MessageEvent<{ type: string }>) => {
    if (e.data?.type === 'logout' && token) onRemoteLogout();
  });

  return {
    kind: 'web',
    async init() {
      await reloadFromStorage();
      return snapshot();
    },
    snapshot,
    getToken: () => token,
    async signIn(newToken) {
      token = newToken;
      localStorage.removeItem(STORAGE_KEYS.logoutPending);
      localStorage.setItem(STORAGE_KEYS.token, newToken);
      setCookie(TOKEN_COOKIE, newToken, { maxAge: TOKEN_MAX_AGE_SECONDS, secure: true, sameSite: 'Strict' });
      localStorage.setItem(STORAGE_KEYS.loginEvent, String(Date.now()));
      emit('login');
    },
    async setUser(next) {
      user = next;
      localStorage.setItem(STORAGE_KEYS.user, await encryptJson(next));
      emit('user');
    },
    announceSignOut() {
      localStorage.setItem(STORAGE_KEYS.logoutPending, String(Date.now()));
    },
    signingOutElsewhere() {
      const at = Number(localStorage.getItem(STORAGE_KEYS.logoutPending));
      return Number.isFinite(at) && at > 0 && Date.now() - at < LOGOUT_PENDING_MS;
    },
    async signOut() {
      clearLocal();
      localStorage.setItem(STORAGE_KEYS.logoutEvent, String(Date.now()));
      channel?.postMessage({ type: 'logout' });
      emit('logout');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // localStorage and the cookie keep the token until logout or expiry.
    persistence: async () => 'persistent',
  };
}
