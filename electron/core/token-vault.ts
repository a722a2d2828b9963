// The token vault: the bearer token lives in the main process only, encrypted with the OS key
// store (safeStorage) and kept in a small JSON store. Degraded modes are explicit, not silent.
import type { SafeStorage } from 'electron';
import type { TTokenPersistence } from '../../contracts/desktop.js';

/** The parts of Electron's safeStorage the vault uses (injected; tests pass a fake). */
export type TSafeStorageAdapter = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> & {
  /** Linux only in Electron; other platforms omit it. */
  getSelectedStorageBackend?: () => string;
};

/** A key-value store (electron-store in the app, a Map in tests). */
export type TKeyValueStore = {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
};

export type TMemoryReason = 'basic_text' | 'unavailable';

export type TTokenVault = {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  persistence(): TTokenPersistence;
  /** Why the token is not persisted, or null when it is. */
  memoryReason(): TMemoryReason | null;
};

type TSealedToken = { v: 1; backend: string; cipher: string };

export const VAULT_KEY = 'session.token';

function isSealed(value: unknown): value is TSealedToken {
  const v = value as Partial<TSealedToken> | null;
  return typeof v === 'object' && v !== null && v.v === 1 && typeof v.backend === 'string' && typeof v.cipher === 'string';
}

/**
 * Creates the vault and loads a previously saved token. Call after the app is ready (safeStorage
 * needs it on every platform, and on Linux the backend is only known then).
 *
 * - Linux `basic_text` backend: safeStorage "encrypts" with a hard-coded key, so nothing is
 *   written; the token lives in memory for this run only and the UI is told (`memory`).
 * - Encryption unavailable: the same, reason `unavailable`.
 * - The saved token was sealed by a different backend (e.g. kwallet → libsecret) or no longer
 *   decrypts: it is deleted and the user is signed out.
 */
export function createTokenVault(deps: { safeStorage: TSafeStorageAdapter; store: TKeyValueStore; platform: string; log?: (msg: string) => void }): TTokenVault {
  const { safeStorage, store } = deps;
  const log = deps.log ?? (() => {});
  const backend = safeStorage.getSelectedStorageBackend?.() ?? deps.platform;

  let reason: TMemoryReason | null = null;
  if (!safeStorage.isEncryptionAvailable()) reason = 'unavailable';
  else if (backend === 'basic_text') reason = 'basic_text';

  const load = (): string | null => {
    const saved = store.get(VAULT_KEY);
    if (saved === undefined) return null;
    if (reason !== null || !isSealed(saved)) {
      store.delete(VAULT_KEY);
      return null;
    }
    if (saved.backend !== backend) {
      log(`token sealed by "${saved.backend}", current key store is "${backend}": signed out`);
      store.delete(VAULT_KEY);
      return null;
    }
    try {
      const token = safeStorage.decryptString(Buffer.from(saved.cipher, 'base64'));
      return token.length > 0 ? token : null;
    } catch {
      log('saved token no longer decrypts: signed out');
      store.delete(VAULT_KEY);
      return null;
    }
  };

  let token = load();

  return {
    get: () => token,
    set(next) {
      if (!next) throw new Error('empty token');
      token = next;
      if (reason !== null) return;
      const cipher = safeStorage.encryptString(next).toString('base64');
      store.set(VAULT_KEY, { v: 1, backend, cipher } satisfies TSealedToken);
    },
    clear() {
      token = null;
      store.delete(VAULT_KEY);
    },
    persistence: () => (reason === null ? 'encrypted' : 'memory'),
    memoryReason: () => reason,
  };
}
