// Recognises database errors the API answers with a message instead of a 500.

type TPgError = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * The constraint a unique violation (SQLSTATE 23505) names, '' when the driver does not say which,
 * or null for any other error. Drizzle wraps driver errors (the cause), PGlite and node-postgres
 * both carry `code` and `constraint`.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as TPgError | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause as TPgError | undefined, depth++) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return null;
}
