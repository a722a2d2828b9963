// The platform of server rendering (src/entry-server.tsx): always a visitor, one window, no updates.
import type { SessionPort, TSessionSnapshot } from './ports';
import type { TPlatform } from './platform';

const VISITOR: TSessionSnapshot = { signedIn: false, user: null };

function visitorSession(): SessionPort {
  const refuse = () => Promise.reject(new Error('no session while rendering on the server'));
  return {
    kind: 'web',
    init: async () => VISITOR,
    snapshot: () => VISITOR,
    getToken: () => null,
    signIn: refuse,
    setUser: refuse,
    signOut: async () => {},
    subscribe: () => () => {},
    persistence: async () => 'persistent',
  };
}

export function createServerPlatform(): TPlatform {
  return {
    session: visitorSession(),
    windows: { openSupplierWindow: () => false, onNavigate: () => () => {} },
    updates: { start: () => {} },
    isDesktop: false,
    liveEvents: null,
  };
}
