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
 * - Linux `basic_text` backend (e.g. the keyring still locked at autostart) or encryption
 *   unavailable (macOS keychain refused): nothing is written and the token lives in memory for this
 *   run only (`memory`). A token sealed in an earlier run is KEPT: the key store is usually back at
 *   the next start, and the user should not have to sign in again for good because of one run.
 * - The saved token was sealed by another backend or no longer decrypts: this run starts signed
 *   out, and the sealed entry stays until a new sign-in replaces it or the user signs out.
 * - Only an entry that is not a sealed token at all (old format, garbage) is deleted.
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
    if (!isSealed(saved)) {
      store.delete(VAULT_KEY);
      return null;
    }
    if (reason !== null) {
      log(`no usable key store (${reason}): the saved sign-in is kept for the next start, this run starts signed out`);
      return null;
    }
    if (saved.backend !== backend) {
      log(`token sealed by "${saved.backend}", current key store is "${backend}": signed out for this run, the sealed token is kept`);
      return null;
    }
    try {
      const token = safeStorage.decryptString(Buffer.from(saved.cipher, 'base64'));
      return token.length > 0 ? token : null;
    } catch {
      log('saved token does not decrypt now: signed out for this run, the sealed token is kept');
      return null;
    }
  };

  let token = load();

  return {
    get: () => token,
    set(next) {
      if (!next) throw new Error('empty token');
      token = next;
      if (reason !== null) {
        // A new sign-in replaces the earlier session: its sealed token must not come back at the next start.
        store.delete(VAULT_KEY);
        return;
      }
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
