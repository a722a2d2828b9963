// 采购单位 (issue 38): an organisation verified by the platform, its members and roles, and the
// approval of its demands before they reach the platform's review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApprovalItem, TMyOrganisation } from '../../../../contracts/organisation.js';
import type { TDemandDetail, TDemandListItem, TMyDemandItem } from '../../../../contracts/trade.js';
import { organisationMembers } from '../../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../../test/harness.js';
import { call, demandInput, makeCast, makeCategoryTree, quote, type TActor } from '../test-factories.js';
import { creditCode, makeOrganisation, must, purchaser } from './organisation.factories.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let categoryId: number;
type TPage<T> = { items: T[]; total: number };
type TNotice = { kind: string; title: string; content: string; link: string };

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  categoryId = (await makeCategoryTree(t)).leaf.id;
});
afterAll(() => t.close());

const mine = async (who: TActor) => (await must<TMyOrganisation>(t, who, 'GET', '/api/organisation')).organisation;
const notices = async (who: TActor) => (await call<TPage<TNotice>>(t, who, 'GET', '/api/notifications?pageSize=50')).body.data.items;
const approvals = (who: TActor) => must<TApprovalItem[]>(t, who, 'GET', '/api/organisation/approvals');
const status = async (who: TActor, id: number) => (await must<{ status: string }>(t, who, 'GET', `/api/demands/${id}/edit`)).status;

describe('the organisation and its verification', () => {
  it('is created by a purchaser with a valid code, waits for the platform admin, who approves or rejects it with a reason', async () => {
    const p = await purchaser(t);
    const bad = await call(t, p, 'POST', '/api/organisation', { name: '复旦大学化学系', code: '91310115MA1K3YJ12X' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('统一社会信用代码校验位不正确，请核对营业执照');
    expect((await call(t, cast.member, 'POST', '/api/organisation', { name: '复旦大学化学系', code: creditCode() })).status).toBe(403);

    // A 事业单位's 统一社会信用代码 (registering authority 1, 机构编制) passes the same checker.
    const code = creditCode('12');
    expect((await call(t, p, 'POST', '/api/organisation', { name: '复旦大学化学系', code: code.toLowerCase() })).status).toBe(200);
    const org = (await mine(p))!;
    expect(org).toMatchObject({ name: '复旦大学化学系', code, status: 'pending', myRoles: ['applicant', 'admin'] });

    const queue = await must<TPage<{ id: number; status: string; name: string }>>(t, cast.admin, 'GET', '/api/admin/organisations?status=pending');
    expect(queue.items.find((o) => o.id === org.id)).toMatchObject({ name: '复旦大学化学系', status: 'pending' });
    expect((await call(t, cast.admin, 'PUT', `/api/admin/organisations/${org.id}`, { decision: 'reject' })).body.msg).toBe('驳回时请填写驳回原因');
    await must(t, cast.admin, 'PUT', `/api/admin/organisations/${org.id}`, { decision: 'reject', note: '单位名称与代码不符' });
    expect(await mine(p)).toMatchObject({ status: 'rejected', reviewNote: '单位名称与代码不符' });
    expect((await notices(p)).find((n) => n.title === '采购单位审核未通过')?.content).toContain('单位名称与代码不符');

    // Corrected, it goes back to 待审核; approved once, a second decision is refused.
    await must(t, p, 'PUT', '/api/organisation', { name: '复旦大学化学系分析测试平台', code });
    expect((await mine(p))!.status).toBe('pending');
    await must(t, cast.admin, 'PUT', `/api/admin/organisations/${org.id}`, { decision: 'approve' });
    expect((await mine(p))!.status).toBe('approved');
    expect((await call(t, cast.admin, 'PUT', `/api/admin/organisations/${org.id}`, { decision: 'reject', note: '重复审核' })).status).toBe(409);
    // Another organisation cannot take the code.
    expect((await call(t, await purchaser(t), 'POST', '/api/organisation', { name: '冒名单位测试中心', code })).body.msg).toBe('该统一社会信用代码已被其他采购单位使用');
  });
});

describe('members and roles', () => {
  it('joins by link, leaves, is removed; a member belongs to one organisation, and the database refuses a second', async () => {
    const a = await makeOrganisation(t);
    const b = await makeOrganisation(t);
    const m = await purchaser(t);
    const link = await must<{ token: string; link: string }>(t, a.admin, 'POST', '/api/organisation/invitations', {});
    expect(link.link).toBe(`/admin/purchaser/organisation?invite=${link.token}`);
    expect(await must(t, m, 'GET', `/api/organisation/join/${link.token}`)).toMatchObject({ organisationName: a.name, forMobile: false });
    await must(t, m, 'POST', `/api/organisation/join/${link.token}`);
    expect((await mine(m))!.members.map((x) => x.memberId)).toEqual([a.admin.id, m.id]);

    const toB = await must<{ token: string }>(t, b.admin, 'POST', '/api/organisation/invitations', {});
    const second = await call(t, m, 'POST', `/api/organisation/join/${toB.token}`);
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('您已加入一个采购单位，请先退出后再创建或加入其他单位');
    expect((await call(t, m, 'POST', '/api/organisation', { name: '另一个实验室中心', code: creditCode() })).status).toBe(409);
    // Not only the code: the database itself keeps one organisation per member.
    await expect(t.database.db.insert(organisationMembers).values({ memberId: m.id, organisationId: b.id, roles: ['applicant'] })).rejects.toThrow();

    await must(t, m, 'POST', '/api/organisation/leave');
    expect(await mine(m)).toBeNull();
    await must(t, m, 'POST', `/api/organisation/join/${toB.token}`);
    expect((await mine(m))!.id).toBe(b.id);
    await must(t, b.admin, 'DELETE', `/api/organisation/members/${m.id}`);
    expect(await mine(m)).toBeNull();
    expect((await notices(m)).some((n) => n.title === '已移出采购单位')).toBe(true);
  });

  it('invites by mobile with an SMS that only that member can use, once', async () => {
    const a = await makeOrganisation(t);
    const mobile = `1365${String(Date.now()).slice(-7)}`;
    const inv = await must<{ token: string }>(t, a.admin, 'POST', '/api/organisation/invitations', { mobile });
    const sms = t.outbox('sms').filter((s) => s.to === mobile);
    expect(sms.at(-1)?.text).toContain(`/admin/purchaser/organisation?invite=${inv.token}`);
    expect(sms.at(-1)?.text).toContain(a.name);

    const other = await purchaser(t);
    const wrong = await call(t, other, 'POST', `/api/organisation/join/${inv.token}`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe('该邀请发给了其他手机号，请使用受邀手机号登录后接受');
    const invited = await makeMember(t, { roles: ['member', 'purchaser'], mobile });
    await must(t, invited, 'POST', `/api/organisation/join/${inv.token}`);
    expect((await mine(invited))!.myRoles).toEqual(['applicant']);
    await must(t, invited, 'POST', '/api/organisation/leave');
    expect((await call(t, invited, 'POST', `/api/organisation/join/${inv.token}`)).status).toBe(404);
  });

  it('lets only the admin manage members and roles; the last admin can neither leave nor drop the admin role', async () => {
    const a = await makeOrganisation(t, { members: [['applicant', 'approver']] });
    const [m] = a.people as [TActor];
    expect((await call(t, m, 'PUT', `/api/organisation/members/${a.admin.id}/roles`, { roles: ['applicant'] })).status).toBe(403);
    expect((await call(t, m, 'DELETE', `/api/organisation/members/${a.admin.id}`)).status).toBe(403);
    expect((await call(t, m, 'POST', '/api/organisation/invitations', {})).status).toBe(403);
    expect((await call(t, m, 'PUT', '/api/organisation/rules', { publishApproval: true, twoLevelAbove: null })).status).toBe(403);
    expect((await mine(m))!.invitations).toEqual([]);

    const leave = await call(t, a.admin, 'POST', '/api/organisation/leave');
    expect(leave.status).toBe(409);
    expect(leave.body.msg).toBe('您是该单位唯一的管理员，请先指定其他管理员');
    const drop = await call(t, a.admin, 'PUT', `/api/organisation/members/${a.admin.id}/roles`, { roles: ['applicant'] });
    expect(drop.status).toBe(409);
    expect(drop.body.msg).toBe('您是该单位唯一的管理员，请先指定其他管理员');

    // Several roles per person; with a second admin the first may step down and leave.
    await must(t, a.admin, 'PUT', `/api/organisation/members/${m.id}/roles`, { roles: ['admin', 'approver', 'applicant'] });
    expect((await mine(m))!.myRoles).toEqual(['applicant', 'approver', 'admin']);
    await must(t, a.admin, 'PUT', `/api/organisation/members/${a.admin.id}/roles`, { roles: ['applicant'] });
    await must(t, a.admin, 'POST', '/api/organisation/leave');
    expect((await mine(m))!.members.map((x) => x.memberId)).toEqual([m.id]);
  });
});

describe('approval before a demand goes out', () => {
  it('sends a demand of an organisation that requires approval to 待审批; an approver (not its author) moves it to the platform review, and the admin publishes it under the organisation’s name', async () => {
    const a = await makeOrganisation(t, { name: '上海交通大学分析测试中心', members: [['applicant', 'approver'], ['approver']], verifyBy: cast.admin, rules: { publishApproval: true, twoLevelAbove: 50000 } });
    const [author, approver] = a.people as [TActor, TActor];
    const outsider = (await makeOrganisation(t, { members: [['approver']] })).people[0]!;

    const posted = await call<{ id: number; status: string }>(t, author, 'POST', '/api/demands', demandInput(categoryId, { budget: 30000 }));
    expect(posted.body).toMatchObject({ msg: '已提交单位审批，审批通过后由平台审核发布', data: { status: 'PENDING_APPROVAL' } });
    const id = posted.body.data.id;
    // Not on the hall, not readable by suppliers, not quotable.
    expect((await must<TPage<TDemandListItem>>(t, null, 'GET', '/api/demands?pageSize=100')).items.some((d) => d.id === id)).toBe(false);
    expect((await call(t, cast.supplier, 'GET', `/api/demands/${id}`)).status).toBe(404);
    expect((await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...{} })).status).toBe(400);
    // In 我的求购 under 待审批.
    const counts = await must<Record<string, number>>(t, author, 'GET', '/api/purchaser/demands/counts');
    expect(counts.PENDING_APPROVAL).toBe(1);

    // Waiting for the approver (with a live notice), not for its author nor outsiders.
    expect((await approvals(approver)).map((x) => x.demandId)).toEqual([id]);
    expect((await approvals(author)).map((x) => x.demandId)).toEqual([]);
    expect(await approvals(outsider)).toEqual([]);
    expect((await notices(approver)).find((n) => n.title === '有求购待您审批')).toMatchObject({ kind: 'demand_review', link: '/admin/purchaser/approvals' });

    const self = await call(t, author, 'POST', `/api/organisation/approvals/${id}/approve`);
    expect(self.status).toBe(403);
    expect(self.body.msg).toBe('不能审批自己提交的申请');
    expect((await call(t, outsider, 'POST', `/api/organisation/approvals/${id}/approve`)).status).toBe(404);
    expect((await call(t, cast.admin, 'POST', `/api/organisation/approvals/${id}/approve`)).status).toBe(404);
    expect((await call(t, a.admin, 'POST', `/api/organisation/approvals/${id}/approve`)).body.msg).toBe('只有本单位的审批人可以审批');
    // The platform cannot publish it before the organisation approved it.
    expect((await call(t, cast.admin, 'POST', `/api/admin/demands/${id}/approve`, {})).status).toBe(409);

    const ok = await call<{ status: string }>(t, approver, 'POST', `/api/organisation/approvals/${id}/approve`);
    expect(ok.body).toMatchObject({ msg: '审批通过，已提交平台审核', data: { status: 'PENDING_REVIEW' } });
    expect((await notices(author)).find((n) => n.title === '求购审批通过')?.content).toContain('等待平台审核后发布');
    const queue = await must<TPage<TMyDemandItem>>(t, cast.admin, 'GET', '/api/purchaser/demands?scope=all&status=PENDING_REVIEW&pageSize=100');
    expect(queue.items.some((d) => d.id === id)).toBe(true);
    expect((await call(t, approver, 'POST', `/api/organisation/approvals/${id}/approve`)).status).toBe(409);

    await must(t, cast.admin, 'POST', `/api/admin/demands/${id}/approve`, {});
    // Suppliers see the organisation instead of the individual: masked on the hall, whole once awarded.
    const hall = await must<TPage<TDemandListItem>>(t, null, 'GET', '/api/demands?pageSize=100');
    expect(hall.items.find((d) => d.id === id)?.buyer).toBe('上海交通大学***');
    const q = await quote(t, cast.supplier, id);
    await must(t, author, 'POST', `/api/quotations/${q}/accept`, { version: 1 });
    expect((await must<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${id}`)).contact?.companyName).toBe('上海交通大学分析测试中心');
  });

  it('needs two approvers in order above the amount band, never the same person twice', async () => {
    const a = await makeOrganisation(t, { members: [['applicant'], ['approver'], ['approver']], rules: { publishApproval: true, twoLevelAbove: 50000 } });
    const [author, first, second] = a.people as [TActor, TActor, TActor];
    const id = (await must<{ id: number }>(t, author, 'POST', '/api/demands', demandInput(categoryId, { budget: 80000 }))).id;
    expect((await approvals(first))[0]).toMatchObject({ demandId: id, level: 1, levels: 2 });

    const one = await call<{ status: string }>(t, first, 'POST', `/api/organisation/approvals/${id}/approve`);
    expect(one.body).toMatchObject({ msg: '第1级审批通过，等待下一级审批', data: { status: 'PENDING_APPROVAL' } });
    expect(await approvals(first)).toEqual([]);
    const again = await call(t, first, 'POST', `/api/organisation/approvals/${id}/approve`);
    expect(again.status).toBe(403);
    expect(again.body.msg).toBe('您已审批过该申请的上一级，请由其他审批人审批');
    expect((await approvals(second))[0]).toMatchObject({ level: 2, levels: 2, steps: [{ level: 1, decision: 'approved' }] });
    expect((await notices(second)).some((n) => n.content.includes('（第2级，共2级）'))).toBe(true);

    await must(t, second, 'POST', `/api/organisation/approvals/${id}/approve`);
    expect(await status(author, id)).toBe('PENDING_REVIEW');

    // Up to the band (and for a draft published later with 发布): one level.
    const small = (await must<{ id: number }>(t, author, 'POST', '/api/demands', demandInput(categoryId, { budget: 50000, submit: false }))).id;
    expect((await must<{ status: string }>(t, author, 'POST', `/api/demands/${small}/submit`, {})).status).toBe('PENDING_APPROVAL');
    expect((await approvals(second)).find((x) => x.demandId === small)).toMatchObject({ level: 1, levels: 1 });
  });

  it('returns a demand to its author with the reason; the author corrects it and sends it again for approval', async () => {
    const a = await makeOrganisation(t, { members: [['applicant'], ['approver']], rules: { publishApproval: true, twoLevelAbove: null } });
    const [author, approver] = a.people as [TActor, TActor];
    const id = (await must<{ id: number }>(t, author, 'POST', '/api/demands', demandInput(categoryId))).id;
    expect((await call(t, approver, 'POST', `/api/organisation/approvals/${id}/return`, { reason: '' })).body.msg).toBe('退回原因至少2个字');
    expect((await call(t, author, 'PUT', `/api/demands/${id}`, demandInput(categoryId))).status).toBe(409);

    const back = await call<{ status: string }>(t, approver, 'POST', `/api/organisation/approvals/${id}/return`, { reason: '预算超出课题经费，请改为1台' });
    expect(back.body).toMatchObject({ msg: '已退回申请人', data: { status: 'REJECTED' } });
    expect((await notices(author)).find((n) => n.title === '求购被退回')?.content).toContain('预算超出课题经费，请改为1台');
    const form = await must<{ status: string; rejectReason: string }>(t, author, 'GET', `/api/demands/${id}/edit`);
    expect(form).toMatchObject({ status: 'REJECTED', rejectReason: '单位审批退回：预算超出课题经费，请改为1台' });
    expect(await approvals(approver)).toEqual([]);

    const again = await call<{ status: string }>(t, author, 'PUT', `/api/demands/${id}`, demandInput(categoryId, { quantity: 1 }));
    expect(again.body).toMatchObject({ msg: '已提交单位审批，审批通过后由平台审核发布', data: { status: 'PENDING_APPROVAL' } });
    // A new round: the approver who returned it decides again.
    expect((await approvals(approver)).map((x) => [x.demandId, x.steps.length])).toEqual([[id, 0]]);
    await must(t, approver, 'POST', `/api/organisation/approvals/${id}/approve`);
    expect(await status(author, id)).toBe('PENDING_REVIEW');
  });

  it('leaves purchasers without an organisation, and organisations without the rule, publishing at once', async () => {
    const alone = await call<{ status: string }>(t, cast.purchaser, 'POST', '/api/demands', demandInput(categoryId));
    expect(alone.body).toMatchObject({ msg: '求购已发布', data: { status: 'OPEN' } });
    const a = await makeOrganisation(t, { members: [['applicant']] });
    const free = await call<{ status: string }>(t, a.people[0]!, 'POST', '/api/demands', demandInput(categoryId));
    expect(free.body.data.status).toBe('OPEN');
  });
});
