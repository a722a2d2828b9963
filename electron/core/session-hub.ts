// The session hub: the one place that knows whether the desktop user is signed in. It holds
// {signedIn, user}, never the token (that is the vault's), and tells every window of each change.
import type { TMemberInfo } from '../../contracts/member.js';
import type { TDesktopSessionEvent, TDesktopSessionSnapshot } from '../../contracts/desktop.js';
import type { TTokenVault } from './token-vault.js';

/** A window (or anything) that receives session events. */
export type TSessionTarget = { send(event: TDesktopSessionEvent): void };

export type TSessionHub = {
  snapshot(): TDesktopSessionSnapshot;
  /** Records a token that arrived with a login answer and announces the sign-in. */
  acceptToken(token: string): TDesktopSessionSnapshot;
  /** The renderer's confirmation after login: signed in if the vault holds a token. */
  signIn(): TDesktopSessionSnapshot;
  setUser(user: TMemberInfo): TDesktopSessionSnapshot;
  signOut(): TDesktopSessionSnapshot;
  /** A window's logout is under way: every window hears it first, so a 401 meanwhile is not taken for an expiry. */
  announceSignOut(): void;
  /** Adds a window; returns the function that removes it. */
  attach(target: TSessionTarget): () => void;
  /** For main itself (menu state, logging). */
  onChange(listener: (event: TDesktopSessionEvent) => void): () => void;
};

export function createSessionHub(deps: { vault: TTokenVault; log?: (msg: string) => void }): TSessionHub {
  const { vault } = deps;
  const log = deps.log ?? (() => {});
  let state: TDesktopSessionSnapshot = { signedIn: vault.get() !== null, user: null };
  const targets = new Set<TSessionTarget>();
  const listeners = new Set<(event: TDesktopSessionEvent) => void>();

  const publish = (type: TDesktopSessionEvent['type']) => {
    const event: TDesktopSessionEvent = { type, snapshot: state };
    for (const target of [...targets]) {
      try {
        target.send(event);
      } catch (err) {
        // A window torn down mid-broadcast must not stop the others from hearing it.
        log(`session broadcast failed: ${String(err)}`);
        targets.delete(target);
      }
    }
    for (const listener of [...listeners]) listener(event);
    return state;
  };

  return {
    snapshot: () => state,
    acceptToken(token) {
      vault.set(token);
      // A new token may belong to another member: forget the previous user.
      state = { signedIn: true, user: null };
      return publish('login');
    },
    signIn() {
      if (vault.get() === null) return state;
      if (state.signedIn) return state;
      state = { signedIn: true, user: null };
      return publish('login');
    },
    setUser(user) {
      if (!state.signedIn) return state;
      state = { signedIn: true, user };
      return publish('user');
    },
    signOut() {
      vault.clear();
      if (!state.signedIn && state.user === null) return state;
      state = { signedIn: false, user: null };
      return publish('logout');
    },
    announceSignOut() {
      if (state.signedIn) publish('signing-out');
    },
    attach(target) {
      targets.add(target);
      return () => void targets.delete(target);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
