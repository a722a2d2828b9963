// The renderer's platform ports (DESIGN.md §4). Only src/platform/ knows whether it runs in a
// browser or in the desktop client; everything else talks to these interfaces.
import type { TMemberInfo } from '@contracts/member';

export type TSessionSnapshot = { signedIn: boolean; user: TMemberInfo | null };
export type TSessionEvent = { type: 'login' | 'logout' | 'user'; snapshot: TSessionSnapshot };
/** `this-run`: a sign-in ends when the app closes (a desktop without a safe OS key store). */
export type TSessionPersistence = 'persistent' | 'this-run';

export interface SessionPort {
  readonly kind: 'web' | 'desktop';
  /** Restores the stored session (token presence and the cached user). */
  init(): Promise<TSessionSnapshot>;
  snapshot(): TSessionSnapshot;
  /** The bearer token for API calls; null in the desktop, whose main process adds the header. */
  getToken(): string | null;
  /** Stores a new token after login and tells other tabs/windows. */
  signIn(token: string): Promise<void>;
  /** Stores (or refreshes) the member info. */
  setUser(user: TMemberInfo): Promise<void>;
  /** Clears token, user, storage and cookie, and tells other tabs/windows. */
  signOut(): Promise<void>;
  /**
   * Tells other tabs that a logout is under way here, before the server revokes the token: a 401
   * they get meanwhile is that logout, not an expired session (web; the desktop's main signs all
   * windows out at once).
   */
  announceSignOut?(): void;
  /** Whether another tab announced a logout in the last few seconds. */
  signingOutElsewhere?(): boolean;
  /** Changes made elsewhere (another tab or window) and here. */
  subscribe(listener: (event: TSessionEvent) => void): () => void;
  /** Whether a sign-in outlives this run of the app; the user is told when it does not. */
  persistence(): Promise<TSessionPersistence>;
}

export interface WindowsPort {
  /**
   * Hands a supplier back-office route to its own window; true means it did and the caller must
   * not navigate this one, false means "navigate normally".
   */
  openSupplierWindow(path: string): boolean;
  /**
   * Routes the shell asks this window to show (the desktop's deep links, menu and links opened in
   * another window). The router follows, so a form with unsaved changes can ask first; a reload
   * would lose them. Returns the unsubscribe function.
   */
  onNavigate(listener: (path: string) => void): () => void;
  /**
   * Whether this window's page has unsaved edits (the back office's UnsavedChangesGuard): the
   * desktop asks before closing it for an update restart. The web has nothing to tell.
   */
  setUnsavedChanges?(hasUnsavedChanges: boolean): void;
}

export interface UpdatesPort {
  /**
   * Starts watching for a new build. `onReloadable` is called once when reloading the page would
   * load a newer renderer (the web). The desktop never calls it: its renderer ships inside the app,
   * so only the restart that the main process asks for installs a new version.
   */
  start(onReloadable: () => void): void;
  /**
   * The desktop: a new version is downloaded and waits for a restart (the banner offers it). Called
   * at once with a version that was ready before the listener came. Returns the unsubscribe function.
   */
  onRestartReady?(listener: (version: string) => void): () => void;
  /** The desktop: 立即重启 — main asks about unsaved edits in every window first. */
  restart?(): Promise<void>;
}
