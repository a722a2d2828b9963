// The trade rules shared by the server and the pages: the states a demand settles into, the
// buttons each state offers, the countdown, revisability and the default validity.
import { describe, expect, it } from 'vitest';
import {
  acceptsQuotations,
  bidsOpened,
  deadlineCountdown,
  defaultValidUntil,
  demandActionsFor,
  demandStatusFor,
  endOfChinaDay,
  minValidUntil,
  MY_DEMAND_TABS,
  DEMAND_STATES,
  quotationRevisable,
  quotationWithdrawAllowed,
  SEALED_WITHDRAW_REFUSED,
  todayInChina,
} from './trade';

const NOW = Date.parse('2026-03-02T04:00:00Z');
const DAY = 86400_000;
const future = new Date(NOW + 3 * DAY).toISOString();
const past = new Date(NOW - 60_000).toISOString();

describe('demandStatusFor', () => {
  it('keeps a taking demand QUOTED only with a pending quotation', () => {
    expect(demandStatusFor({ status: 'QUOTED', quoteDeadline: future }, 0, NOW)).toBe('OPEN');
    expect(demandStatusFor({ status: 'OPEN', quoteDeadline: future }, 1, NOW)).toBe('QUOTED');
  });
  it('at the deadline: 评标中 with something to compare, else 已过期', () => {
    expect(demandStatusFor({ status: 'QUOTED', quoteDeadline: past }, 2, NOW)).toBe('EVALUATING');
    expect(demandStatusFor({ status: 'QUOTED', quoteDeadline: past }, 0, NOW)).toBe('EXPIRED');
    expect(demandStatusFor({ status: 'OPEN', quoteDeadline: past }, 0, NOW)).toBe('EXPIRED');
  });
  it('ends an EVALUATING demand left with nothing pending and leaves decided states alone', () => {
    expect(demandStatusFor({ status: 'EVALUATING', quoteDeadline: past }, 0, NOW)).toBe('EXPIRED');
    expect(demandStatusFor({ status: 'EVALUATING', quoteDeadline: past }, 1, NOW)).toBe('EVALUATING');
    expect(demandStatusFor({ status: 'AWARDED', quoteDeadline: past }, 0, NOW)).toBe('AWARDED');
    expect(demandStatusFor({ status: 'DRAFT', quoteDeadline: past }, 0, NOW)).toBe('DRAFT');
  });
});

describe('what the pages offer', () => {
  it('offers the buyer exactly the transitions the table allows', () => {
    expect(demandActionsFor('DRAFT')).toEqual(['submit', 'cancel']);
    expect(demandActionsFor('OPEN')).toEqual(['cancel']);
    expect(demandActionsFor('QUOTED')).toEqual(['stop', 'cancel']);
    expect(demandActionsFor('EVALUATING')).toEqual(['cancel']);
    expect(demandActionsFor('AWARDED')).toEqual(['close']);
    expect(demandActionsFor('EXPIRED')).toEqual(['repost']);
    // A rejected demand is corrected in the form and sent for review, or cancelled; never published straight back.
    expect(demandActionsFor('REJECTED')).toEqual(['cancel']);
    expect(demandActionsFor('PENDING_REVIEW')).toEqual(['cancel']);
    expect(demandActionsFor('PENDING_REVIEW', 'admin')).toEqual(['cancel', 'approve']);
  });
  it('has a tab for every state, so 全部 is the sum of the tabs', () => {
    expect([...MY_DEMAND_TABS].sort()).toEqual([...DEMAND_STATES].sort());
  });
  it('counts down only while the demand takes quotations', () => {
    expect(deadlineCountdown({ status: 'QUOTED', quoteDeadline: future }, NOW)?.text).toBe('剩余3天');
    expect(deadlineCountdown({ status: 'EVALUATING', quoteDeadline: future }, NOW)).toBeNull();
    expect(deadlineCountdown({ status: 'AWARDED', quoteDeadline: future }, NOW)).toBeNull();
  });
  it('says why a quotation cannot be revised', () => {
    expect(quotationRevisable({ status: 'SUBMITTED' }, { demand: { status: 'QUOTED', quoteDeadline: future } }, NOW)).toEqual({ ok: true });
    expect(quotationRevisable({ status: 'SUBMITTED' }, { demand: { status: 'EVALUATING', quoteDeadline: future } }, NOW)).toEqual({ ok: false, reason: '该求购已停止接收报价（评标中），不能再修改报价' });
    expect(quotationRevisable({ status: 'SUBMITTED' }, { demand: { status: 'QUOTED', quoteDeadline: past } }, NOW)).toEqual({ ok: false, reason: '该求购已过报价截止时间，不能再修改报价' });
    expect(quotationRevisable({ status: 'ACCEPTED' }, {}, NOW)).toEqual({ ok: false, reason: '报价已中标，不能再修改' });
    expect(quotationRevisable({ status: 'SUBMITTED' }, { inquiry: { status: 'CLOSED' } }, NOW)).toEqual({ ok: false, reason: '该询价已关闭，不能再修改报价' });
    expect(acceptsQuotations({ status: 'QUOTED', quoteDeadline: future, quoteCap: 2 }, 2, NOW)).toBe(false);
  });
  it('never defaults a validity that ends before the demand’s quote deadline', () => {
    const deadline = endOfChinaDay(todayInChina(NOW + 60 * DAY)).toISOString();
    expect(defaultValidUntil(deadline, NOW)).toBe(todayInChina(NOW + 60 * DAY));
    expect(defaultValidUntil(endOfChinaDay(todayInChina(NOW + 5 * DAY)).toISOString(), NOW)).toBe(todayInChina(NOW + 30 * DAY));
    expect(defaultValidUntil(null, NOW)).toBe(todayInChina(NOW + 30 * DAY));
    expect(minValidUntil(deadline, NOW)).toBe(todayInChina(NOW + 60 * DAY));
  });
});

describe('bidsOpened (开标) and withdrawal', () => {
  const past = new Date(NOW - DAY).toISOString();
  it('opens a 公开报价 demand always, a 密封报价 one at its deadline or once it stopped taking quotations', () => {
    expect(bidsOpened({ quoteMode: 'public', status: 'QUOTED', quoteDeadline: future }, NOW)).toBe(true);
    expect(bidsOpened({ quoteMode: 'sealed', status: 'QUOTED', quoteDeadline: future }, NOW)).toBe(false);
    expect(bidsOpened({ quoteMode: 'sealed', status: 'OPEN', quoteDeadline: future }, NOW)).toBe(false);
    expect(bidsOpened({ quoteMode: 'sealed', status: 'QUOTED', quoteDeadline: past }, NOW)).toBe(true);
    for (const status of ['EVALUATING', 'AWARDED', 'EXPIRED', 'CLOSED']) expect(bidsOpened({ quoteMode: 'sealed', status, quoteDeadline: future }, NOW), status).toBe(true);
    // cancelled or taken down before the deadline: still sealed until then
    for (const status of ['CANCELLED', 'REJECTED', 'DRAFT']) expect(bidsOpened({ quoteMode: 'sealed', status, quoteDeadline: future }, NOW), status).toBe(false);
    expect(bidsOpened({ quoteMode: 'sealed', status: 'CANCELLED', quoteDeadline: past }, NOW)).toBe(true);
  });
  it('lets a supplier withdraw from a sealed demand until 开标, from a public one while undecided', () => {
    const sealed = (status: string) => ({ quoteMode: 'sealed', status, quoteDeadline: future });
    expect(quotationWithdrawAllowed({ status: 'SUBMITTED' }, sealed('QUOTED'), NOW)).toEqual({ ok: true });
    expect(quotationWithdrawAllowed({ status: 'SUBMITTED' }, sealed('EVALUATING'), NOW)).toEqual({ ok: false, reason: SEALED_WITHDRAW_REFUSED });
    expect(quotationWithdrawAllowed({ status: 'SUBMITTED' }, { quoteMode: 'public', status: 'EVALUATING', quoteDeadline: past }, NOW)).toEqual({ ok: true });
    expect(quotationWithdrawAllowed({ status: 'ACCEPTED' }, sealed('AWARDED'), NOW).ok).toBe(false);
    expect(quotationWithdrawAllowed({ status: 'SUBMITTED' }, null, NOW)).toEqual({ ok: true });
  });
});
