// Beijing time for everyone: the formats and relative times of contracts/time.ts read the same on
// any device zone, change date at 16:00 UTC (midnight in Beijing), and count 昨天 / N天前 by
// Beijing calendar dates rather than by 24-hour spans.
import { afterEach, describe, expect, it } from 'vitest';
import {
  chinaDayNumber,
  chinaYear,
  dayLabel,
  endOfChinaDay,
  formatBeijing,
  formatClock,
  formatDateTime,
  formatDay,
  formatDayOfMonth,
  formatMonth,
  formatMonthDay,
  formatMonthDayTime,
  startOfChinaDay,
  timeAgo,
  todayInChina,
} from './time.js';
import * as trade from './trade.js';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const HOUR = 3600_000;

describe('formats (Beijing wall clock)', () => {
  // News 91 of the issue: 2026-10-28T22:25Z is 2026-10-29 06:25 in Beijing.
  const news = '2026-10-28T22:25:00.000Z';

  it('shows an instant in each of the product formats', () => {
    expect(formatDay(news)).toBe('2026-10-29');
    expect(formatDateTime(news)).toBe('2026-10-29 06:25');
    expect(formatMonthDay(news)).toBe('10-29');
    expect(formatMonthDayTime(news)).toBe('10-29 06:25');
    expect(formatClock(news)).toBe('06:25');
    expect(formatMonth(news)).toBe('2026-10');
    expect(formatDayOfMonth(news)).toBe('29');
    expect(formatBeijing(news, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-10-29 06:25:00');
    expect(formatBeijing(news, 'YYYY年M月D日')).toBe('2026年10月29日');
  });

  it('accepts ISO strings with any offset, epoch milliseconds and Date objects alike', () => {
    expect(formatDateTime('2026-10-29T06:25:00+08:00')).toBe('2026-10-29 06:25');
    expect(formatDateTime('2026-10-28T15:25:00-07:00')).toBe('2026-10-29 06:25');
    expect(formatDateTime(at(news))).toBe('2026-10-29 06:25');
    expect(formatDateTime(new Date(news))).toBe('2026-10-29 06:25');
  });

  it('shows 「—」 for a missing or unreadable instant', () => {
    for (const v of [null, undefined, '', 'not a date']) {
      expect(formatDay(v)).toBe('—');
      expect(formatDateTime(v)).toBe('—');
      expect(timeAgo(v)).toBe('—');
    }
  });

  it('changes date at 16:00 UTC, midnight in Beijing', () => {
    expect(formatDateTime('2026-03-01T15:59:59.999Z')).toBe('2026-03-01 23:59');
    expect(formatDay('2026-03-01T15:59:59.999Z')).toBe('2026-03-01');
    expect(formatDateTime('2026-03-01T16:00:00.000Z')).toBe('2026-03-02 00:00');
    expect(formatDay('2026-03-01T16:00:00.000Z')).toBe('2026-03-02');
    expect(todayInChina(at('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(todayInChina(at('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
  });

  it('changes year at 16:00 UTC on 31 December', () => {
    expect(formatDateTime('2026-12-31T15:59:00Z')).toBe('2026-12-31 23:59');
    expect(formatDateTime('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00');
    expect(formatMonth('2026-12-31T16:00:00Z')).toBe('2027-01');
    expect(chinaYear(at('2026-12-31T15:59:59Z'))).toBe(2026);
    expect(chinaYear(at('2026-12-31T16:00:00Z'))).toBe(2027);
  });

  it('knows leap days and the start and end of a Beijing date', () => {
    expect(formatDay('2028-02-28T16:00:00Z')).toBe('2028-02-29');
    expect(startOfChinaDay('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(endOfChinaDay('2026-03-02').toISOString()).toBe('2026-03-02T15:59:59.999Z');
    expect(chinaDayNumber(startOfChinaDay('2026-03-02'))).toBe(chinaDayNumber(endOfChinaDay('2026-03-02')));
    expect(chinaDayNumber(endOfChinaDay('2026-03-02').getTime() + 1)).toBe(chinaDayNumber(startOfChinaDay('2026-03-02')) + 1);
  });
});

describe('timeAgo (by Beijing calendar dates)', () => {
  const now = at('2026-03-05T02:00:00Z'); // 2026-03-05 10:00 in Beijing

  it('says 刚刚, N分钟前 and N小时前 within today', () => {
    expect(timeAgo(now - 30_000, now)).toBe('刚刚');
    expect(timeAgo(now + 5 * MIN, now)).toBe('刚刚'); // a server clock slightly ahead
    expect(timeAgo(now - 5 * MIN, now)).toBe('5分钟前');
    expect(timeAgo(now - 59 * MIN, now)).toBe('59分钟前');
    expect(timeAgo(now - 3 * HOUR, now)).toBe('3小时前');
    expect(timeAgo('2026-03-05T00:00:00+08:00', now)).toBe('10小时前');
  });

  it('says 昨天 for the previous Beijing date only', () => {
    expect(timeAgo('2026-03-04T23:59:00+08:00', now)).toBe('昨天');
    expect(timeAgo('2026-03-04T00:00:00+08:00', now)).toBe('昨天');
  });

  it('says 2天前 for two dates back even when fewer than 48 hours have passed (the 「昨天」 defect)', () => {
    // 2026-03-03 23:30 Beijing is 34.5 hours before 2026-03-05 10:00: two calendar days.
    expect(timeAgo('2026-03-03T23:30:00+08:00', now)).toBe('2天前');
    expect(timeAgo('2026-03-03T00:00:00+08:00', now)).toBe('2天前');
  });

  it('says N天前 up to six dates back, then the Beijing date', () => {
    expect(timeAgo('2026-02-27T12:00:00+08:00', now)).toBe('6天前');
    expect(timeAgo('2026-02-26T23:59:00+08:00', now)).toBe('2026-02-26');
  });

  it('counts dates in Beijing, not UTC, around midnight', () => {
    const justAfterMidnight = at('2026-03-04T16:10:00Z'); // 2026-03-05 00:10 in Beijing
    expect(timeAgo('2026-03-04T15:50:00Z', justAfterMidnight)).toBe('20分钟前'); // 23:50 yesterday, under an hour
    expect(timeAgo('2026-03-04T14:30:00Z', justAfterMidnight)).toBe('昨天'); // 22:30 yesterday (same UTC date as now)
    expect(timeAgo('2026-03-03T17:00:00Z', justAfterMidnight)).toBe('昨天'); // 2026-03-04 01:00 Beijing, on the previous UTC date
    expect(timeAgo('2026-03-03T15:00:00Z', justAfterMidnight)).toBe('2天前'); // 2026-03-03 23:00 Beijing
  });

  it('counts across a year change', () => {
    const newYear = at('2027-01-01T01:00:00+08:00');
    expect(timeAgo('2026-12-31T23:30:00+08:00', newYear)).toBe('昨天');
    expect(timeAgo('2026-12-30T23:30:00+08:00', newYear)).toBe('2天前');
    expect(timeAgo('2026-12-20T12:00:00+08:00', newYear)).toBe('2026-12-20');
    expect(dayLabel('2027-01-01T00:00:00+08:00', newYear)).toBe('今天');
    expect(dayLabel('2026-12-31T00:00:00+08:00', newYear)).toBe('昨天');
    expect(dayLabel('2026-12-30T23:59:00+08:00', newYear)).toBe('2026-12-30');
  });
});

describe('independent of the device zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it('gives the same text under Asia/Shanghai, UTC and America/Los_Angeles', () => {
    const sample = () => {
      const now = at('2026-11-01T15:30:00Z'); // 23:30 Beijing; 08:30 the same date in Los Angeles (PDT ends that day)
      return [
        formatDateTime('2026-10-28T22:25:00Z'),
        formatDay('2026-10-31T17:00:00Z'),
        formatMonthDayTime('2026-03-08T10:30:00Z'), // US daylight saving starts that morning
        todayInChina(now),
        timeAgo('2026-10-30T15:50:00Z', now), // 2026-10-30 23:50 Beijing: 47 h 40 min, two dates back
        timeAgo('2026-10-30T16:30:00Z', now), // 2026-10-31 00:30 Beijing
        timeAgo('2026-10-31T16:30:00Z', now), // 2026-11-01 00:30 Beijing
        chinaYear(at('2026-12-31T17:00:00Z')),
      ];
    };
    const expected = ['2026-10-29 06:25', '2026-11-01', '03-08 18:30', '2026-11-01', '2天前', '昨天', '23小时前', 2027];
    for (const tz of ['Asia/Shanghai', 'UTC', 'America/Los_Angeles']) {
      process.env.TZ = tz;
      expect(sample(), tz).toEqual(expected);
    }
  });
});

describe('trade re-exports', () => {
  it('are the time module itself (one formatting helper)', () => {
    expect(trade.formatDateTime).toBe(formatDateTime);
    expect(trade.formatDay).toBe(formatDay);
    expect(trade.timeAgo).toBe(timeAgo);
    expect(trade.todayInChina).toBe(todayInChina);
  });
});
