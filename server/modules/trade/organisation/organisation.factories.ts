// Factories for the 采购单位 API tests: valid credit codes, an organisation with members in roles.
import { CREDIT_CODE_ALPHABET, creditCodeCheckChar } from '../../../../contracts/credit-code.js';
import type { TOrgRole } from '../../../../contracts/organisation.js';
import { makeMember, type TTestApp } from '../../../test/harness.js';
import { call, type TActor } from '../test-factories.js';

let codeSeq = 0;
/** A valid 统一社会信用代码 (企业 '91', or a 事业单位's '12'), different each call. */
export function creditCode(prefix = '91') {
  let n = ++codeSeq * 7919 + (process.pid % 997) * 104729;
  let body = '';
  for (let i = 0; i < 9; i++) {
    body += CREDIT_CODE_ALPHABET[n % 31];
    n = Math.floor(n / 31) + i * 13;
  }
  const first17 = `${prefix}310115${body}`;
  return first17 + creditCodeCheckChar(first17)!;
}

/** Calls that must succeed. */
export async function must<T = unknown>(t: TTestApp, who: TActor | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const r = await call<T>(t, who, method, url, payload);
  if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${r.body.msg}`);
  return r.body.data;
}

export const purchaser = (t: TTestApp) => makeMember(t, { roles: ['member', 'purchaser'] });

/**
 * An organisation created by a fresh purchaser (its admin), with members joined by link in the given
 * roles; `verify`: the platform admin approves it; `rules`: its approval rules.
 */
export async function makeOrganisation(
  t: TTestApp,
  opts: { name?: string; members?: TOrgRole[][]; verifyBy?: TActor; rules?: { publishApproval: boolean; awardApproval?: boolean; twoLevelAbove: number | null } } = {},
) {
  const admin = await purchaser(t);
  const name = opts.name ?? `华东理工大学分析测试中心${++codeSeq}`;
  const { id } = await must<{ id: number }>(t, admin, 'POST', '/api/organisation', { name, code: creditCode() });
  const people: TActor[] = [];
  for (const roles of opts.members ?? []) {
    const m = await purchaser(t);
    const inv = await must<{ token: string }>(t, admin, 'POST', '/api/organisation/invitations', {});
    await must(t, m, 'POST', `/api/organisation/join/${inv.token}`);
    await must(t, admin, 'PUT', `/api/organisation/members/${m.id}/roles`, { roles });
    people.push(m);
  }
  if (opts.verifyBy) await must(t, opts.verifyBy, 'PUT', `/api/admin/organisations/${id}`, { decision: 'approve' });
  if (opts.rules) await must(t, admin, 'PUT', '/api/organisation/rules', { awardApproval: false, ...opts.rules });
  return { id, name, admin, people };
}
