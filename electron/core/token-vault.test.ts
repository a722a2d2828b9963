import { describe, expect, it } from 'vitest';
import { createTokenVault, VAULT_KEY, type TKeyValueStore, type TSafeStorageAdapter } from './token-vault';

/** A fake OS key store: "encryption" is reversible only with the same key, like the real one. */
function makeSafeStorage(options: { available?: boolean; backend?: string; key?: string } = {}): TSafeStorageAdapter {
  const key = options.key ?? 'k1';
  return {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (plain) => Buffer.from(`${key}:${Buffer.from(plain).toString('hex')}`),
    decryptString: (cipher) => {
      const [k, hex] = cipher.toString().split(':');
      if (k !== key || hex === undefined) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(hex, 'hex').toString();
    },
    ...(options.backend ? { getSelectedStorageBackend: () => options.backend! } : {}),
  };
}

function makeStore(initial: Record<string, unknown> = {}): TKeyValueStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) };
}

describe('token vault', () => {
  it.each([
    ['macOS Keychain', 'darwin', undefined],
    ['Windows DPAPI', 'win32', undefined],
    ['Linux libsecret', 'linux', 'gnome_libsecret'],
    ['Linux kwallet6', 'linux', 'kwallet6'],
  ])('%s: seals the token and restores it after a restart', (_name, platform, backend) => {
    const store = makeStore();
    const first = createTokenVault({ safeStorage: makeSafeStorage({ backend }), store, platform });
    first.set('tok-123');
    expect(first.persistence()).toBe('encrypted');
    expect(JSON.stringify(store.data.get(VAULT_KEY))).not.toContain('tok-123');

    const second = createTokenVault({ safeStorage: makeSafeStorage({ backend }), store, platform });
    expect(second.get()).toBe('tok-123');
  });

  it.each([
    ['Linux basic_text backend', { backend: 'basic_text' }, 'basic_text'],
    ['encryption unavailable', { available: false, backend: 'gnome_libsecret' }, 'unavailable'],
    ['encryption unavailable (Windows)', { available: false }, 'unavailable'],
  ] as const)('%s: keeps the token in memory only and says so', (_name, options, reason) => {
    const store = makeStore();
    const vault = createTokenVault({ safeStorage: makeSafeStorage(options), store, platform: 'linux' });
    vault.set('tok-mem');
    expect(vault.get()).toBe('tok-mem');
    expect(vault.persistence()).toBe('memory');
    expect(vault.memoryReason()).toBe(reason);
    expect(store.data.has(VAULT_KEY)).toBe(false);
    expect(createTokenVault({ safeStorage: makeSafeStorage(options), store, platform: 'linux' }).get()).toBeNull();
  });

  it.each([
    ['the key store became basic_text (keyring locked at autostart)', { backend: 'basic_text' }],
    ['encryption became unavailable (keychain refused)', { available: false, backend: 'gnome_libsecret' }],
  ] as const)('%s: memory-only this run, the sealed token is kept and restored once the key store is back', (_name, degradedOptions) => {
    const store = makeStore();
    createTokenVault({ safeStorage: makeSafeStorage({ backend: 'gnome_libsecret' }), store, platform: 'linux' }).set('tok');
    const sealed = store.data.get(VAULT_KEY);
    const degraded = createTokenVault({ safeStorage: makeSafeStorage(degradedOptions), store, platform: 'linux' });
    expect(degraded.get()).toBeNull();
    expect(degraded.persistence()).toBe('memory');
    expect(store.data.get(VAULT_KEY)).toEqual(sealed);

    const next = createTokenVault({ safeStorage: makeSafeStorage({ backend: 'gnome_libsecret' }), store, platform: 'linux' });
    expect(next.get()).toBe('tok');
  });

  it('a new sign-in during a memory-only run replaces the earlier sealed session', () => {
    const store = makeStore();
    createTokenVault({ safeStorage: makeSafeStorage({ backend: 'gnome_libsecret' }), store, platform: 'linux' }).set('old-member');
    const degraded = createTokenVault({ safeStorage: makeSafeStorage({ backend: 'basic_text' }), store, platform: 'linux' });
    degraded.set('new-member');
    expect(degraded.get()).toBe('new-member');
    expect(store.data.has(VAULT_KEY)).toBe(false);
    expect(createTokenVault({ safeStorage: makeSafeStorage({ backend: 'gnome_libsecret' }), store, platform: 'linux' }).get()).toBeNull();
  });

  it.each([
    ['kwallet5 → gnome_libsecret', 'kwallet5', 'gnome_libsecret'],
    ['gnome_libsecret → kwallet6', 'gnome_libsecret', 'kwallet6'],
  ])('changed backend (%s): signed out this run, the sealed token stays until replaced', (_name, before, after) => {
    const store = makeStore();
    const logs: string[] = [];
    createTokenVault({ safeStorage: makeSafeStorage({ backend: before }), store, platform: 'linux' }).set('tok');
    const vault = createTokenVault({ safeStorage: makeSafeStorage({ backend: after }), store, platform: 'linux', log: (m) => logs.push(m) });
    expect(vault.get()).toBeNull();
    expect(store.data.has(VAULT_KEY)).toBe(true);
    expect(logs.join()).toContain('signed out');
    vault.set('tok-2');
    expect(createTokenVault({ safeStorage: makeSafeStorage({ backend: after }), store, platform: 'linux' }).get()).toBe('tok-2');
  });

  it('a token that does not decrypt now (key rotated, keychain refused) is kept; the run starts signed out', () => {
    const saved = { v: 1, backend: 'darwin', cipher: Buffer.from('other-key:746f6b').toString('base64') };
    const store = makeStore({ [VAULT_KEY]: saved });
    const vault = createTokenVault({ safeStorage: makeSafeStorage(), store, platform: 'darwin' });
    expect(vault.get()).toBeNull();
    expect(store.data.get(VAULT_KEY)).toEqual(saved);
  });

  it.each([
    ['garbage', 'not-an-object'],
    ['old format', { token: 'plain' }],
  ])('%s: signed out and the entry removed', (_name, saved) => {
    const store = makeStore({ [VAULT_KEY]: saved });
    const vault = createTokenVault({ safeStorage: makeSafeStorage(), store, platform: 'darwin' });
    expect(vault.get()).toBeNull();
    expect(store.data.has(VAULT_KEY)).toBe(false);
  });

  it('clear() forgets the token in memory and on disk', () => {
    const store = makeStore();
    const vault = createTokenVault({ safeStorage: makeSafeStorage(), store, platform: 'win32' });
    vault.set('tok');
    vault.clear();
    expect(vault.get()).toBeNull();
    expect(store.data.has(VAULT_KEY)).toBe(false);
  });

  it('refuses an empty token', () => {
    const vault = createTokenVault({ safeStorage: makeSafeStorage(), store: makeStore(), platform: 'win32' });
    expect(() => vault.set('')).toThrow();
  });
});
