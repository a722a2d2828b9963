// The login-modal open flag (SPEC §3), openable from anywhere.
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  open = next;
  listeners.forEach((l) => l());
};

export const openLoginModal = () => set(true);
export const closeLoginModal = () => set(false);

export function useLoginModalOpen() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    // Server rendering and hydration: never open (the modal is opened by a click after hydration).
    () => false,
  );
}
