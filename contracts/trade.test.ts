// Every allowed and every refused transition of the three trade state machines, table-driven:
// the expected tables below are written out independently of the ones in trade.ts.
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  DEMAND_STATES,
  DEMAND_TRANSITIONS,
  INQUIRY_STATES,
  INQUIRY_TRANSITIONS,
  QUOTATION_STATES,
  QUOTATION_TRANSITIONS,
  transitionRefused,
  ZDemandInput,
  ZQuotationInput,
  todayInChina,
  type TTradeActor,
} from './trade.js';

const ACTORS: TTradeActor[] = ['buyer', 'supplier', 'admin', 'system', 'approver'];

/** "FROM>TO": the actors that may trigger it. Anything not listed is refused for everyone. */
const DEMAND_EXPECTED: Record<string, TTradeActor[]> = {
  'DRAFT>OPEN': ['buyer'],
  'DRAFT>PENDING_REVIEW': ['buyer'],
  'DRAFT>CANCELLED': ['buyer'],
  // 采购单位 approval before publishing (issue 38): the author sends it, an approver moves it on to the
  // platform's review or returns it (REJECTED, editable); a returned one is corrected and sent again.
  'DRAFT>PENDING_APPROVAL': ['buyer'],
  'PENDING_APPROVAL>PENDING_REVIEW': ['approver'],
  'PENDING_APPROVAL>REJECTED': ['approver'],
  'PENDING_APPROVAL>CANCELLED': ['buyer', 'admin'],
  'REJECTED>PENDING_APPROVAL': ['buyer'],
  'PENDING_REVIEW>OPEN': ['admin'],
  'PENDING_REVIEW>REJECTED': ['admin'],
  'PENDING_REVIEW>CANCELLED': ['buyer', 'admin'],
  // Rejected by the platform: corrected and sent for review, or cancelled (issue 29).
  'REJECTED>PENDING_REVIEW': ['buyer'],
  'REJECTED>CANCELLED': ['buyer'],
  'OPEN>QUOTED': ['supplier'],
  'OPEN>EXPIRED': ['system'],
  'OPEN>CANCELLED': ['buyer', 'admin'],
  'OPEN>REJECTED': ['admin'],
  // The last pending quotation withdrawn, rejected or expired (issue 21): back to OPEN, or EXPIRED at the deadline.
  'QUOTED>OPEN': ['system'],
  'QUOTED>EXPIRED': ['system'],
  'QUOTED>EVALUATING': ['buyer', 'system'],
  'QUOTED>AWARDED': ['buyer'],
  'QUOTED>CANCELLED': ['buyer', 'admin'],
  'QUOTED>REJECTED': ['admin'],
  'EVALUATING>AWARDED': ['buyer'],
  'EVALUATING>EXPIRED': ['system'],
  'EVALUATING>CANCELLED': ['buyer', 'admin'],
  'EVALUATING>CLOSED': ['admin'],
  'AWARDED>CLOSED': ['buyer', 'admin'],
};

const QUOTATION_EXPECTED: Record<string, TTradeActor[]> = {
  'SUBMITTED>SUBMITTED': ['supplier'],
  'SUBMITTED>ACCEPTED': ['buyer'],
  'SUBMITTED>REJECTED': ['buyer'],
  'SUBMITTED>WITHDRAWN': ['supplier'],
  'SUBMITTED>EXPIRED': ['system'],
  'SUBMITTED>NOT_SELECTED': ['system'],
  // Taken down with its demand, quoted anew when the corrected demand is back on the hall (issue 29).
  'NOT_SELECTED>SUBMITTED': ['supplier'],
};

const INQUIRY_EXPECTED: Record<string, TTradeActor[]> = {
  'NEW>REPLIED': ['supplier', 'admin'],
  'NEW>CLOSED': ['buyer', 'supplier', 'admin'],
  'REPLIED>CLOSED': ['buyer', 'supplier', 'admin'],
};

function cases<S extends string>(states: readonly S[], expected: Record<string, TTradeActor[]>) {
  const out: [S, S, TTradeActor, boolean][] = [];
  for (const from of states) for (const to of states) for (const actor of ACTORS) out.push([from, to, actor, expected[`${from}>${to}`]?.includes(actor) ?? false]);
  return out;
}

describe('demand state machine', () => {
  it.each(cases(DEMAND_STATES, DEMAND_EXPECTED))('%s → %s by %s: allowed=%s', (from, to, actor, allowed) => {
    expect(canTransition(DEMAND_TRANSITIONS, from, to, actor)).toBe(allowed);
  });
  it('has no way out of the final states', () => {
    for (const s of ['EXPIRED', 'CANCELLED', 'CLOSED'] as const) expect(DEMAND_TRANSITIONS[s]).toEqual({});
  });
});

describe('quotation state machine', () => {
  it.each(cases(QUOTATION_STATES, QUOTATION_EXPECTED))('%s → %s by %s: allowed=%s', (from, to, actor, allowed) => {
    expect(canTransition(QUOTATION_TRANSITIONS, from, to, actor)).toBe(allowed);
  });
});

describe('inquiry state machine', () => {
  it.each(cases(INQUIRY_STATES, INQUIRY_EXPECTED))('%s → %s by %s: allowed=%s', (from, to, actor, allowed) => {
    expect(canTransition(INQUIRY_TRANSITIONS, from, to, actor)).toBe(allowed);
  });
});

describe('messages and dates', () => {
  it('names the current state when refusing', () => {
    expect(transitionRefused('已过期')).toBe('当前状态（已过期）不允许此操作');
    expect(transitionRefused()).toBe('当前状态不允许此操作');
  });
  it('uses the Beijing date for "today"', () => {
    // 2026-03-01 17:00 UTC is already 2026-03-02 in Beijing.
    expect(todayInChina(Date.parse('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
  });
  it('rejects impossible dates and needs either a demand or an inquiry for a quotation', () => {
    const base = { title: '求购离心机一台', categoryId: 1, quantity: 1, unit: '台', quoteDeadline: '2099-02-30', province: '上海', contactName: '李', contactPhone: '13812345678' };
    expect(ZDemandInput.safeParse(base).error?.issues[0]?.message).toBe('报价截止日期格式应为 YYYY-MM-DD');
    const q = ZQuotationInput.safeParse({ demandId: 1, inquiryId: 2, lines: [{ brand: 'a', model: 'b', unitPrice: 1, quantity: 1, leadTimeDays: 1, warrantyMonths: 1, paymentTerms: 'x' }], validUntil: todayInChina() });
    expect(q.error?.issues[0]?.message).toBe('请指定要报价的求购或询价');
  });
});
