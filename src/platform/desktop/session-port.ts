// The desktop session port (DESIGN.md §4): the main process holds the token and the session;
// this port mirrors its {signedIn, user} and hears every change main broadcasts to the windows.
import type { TDesktopAppInfo, TDesktopBridge } from '@contracts/desktop';
import type { SessionPort, TSessionEvent, TSessionSnapshot } from '../ports';

/** How long after a window announced its logout a 401 is taken for that logout (as the web tabs do). */
const SIGNING_OUT_MS = 10_000;

export function createDesktopSessionPort(bridge: TDesktopBridge): SessionPort {
  let current: TSessionSnapshot = { signedIn: false, user: null };
  let signingOutAt = 0;
  const listeners = new Set<(event: TSessionEvent) => void>();
  let appInfo: Promise<TDesktopAppInfo> | undefined;

  // Main tells every window, this one included, so a change made here also arrives here.
  bridge.session.onChange((event) => {
    // A logout under way in some window: remembered for signingOutElsewhere, not a change of state.
    const { type, snapshot } = event;
    if (type === 'signing-out') {
      signingOutAt = Date.now();
      return;
    }
    if (type === 'login') signingOutAt = 0;
    current = snapshot;
    for (const listener of [...listeners]) listener({ type, snapshot });
  });

  return {
    kind: 'desktop',
    async init() {
      current = await bridge.session.get();
      return current;
    },
    snapshot: () => current,
    // Main adds the Authorization header to every API call; the renderer never holds the token.
    getToken: () => null,
    async signIn() {
      // The token argument is main's placeholder: main kept the real one when the login answer passed through it.
      current = await bridge.session.signIn();
    },
    async setUser(user) {
      await bridge.session.setUser(user);
      current = { signedIn: current.signedIn, user };
    },
    async signOut() {
      await bridge.session.signOut();
      current = { signedIn: false, user: null };
    },
    announceSignOut() {
      bridge.session.announceSignOut?.().catch((err: unknown) => console.error('failed to announce the sign-out', err));
    },
    signingOutElsewhere: () => signingOutAt > 0 && Date.now() - signingOutAt < SIGNING_OUT_MS,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async persistence() {
      // Main's token vault keeps the token in memory only without a safe key store (Linux basic_text).
      appInfo ??= bridge.app.info();
      try {
        return (await appInfo).tokenPersistence === 'memory' ? 'this-run' : 'persistent';
      } catch (err) {
        appInfo = undefined;
        console.error('failed to read the desktop app info', err);
        return 'persistent';
      }
    },
  };
}
