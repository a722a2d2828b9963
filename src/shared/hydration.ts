// Whether the first page load has finished (SPEC §2: a failing route middleware gives a 404 only
// while the page hydrates). The root shell marks it once mounted; the router reads it.
let hydrated = false;

export const markHydrated = () => {
  hydrated = true;
};

export const isHydrated = () => hydrated;
