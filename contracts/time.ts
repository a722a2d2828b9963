// Every date and time the product shows is Beijing time (Asia/Shanghai: UTC+8 all year, no
// daylight saving since 1991), whatever the zone of the device, browser or server that renders it.
// This is the one module that turns an instant into text: the renderer, the server's exports
// (Excel/PDF), notices and messages all format through it. It works on plain UTC arithmetic, so
// neither the device's zone nor its time-zone database can change a result.
//
// Instants come as ISO strings (what the API sends), epoch milliseconds or Date objects; an empty
// or unreadable value shows as 「—」.

/** Beijing's offset from UTC. */
export const BEIJING_OFFSET_MS = 8 * 3600_000;
/** The IANA name of the product's one time zone (for SQL `at time zone` and HTTP headers). */
export const BEIJING_TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 86400_000;
const NONE = '—';

/**
 * The trade clock: every rule that depends on "now" (deadlines, validity, today's date in forms,
 * relative times) reads it. The server may move it (server/lib/clock.ts) so tests can pass
 * deadlines; the renderer leaves it on the wall clock.
 */
export const tradeClock = { now: (): number => Date.now() };

export type TInstant = string | number | Date;

/** Epoch milliseconds of an instant, or NaN when it is missing or unreadable. */
export function instantMs(x: TInstant | null | undefined): number {
  if (x === null || x === undefined || x === '') return Number.NaN;
  if (typeof x === 'number') return x;
  if (x instanceof Date) return x.getTime();
  return Date.parse(x);
}

/** The wall-clock fields of an instant in Beijing. */
export type TBeijingParts = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number };

/** The Beijing wall clock at an instant (month 1-12, weekday 0 = Sunday), or null when the instant is unreadable. */
export function beijingParts(x: TInstant | null | undefined): TBeijingParts | null {
  const ms = instantMs(x);
  if (!Number.isFinite(ms)) return null;
  // A Date shifted by +8 h read through its UTC fields is Beijing's wall clock.
  const d = new Date(ms + BEIJING_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), weekday: d.getUTCDay() };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The patterns the product shows (tokens YYYY MM DD HH mm ss, as dayjs spells them). */
export type TTimePattern = 'YYYY-MM-DD' | 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss' | 'YYYY-MM' | 'MM-DD' | 'MM-DD HH:mm' | 'HH:mm' | 'DD' | 'YYYY年M月D日' | 'YYYY年M月D日 HH:mm';

/** An instant in Beijing time in one of the product's patterns; 「—」 when missing. */
export function formatBeijing(x: TInstant | null | undefined, pattern: TTimePattern): string {
  const p = beijingParts(x);
  if (!p) return NONE;
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|M|D/g, (t) => {
    switch (t) {
      case 'YYYY':
        return pad(p.year, 4);
      case 'MM':
        return pad(p.month);
      case 'DD':
        return pad(p.day);
      case 'HH':
        return pad(p.hour);
      case 'mm':
        return pad(p.minute);
      case 'ss':
        return pad(p.second);
      case 'M':
        return String(p.month);
      default:
        return String(p.day);
    }
  });
}

/** 2026-03-02 (the Beijing date). */
export const formatDay = (x: TInstant | null | undefined) => formatBeijing(x, 'YYYY-MM-DD');
/** 2026-03-02 14:05. */
export const formatDateTime = (x: TInstant | null | undefined) => formatBeijing(x, 'YYYY-MM-DD HH:mm');
/** 03-02. */
export const formatMonthDay = (x: TInstant | null | undefined) => formatBeijing(x, 'MM-DD');
/** 03-02 14:05. */
export const formatMonthDayTime = (x: TInstant | null | undefined) => formatBeijing(x, 'MM-DD HH:mm');
/** 14:05. */
export const formatClock = (x: TInstant | null | undefined) => formatBeijing(x, 'HH:mm');
/** 2026-03 (a date badge's month line). */
export const formatMonth = (x: TInstant | null | undefined) => formatBeijing(x, 'YYYY-MM');
/** 02 (a date badge's day of the month). */
export const formatDayOfMonth = (x: TInstant | null | undefined) => formatBeijing(x, 'DD');

/** Today's date in Beijing, YYYY-MM-DD (the deadline of a date is the end of that day, Beijing time). */
export function todayInChina(now = tradeClock.now()): string {
  return formatDay(now);
}
/** The current year in Beijing. */
export const chinaYear = (now = tradeClock.now()) => beijingParts(now)!.year;
/** The first instant of a Beijing date (YYYY-MM-DD). */
export const startOfChinaDay = (date: string) => new Date(`${date}T00:00:00.000+08:00`);
/** The end of a Beijing date (YYYY-MM-DD). */
export const endOfChinaDay = (date: string) => new Date(`${date}T23:59:59.999+08:00`);

/** The Beijing calendar day of an instant as a day count (days since 1970-01-01 in Beijing). */
export const chinaDayNumber = (x: TInstant) => Math.floor((instantMs(x) + BEIJING_OFFSET_MS) / DAY_MS);

/**
 * How long ago an instant was, by the Beijing calendar:
 * 刚刚 (under a minute, or a clock slightly ahead) · N分钟前 (under an hour) · N小时前 (earlier today) ·
 * 昨天 (the previous Beijing date) · N天前 (2 to 6 dates back) · 2026-03-02 (older).
 * Days are counted between calendar dates, never as 24-hour spans: 23:30 two dates ago is 「2天前」
 * even when fewer than 48 hours have passed.
 */
export function timeAgo(x: TInstant | null | undefined, now = tradeClock.now()): string {
  const at = instantMs(x);
  if (!Number.isFinite(at)) return NONE;
  const seconds = (now - at) / 1000;
  if (seconds < 60) return '刚刚';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  const days = chinaDayNumber(now) - chinaDayNumber(at);
  if (days <= 0) return `${Math.floor(seconds / 3600)}小时前`;
  if (days === 1) return '昨天';
  if (days < 7) return `${days}天前`;
  return formatDay(at);
}

/** 今天 / 昨天 / 2026-03-02: the Beijing date of an instant relative to today. */
export function dayLabel(x: TInstant | null | undefined, now = tradeClock.now()): string {
  const at = instantMs(x);
  if (!Number.isFinite(at)) return NONE;
  const days = chinaDayNumber(now) - chinaDayNumber(at);
  if (days === 0) return '今天';
  if (days === 1) return '昨天';
  return formatDay(at);
}
