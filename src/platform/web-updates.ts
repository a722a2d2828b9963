// Polls the latest-build manifest (SPEC §4); check failures are silently ignored (SPEC §8).
import { BUILD_POLL_MS } from '@/config';
import type { UpdatesPort } from './ports';

export function createWebUpdatesPort(currentId: string = __BUILD_ID__): UpdatesPort {
  return {
    start(onReady) {
      let done = false;
      const check = async () => {
        if (done) return;
        try {
          const res = await fetch(`/latest-build.json?t=${Date.now()}`, { cache: 'no-store' });
          if (!res.ok) return;
          const body = (await res.json()) as { id?: string };
          if (body.id && body.id !== currentId) {
            done = true;
            onReady();
          }
        } catch {
          // SPEC §8: build-manifest check failures are silently ignored.
        }
      };
      setInterval(check, BUILD_POLL_MS);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void check());
    },
  };
}
