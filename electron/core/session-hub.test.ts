import { describe, expect, it } from 'vitest';
import type { TDesktopSessionEvent } from '../../contracts/desktop';
import type { TMemberInfo } from '../../contracts/member';
import { createSessionHub } from './session-hub';
import { createTokenVault, type TTokenVault } from './token-vault';

const makeMember = (over: Partial<TMemberInfo> = {}): TMemberInfo => ({
  id: 1,
  uname: 'buyer001',
  nickname: '采购员小王',
  realName: null,
  mobile: null,
  email: null,
  avatar: null,
  companyName: null,
  roles: ['member', 'purchaser'],
  hasPassword: true,
  supplier: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  ...over,
});

function makeVault(): TTokenVault {
  const data = new Map<string, unknown>();
  return createTokenVault({
    safeStorage: { isEncryptionAvailable: () => true, encryptString: (s) => Buffer.from(s), decryptString: (b) => b.toString() },
    store: { get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) },
    platform: 'win32',
  });
}

/** A window that records what the hub sent it. */
const makeWindow = () => {
  const received: TDesktopSessionEvent[] = [];
  return { received, send: (e: TDesktopSessionEvent) => void received.push(e) };
};

describe('session hub', () => {
  it('broadcasts login, user and logout to every window', () => {
    const vault = makeVault();
    const hub = createSessionHub({ vault });
    const a = makeWindow();
    const b = makeWindow();
    const c = makeWindow();
    hub.attach(a);
    hub.attach(b);
    hub.attach(c);

    hub.acceptToken('tok');
    hub.setUser(makeMember());
    hub.signOut();

    for (const w of [a, b, c]) {
      expect(w.received.map((e) => e.type)).toEqual(['login', 'user', 'logout']);
      expect(w.received[1]!.snapshot).toEqual({ signedIn: true, user: makeMember() });
      expect(w.received[2]!.snapshot).toEqual({ signedIn: false, user: null });
    }
    expect(vault.get()).toBeNull();
  });

  it('tells every window that a logout is under way, without changing the state; not when signed out', () => {
    const hub = createSessionHub({ vault: makeVault() });
    const a = makeWindow();
    const b = makeWindow();
    hub.attach(a);
    hub.attach(b);
    hub.announceSignOut();
    expect(a.received).toEqual([]);
    hub.acceptToken('tok');
    hub.announceSignOut();
    for (const w of [a, b]) expect(w.received.map((e) => [e.type, e.snapshot.signedIn])).toEqual([['login', true], ['signing-out', true]]);
    expect(hub.snapshot().signedIn).toBe(true);
  });

  it('never puts the token in a snapshot or an event', () => {
    const hub = createSessionHub({ vault: makeVault() });
    const w = makeWindow();
    hub.attach(w);
    hub.acceptToken('very-secret-token');
    hub.setUser(makeMember());
    expect(JSON.stringify([hub.snapshot(), w.received])).not.toContain('very-secret-token');
  });

  it('a new window pulls the current state; a closed one hears nothing more', () => {
    const hub = createSessionHub({ vault: makeVault() });
    const first = makeWindow();
    const detach = hub.attach(first);
    hub.acceptToken('tok');
    hub.setUser(makeMember({ nickname: '张三' }));

    expect(hub.snapshot()).toEqual({ signedIn: true, user: makeMember({ nickname: '张三' }) });
    detach();
    hub.signOut();
    expect(first.received.map((e) => e.type)).toEqual(['login', 'user']);
  });

  it('starts signed in when the vault restored a token', () => {
    const vault = makeVault();
    vault.set('saved');
    expect(createSessionHub({ vault }).snapshot()).toEqual({ signedIn: true, user: null });
  });

  it("signIn() is the renderer's confirmation: no token in the vault, no sign-in", () => {
    const hub = createSessionHub({ vault: makeVault() });
    const w = makeWindow();
    hub.attach(w);
    expect(hub.signIn()).toEqual({ signedIn: false, user: null });
    expect(w.received).toEqual([]);
  });

  it('signIn() after the proxy already accepted the token does not announce twice', () => {
    const hub = createSessionHub({ vault: makeVault() });
    const w = makeWindow();
    hub.attach(w);
    hub.acceptToken('tok');
    expect(hub.signIn().signedIn).toBe(true);
    expect(w.received.map((e) => e.type)).toEqual(['login']);
  });

  it('ignores a user while signed out and a second signOut', () => {
    const hub = createSessionHub({ vault: makeVault() });
    const w = makeWindow();
    hub.attach(w);
    hub.setUser(makeMember());
    hub.signOut();
    expect(hub.snapshot()).toEqual({ signedIn: false, user: null });
    expect(w.received).toEqual([]);
  });

  it('a new login forgets the previous member', () => {
    const hub = createSessionHub({ vault: makeVault() });
    hub.acceptToken('a');
    hub.setUser(makeMember());
    hub.acceptToken('b');
    expect(hub.snapshot()).toEqual({ signedIn: true, user: null });
  });

  it('a window that throws while receiving is dropped; the others still hear', () => {
    const logs: string[] = [];
    const hub = createSessionHub({ vault: makeVault(), log: (m) => logs.push(m) });
    const ok = makeWindow();
    let calls = 0;
    hub.attach({
      send: () => {
        calls += 1;
        throw new Error('Object has been destroyed');
      },
    });
    hub.attach(ok);
    hub.acceptToken('tok');
    hub.signOut();
    expect(ok.received.map((e) => e.type)).toEqual(['login', 'logout']);
    expect(calls).toBe(1);
    expect(logs[0]).toContain('destroyed');
  });

  it('main-side listeners hear every change (e.g. to close supplier windows on logout)', () => {
    const hub = createSessionHub({ vault: makeVault() });
    const types: string[] = [];
    hub.onChange((e) => types.push(e.type));
    hub.acceptToken('tok');
    hub.signOut();
    expect(types).toEqual(['login', 'logout']);
  });
});
