// Location state of a navigation the unsaved-changes guard (./unsaved-changes) must not stop: an
// expired session goes to /login (SPEC §8). On its own so the app shell sets it without loading the guard.
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;
