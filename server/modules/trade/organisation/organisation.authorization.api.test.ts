// The authorization matrix of the 采购单位 routes (issue 38), beside the trade matrix
// (trade/authorization.api.test.ts): every organisation route called as a visitor, a member outside
// any organisation, the organisation's 申请人 (author of its pending demand), 审批人 and 管理员,
// the admin of another organisation, and the platform admin. Each write runs on a fresh world.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { organisationMembers, organisations } from '../../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../../test/harness.js';
import { call, demandInput, makeCategoryTree, quote, type TActor } from '../test-factories.js';
import { creditCode, must } from './organisation.factories.js';

let t: TTestApp;
let categoryId: number;
type TWho = 'visitor' | 'member' | 'applicant' | 'approver' | 'orgAdmin' | 'outsider' | 'platformAdmin';
const WHO: TWho[] = ['visitor', 'member', 'applicant', 'approver', 'orgAdmin', 'outsider', 'platformAdmin'];
let callers: Record<TWho, TActor | null>;
let supplier: TActor;

beforeAll(async () => {
  t = await makeTestApp();
  categoryId = (await makeCategoryTree(t)).leaf.id;
  const purchaser = () => makeMember(t, { roles: ['member', 'purchaser'] });
  callers = {
    visitor: null,
    member: await purchaser(),
    applicant: await purchaser(),
    approver: await purchaser(),
    orgAdmin: await purchaser(),
    outsider: await purchaser(),
    platformAdmin: await makeMember(t, { roles: ['member', 'admin'] }),
  };
  supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '权限矩阵仪器有限公司' } });
});
afterAll(() => t.close());

/**
 * Organisation A (pending verification, approval required before publishing and before an award)
 * with its three roles and a demand of its applicant waiting for approval; organisation B with its
 * admin (the outsider). `award`: also a published demand of the applicant with a quotation, and
 * ('proposed') its award proposed for approval. The callers are the same members every time, taken
 * out of whatever organisation the last call left them in.
 */
async function world(award?: 'quoted' | 'proposed') {
  const db = t.database.db;
  const ids = WHO.flatMap((w) => (callers[w] ? [callers[w].id] : []));
  await db.delete(organisationMembers).where(inArray(organisationMembers.memberId, ids));
  const [a] = await db.insert(organisations).values({ name: '权限矩阵甲单位', code: creditCode(), publishApproval: true, awardApproval: true, twoLevelAbove: null }).returning({ id: organisations.id });
  const [b] = await db.insert(organisations).values({ name: '权限矩阵乙单位', code: creditCode() }).returning({ id: organisations.id });
  await db.insert(organisationMembers).values([
    { memberId: callers.orgAdmin!.id, organisationId: a!.id, roles: ['admin', 'applicant'] },
    { memberId: callers.applicant!.id, organisationId: a!.id, roles: ['applicant'] },
    { memberId: callers.approver!.id, organisationId: a!.id, roles: ['approver'] },
    { memberId: callers.outsider!.id, organisationId: b!.id, roles: ['admin', 'applicant'] },
  ]);
  const applicant = callers.applicant!;
  const demand = (await must<{ id: number }>(t, applicant, 'POST', '/api/demands', demandInput(categoryId))).id;
  const invitation = await must<{ id: number; token: string }>(t, callers.orgAdmin, 'POST', '/api/organisation/invitations', {});
  let quotation = 0;
  let proposal = 0;
  if (award) {
    const published = (await must<{ id: number }>(t, applicant, 'POST', '/api/demands', demandInput(categoryId))).id;
    await must(t, callers.approver, 'POST', `/api/organisation/approvals/${published}/approve`);
    await must(t, callers.platformAdmin, 'POST', `/api/admin/demands/${published}/approve`, {});
    quotation = await quote(t, supplier, published);
    if (award === 'proposed') proposal = (await must<{ id: number }>(t, applicant, 'POST', '/api/organisation/award-proposals', { quotationId: quotation, version: 1 })).id;
  }
  return { orgId: a!.id, applicant, demand, invitation, quotation, proposal, callers };
}
type TWorld = Awaited<ReturnType<typeof world>>;

type TRow = { name: string; award?: 'quoted' | 'proposed'; request: (w: TWorld) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown }; expected: Record<TWho, number> };
const e = (visitor: number, member: number, applicant: number, approver: number, orgAdmin: number, outsider: number, platformAdmin: number): Record<TWho, number> => ({
  visitor,
  member,
  applicant,
  approver,
  orgAdmin,
  outsider,
  platformAdmin,
});
const adminOfA = e(401, 404, 403, 403, 200, 404, 404);

const ROWS: TRow[] = [
  { name: 'GET /api/organisation', request: () => ({ method: 'GET', url: '/api/organisation' }), expected: e(401, 200, 200, 200, 200, 200, 200) },
  // A member belongs to one organisation: everyone already in one is refused; the platform admin is no purchaser.
  { name: 'POST /api/organisation', request: () => ({ method: 'POST', url: '/api/organisation', payload: { name: '权限矩阵测试单位', code: creditCode() } }), expected: e(401, 200, 409, 409, 409, 409, 403) },
  // No organisation id in the route: the outsider can only change its own organisation.
  { name: 'PUT /api/organisation', request: () => ({ method: 'PUT', url: '/api/organisation', payload: { name: '权限矩阵测试单位改名', code: creditCode() } }), expected: e(401, 404, 403, 403, 200, 200, 404) },
  { name: 'POST /api/organisation/invitations', request: () => ({ method: 'POST', url: '/api/organisation/invitations', payload: {} }), expected: e(401, 404, 403, 403, 200, 200, 404) },
  { name: 'DELETE /api/organisation/invitations/:id', request: (w) => ({ method: 'DELETE', url: `/api/organisation/invitations/${w.invitation.id}` }), expected: adminOfA },
  { name: 'GET /api/organisation/join/:token', request: (w) => ({ method: 'GET', url: `/api/organisation/join/${w.invitation.token}` }), expected: e(401, 200, 200, 200, 200, 200, 200) },
  { name: 'POST /api/organisation/join/:token', request: (w) => ({ method: 'POST', url: `/api/organisation/join/${w.invitation.token}` }), expected: e(401, 200, 409, 409, 409, 409, 200) },
  // The sole admins (of A, of B) cannot leave.
  { name: 'POST /api/organisation/leave', request: () => ({ method: 'POST', url: '/api/organisation/leave' }), expected: e(401, 404, 200, 200, 409, 409, 404) },
  { name: 'DELETE /api/organisation/members/:memberId', request: (w) => ({ method: 'DELETE', url: `/api/organisation/members/${w.applicant.id}` }), expected: adminOfA },
  { name: 'PUT /api/organisation/members/:memberId/roles', request: (w) => ({ method: 'PUT', url: `/api/organisation/members/${w.applicant.id}/roles`, payload: { roles: ['applicant', 'approver'] } }), expected: adminOfA },
  { name: 'PUT /api/organisation/rules', request: () => ({ method: 'PUT', url: '/api/organisation/rules', payload: { publishApproval: true, twoLevelAbove: 50000 } }), expected: e(401, 404, 403, 403, 200, 200, 404) },
  { name: 'GET /api/organisation/approvals', request: () => ({ method: 'GET', url: '/api/organisation/approvals' }), expected: e(401, 200, 200, 200, 200, 200, 200) },
  // The author never approves its own request; outsiders and the platform do not see it.
  { name: 'POST /api/organisation/approvals/:id/approve', request: (w) => ({ method: 'POST', url: `/api/organisation/approvals/${w.demand}/approve` }), expected: e(401, 404, 403, 200, 403, 404, 404) },
  { name: 'POST /api/organisation/approvals/:id/return', request: (w) => ({ method: 'POST', url: `/api/organisation/approvals/${w.demand}/return`, payload: { reason: '请补充技术参数' } }), expected: e(401, 404, 403, 200, 403, 404, 404) },
  // 定标审批: only the demand's purchaser proposes (the platform admin is told it is no buyer); only
  // the proposer withdraws; only the organisation's approvers, never the proposer, decide.
  { name: 'POST /api/organisation/award-proposals', award: 'quoted', request: (w) => ({ method: 'POST', url: '/api/organisation/award-proposals', payload: { quotationId: w.quotation, version: 1 } }), expected: e(401, 404, 200, 404, 404, 404, 403) },
  { name: 'POST /api/organisation/award-proposals/:id/withdraw', award: 'proposed', request: (w) => ({ method: 'POST', url: `/api/organisation/award-proposals/${w.proposal}/withdraw` }), expected: e(401, 404, 200, 403, 403, 404, 404) },
  { name: 'GET /api/organisation/award-approvals', award: 'proposed', request: () => ({ method: 'GET', url: '/api/organisation/award-approvals' }), expected: e(401, 200, 200, 200, 200, 200, 200) },
  { name: 'POST /api/organisation/award-approvals/:id/approve', award: 'proposed', request: (w) => ({ method: 'POST', url: `/api/organisation/award-approvals/${w.proposal}/approve`, payload: {} }), expected: e(401, 404, 403, 200, 403, 404, 404) },
  { name: 'POST /api/organisation/award-approvals/:id/return', award: 'proposed', request: (w) => ({ method: 'POST', url: `/api/organisation/award-approvals/${w.proposal}/return`, payload: { reason: '请补充比价说明' } }), expected: e(401, 404, 403, 200, 403, 404, 404) },
  { name: 'GET /api/admin/organisations', request: () => ({ method: 'GET', url: '/api/admin/organisations' }), expected: e(401, 403, 403, 403, 403, 403, 200) },
  { name: 'PUT /api/admin/organisations/:id', request: (w) => ({ method: 'PUT', url: `/api/admin/organisations/${w.orgId}`, payload: { decision: 'approve' } }), expected: e(401, 403, 403, 403, 403, 403, 200) },
];

describe('organisation authorization matrix', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const got: Record<string, number> = {};
    const readOnly = row.name.startsWith('GET ');
    let shared: TWorld | undefined;
    for (const who of WHO) {
      const w = readOnly ? (shared ??= await world(row.award)) : await world(row.award);
      const req = row.request(w);
      got[who] = (await call(t, w.callers[who], req.method, req.url, req.payload)).status;
    }
    expect(got).toEqual(row.expected);
  });

  it('covers every organisation route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const norm = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
    const routes = Object.entries(doc.paths)
      .filter(([p]) => /^\/api\/(organisation|admin\/organisations)/.test(p))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${norm(p)}`));
    expect(routes.length).toBeGreaterThan(10);
    const covered = new Set(ROWS.map((r) => r.name));
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });
});
