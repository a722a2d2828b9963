// Renderer configuration, validated once at start (STYLE.md 11).
const env = import.meta.env as Record<string, string | undefined>;

function readEnv() {
  const siteName = (env.VITE_SITE_NAME ?? '仪采通').trim();
  if (!siteName) throw new Error('Renderer variable VITE_SITE_NAME is invalid: it must not be empty.');
  const poll = Number(env.VITE_BUILD_POLL_MS ?? 60_000);
  if (!Number.isInteger(poll) || poll < 5000) throw new Error('Renderer variable VITE_BUILD_POLL_MS is invalid: it must be an integer of at least 5000.');
  return { siteName, poll };
}

const parsed = readEnv();
export const SITE_NAME = parsed.siteName;
export const BUILD_POLL_MS = parsed.poll;

/** SPEC §9 constants. */
export const UI = {
  toastDuration: 3000,
  toastOffset: 16,
  toastGap: 16,
  notificationDuration: 5000,
  reloadGuardMs: 10_000,
  loadingBar: { duration: 2000, throttle: 200, hideDelay: 500, resetDelay: 400, height: 3 },
  tooltip: { showDelay: 100, hideDelay: 300, offset: 6 },
  maxPreloads: 4,
} as const;

export const pageTitle = (title?: string) => (title ? `${title} - ${SITE_NAME}` : `${SITE_NAME} - 科学仪器采购交易平台`);
