// Encrypts the stored user with AES-GCM under a non-extractable Web Crypto key kept in IndexedDB:
// the key never exists in the bundle or in readable storage.
const DB_NAME = 'yct-keys';
const STORE = 'keys';
const KEY_ID = 'user-v1';

function openKeyDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function idb<T>(db: IDBDatabase, mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = run(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result as T);
    req.onerror = () => reject(req.error);
  });
}

let keyPromise: Promise<CryptoKey> | undefined;

async function getKey(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    const db = await openKeyDb();
    const existing = await idb<CryptoKey | undefined>(db, 'readonly', (s) => s.get(KEY_ID));
    if (existing) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await idb(db, 'readwrite', (s) => s.put(key, KEY_ID));
    return key;
  })();
  return keyPromise;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export async function encryptJson(value: unknown): Promise<string> {
  const key = await getKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify(value));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, data));
  return `v1.${toB64(iv)}.${toB64(sealed)}`;
}

export async function decryptJson<T>(text: string): Promise<T | null> {
  const [version, iv, sealed] = text.split('.');
  if (version !== 'v1' || !iv || !sealed) return null;
  try {
    const key = await getKey();
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(iv) }, key, fromB64(sealed));
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    return null; // a value sealed under another key (cleared site data): treat as absent
  }
}
