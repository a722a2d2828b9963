import { describe, expect, it } from 'vitest';
import { formatReplyTime, median, replyTimeOf, workingMinutesBetween } from './response-quality';

/** An instant given as Beijing wall time (2026-11-23 is a Monday). */
const bj = (iso: string) => Date.parse(`${iso}+08:00`);

describe('working minutes between two instants (Mon–Fri 09:00–18:00 Beijing)', () => {
  it.each([
    ['within one working day', '2026-11-23T10:00', '2026-11-23T11:30', 90],
    ['after hours, answered next morning: counted from 09:00', '2026-11-23T20:00', '2026-11-24T09:30', 30],
    ['before opening, answered the same morning', '2026-11-24T07:00', '2026-11-24T09:15', 15],
    ['Friday afternoon to Monday morning: the weekend does not count', '2026-11-27T17:00', '2026-11-30T10:00', 120],
    ['arrived and answered on a Saturday', '2026-11-28T11:00', '2026-11-28T12:00', 0],
    ['across a whole working day', '2026-11-25T14:00', '2026-11-26T14:00', 540],
    ['answered after hours counts until 18:00', '2026-11-23T17:00', '2026-11-23T22:00', 60],
    ['reply before arrival', '2026-11-23T12:00', '2026-11-23T11:00', 0],
  ])('%s', (_name, from, to, minutes) => {
    expect(workingMinutesBetween(bj(from), bj(to))).toBe(minutes);
  });

  it('is the same whatever the zone of the machine (plain UTC arithmetic)', () => {
    expect(workingMinutesBetween(Date.UTC(2026, 10, 23, 1, 0), Date.UTC(2026, 10, 23, 2, 0))).toBe(60);
  });
});

describe('median and reply-time text', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([540, 0, 90, 30, 120])).toBe(90);
    expect(median([10, 20, 30, 40])).toBe(25);
    expect(median([])).toBeNull();
  });
  it('says minutes under an hour and working hours above', () => {
    expect(formatReplyTime(42)).toBe('42 分钟');
    expect(formatReplyTime(90)).toBe('1.5 个工作小时');
    expect(formatReplyTime(0)).toBe('不到 1 分钟');
    expect(formatReplyTime(null)).toBe('数据不足');
  });
  it('says 暂无回复 for a supplier with enough inquiries and none answered, 数据不足 below the sample', () => {
    expect(replyTimeOf({ enough: true, medianReplyMinutes: null })).toBe('暂无回复');
    expect(replyTimeOf({ enough: false, medianReplyMinutes: null })).toBe('数据不足');
    expect(replyTimeOf({ enough: true, medianReplyMinutes: 90 })).toBe('1.5 个工作小时');
  });
});
