// What the HTTP client (./http-client) and the app shell share without loading the client itself:
// the statuses retried once, and the hooks for a 401 and for a saved change (SPEC §7, §8).
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

let onUnauthorized: () => void = () => {};
const savedListeners = new Set<() => void>();

/**
 * Called after a successful POST/PUT/DELETE that is not a file upload: the page saved something
 * (the unsaved-changes guard counts a 保存草稿 button that is not a form submit as saving).
 */
export function onSaved(listener: () => void): () => void {
  savedListeners.add(listener);
  return () => void savedListeners.delete(listener);
}

/** Wired by the app shell: logout, toast, go to /login (SPEC §8). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export const notifyUnauthorized = () => onUnauthorized();
export const notifySaved = () => savedListeners.forEach((l) => l());
