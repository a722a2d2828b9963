import { useSyncExternalStore } from 'react';
// Whether the first page load has finished (SPEC §2: a failing route middleware gives a 404 only
// while the page hydrates). The root shell marks it once mounted; the router reads it.
let hydrated = false;

export const markHydrated = () => {
  hydrated = true;
};

export const isHydrated = () => hydrated;

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from the render
 * after: text that depends on the moment (剩余3小时) renders then, so both first renders match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
