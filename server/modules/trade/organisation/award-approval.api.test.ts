// 定标审批 (issue 38 point 5): where a 采购单位 requires approval before an award, its requester
// proposes the quotation at its version; the approvers (never the proposer, levels in order by the
// comparable total) approve with the 比价单's 核验码 they read, or return it; the last approval
// accepts exactly the approved version. A revision, withdrawal or the end of the demand voids it.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TComparison, TComparisonVerify } from '../../../../contracts/comparison.js';
import type { TAwardApprovalItem } from '../../../../contracts/organisation.js';
import type { TDemandDetail, TQuotationDetail } from '../../../../contracts/trade.js';
import { makeTestApp, type TTestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { call, demandInput, makeCast, makeCategoryTree, quotationBody, quotationLine, quote, type TActor } from '../test-factories.js';
import { hasCjkFont } from '../quotations/comparison-export.js';
import { makeOrganisation, must } from './organisation.factories.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let categoryId: number;
type TNotice = { kind: string; title: string; content: string; link: string };

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  categoryId = (await makeCategoryTree(t)).leaf.id;
});
afterAll(() => t.close());

const notices = async (who: TActor) => (await call<{ items: TNotice[] }>(t, who, 'GET', '/api/notifications?pageSize=50')).body.data.items;
const waiting = (who: TActor) => must<TAwardApprovalItem[]>(t, who, 'GET', '/api/organisation/award-approvals');
const compare = (who: TActor, id: number) => must<TComparison>(t, who, 'GET', `/api/demands/${id}/quotations`);
const quotationOf = (who: TActor, id: number) => must<TQuotationDetail>(t, who, 'GET', `/api/quotations/${id}`);

/** An organisation requiring approval before an award; its requester (also an approver) posts a demand two suppliers quote on. */
async function world(twoLevelAbove: number | null) {
  const org = await makeOrganisation(t, {
    name: '中国科学院上海有机化学研究所',
    members: [['applicant', 'approver'], ['approver'], ['approver']],
    verifyBy: cast.admin,
    rules: { publishApproval: false, awardApproval: true, twoLevelAbove },
  });
  const [requester, first, second] = org.people as [TActor, TActor, TActor];
  const demandId = (await must<{ id: number }>(t, requester, 'POST', '/api/demands', demandInput(categoryId))).id;
  // 比价金额 ¥460,000 (chosen) against ¥440,000 (the lowest): a 选定理由 is required.
  const chosen = await quote(t, cast.supplier, demandId);
  const lowest = await quote(t, cast.supplier2, demandId, { lines: [quotationLine({ unitPrice: 220000 })] });
  return { org, requester, first, second, demandId, chosen, lowest };
}
const REASON = '交货期最短，原厂授权且本地有售后工程师';

describe('approval before an award', () => {
  it('awards only after every required level approved that exact version, never by the proposer; the 比价单 records each step with its 核验码', async () => {
    const w = await world(50000);
    const outsider = (await makeOrganisation(t, { members: [['approver']] })).people[0]!;

    // The requester does not accept directly: they propose the version on screen, with the reason.
    const direct = await call(t, w.requester, 'POST', `/api/quotations/${w.chosen}/accept`, { version: 1, reason: REASON });
    expect(direct.status).toBe(409);
    expect(direct.body.msg).toBe('本单位要求定标前审批：请提交定标审批，审批通过后自动选定该报价');
    const noReason = await call(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.chosen, version: 1 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('所选报价不是最低价，请填写选定理由（至少10个字）');
    expect((await call(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.chosen, version: 2, reason: REASON })).status).toBe(409);
    const proposed = await call<{ id: number; levels: number }>(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.chosen, version: 1, reason: REASON });
    expect(proposed.body).toMatchObject({ msg: '已提交定标审批，需两级审批通过后选定', data: { levels: 2 } });
    const pid = proposed.body.data.id;
    expect((await call(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.lowest, version: 1 })).body.msg).toBe('该求购已有定标申请在审批中，请等待审批结果或先撤回申请');

    // The demand shows it: nothing else is decided meanwhile; suppliers read 「采购方内部审批中」 and no contact.
    const cmp = await compare(w.requester, w.demandId);
    expect(cmp.canDecide).toBe(false);
    expect(cmp.awardApproval).toMatchObject({ required: true, proposals: [{ id: pid, status: 'pending', version: 1, supplierName: '上海谱析仪器有限公司', reason: REASON, levels: 2, steps: [] }] });
    expect((await call(t, w.requester, 'POST', `/api/quotations/${w.lowest}/accept`, { version: 1 })).status).toBe(409);
    const seen = await must<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${w.demandId}`);
    expect(seen).toMatchObject({ awardPending: true, contact: null });
    expect(await quotationOf(cast.supplier, w.chosen)).toMatchObject({ awardPending: true, contact: null, status: 'SUBMITTED' });

    // Nobody approves their own proposal; outsiders and the platform do not see it.
    expect(await waiting(w.requester)).toEqual([]);
    const self = await call(t, w.requester, 'POST', `/api/organisation/award-approvals/${pid}/approve`);
    expect(self.status).toBe(403);
    expect(self.body.msg).toBe('不能审批自己提交的申请');
    expect((await call(t, outsider, 'POST', `/api/organisation/award-approvals/${pid}/approve`)).status).toBe(404);
    expect((await call(t, cast.admin, 'POST', `/api/organisation/award-approvals/${pid}/approve`)).status).toBe(404);
    expect(await waiting(outsider)).toEqual([]);

    // Level 1, on the 比价单 it read (another 核验码 is refused without a change).
    const [item] = await waiting(w.first);
    expect(item).toMatchObject({ demandId: w.demandId, level: 1, proposal: { id: pid, levels: 2 } });
    expect(item!.columns.find((c) => c.quotationId === w.lowest)).toMatchObject({ lowestPrice: true, comparableTotal: 440000 });
    expect((await notices(w.first)).find((n) => n.title === '有定标申请待您审批')).toMatchObject({ kind: 'award_approval', link: '/admin/purchaser/approvals' });
    const stale = await call(t, w.first, 'POST', `/api/organisation/award-approvals/${pid}/approve`, { verifyCode: 'ABCDEFGHJKMN' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('比价单已更新，请查看最新比价单后再审批');
    const one = await call(t, w.first, 'POST', `/api/organisation/award-approvals/${pid}/approve`, { verifyCode: item!.verifyCode });
    expect(one.body).toMatchObject({ msg: '第1级审批通过，等待下一级审批', data: { status: 'pending' } });
    expect((await quotationOf(w.requester, w.chosen)).status).toBe('SUBMITTED');
    expect((await call(t, w.first, 'POST', `/api/organisation/award-approvals/${pid}/approve`)).body.msg).toBe('您已审批过该申请的上一级，请由其他审批人审批');
    expect(await waiting(w.first)).toEqual([]);

    // Level 2: the last approval accepts the approved version through the accept path.
    const [next] = await waiting(w.second);
    expect(next).toMatchObject({ level: 2, proposal: { steps: [{ level: 1, decision: 'approved', verifyCode: item!.verifyCode }] } });
    expect((await notices(w.second)).some((n) => n.content.includes('（第2级，共2级）'))).toBe(true);
    const two = await call(t, w.second, 'POST', `/api/organisation/award-approvals/${pid}/approve`, { verifyCode: next!.verifyCode });
    expect(two.body).toMatchObject({ msg: '审批通过，已选定该报价', data: { status: 'approved' } });
    expect(await quotationOf(w.requester, w.chosen)).toMatchObject({ status: 'ACCEPTED', version: 1 });
    expect((await quotationOf(cast.supplier2, w.lowest)).status).toBe('NOT_SELECTED');
    expect((await must<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${w.demandId}`)).contact?.companyName).toBe('中国科学院上海有机化学研究所');
    expect((await notices(w.requester)).find((n) => n.title === '定标审批通过')?.link).toBe(`/admin/purchaser/demand-quotation?demandId=${w.demandId}`);

    // The decision record: the requester decided, with both approvals and the codes they read.
    const done = await compare(w.requester, w.demandId);
    expect(done.demand.status).toBe('AWARDED');
    expect(done.decision).toMatchObject({ quotationId: w.chosen, version: 1, reason: REASON });
    expect(done.awardApproval!.proposals[0]).toMatchObject({ status: 'approved', steps: [{ level: 1, verifyCode: item!.verifyCode }, { level: 2, verifyCode: next!.verifyCode }] });
    expect(item!.verifyCode).not.toBe(next!.verifyCode);

    // …in the Excel 比价单, whose 核验码 stands for the approvals too.
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/demands/${w.demandId}/comparison.xlsx`, headers: w.requester.auth });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: string[] = [];
    wb.getWorksheet('比价单')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).filter(Boolean).join(' | ')));
    const text = rows.join('\n');
    expect(text).toContain('定标申请 | ');
    expect(text).toMatch(new RegExp(`第1级审批 \\| .+ · 通过 · .+ · 核验码 ${item!.verifyCode}`));
    expect(text).toMatch(new RegExp(`第2级审批 \\| .+ · 通过 · .+ · 核验码 ${next!.verifyCode}`));
    expect(text).toContain('审批结果 | 审批通过，已选定');
    const code = /核验码：([A-Z2-9]{12})/.exec(text)![1]!;
    const verified = await must<TComparisonVerify>(t, null, 'GET', `/api/verify/comparison/${code}`);
    expect(verified).toMatchObject({ current: true, approvals: [{ status: 'approved', steps: [{ level: 1 }, { level: 2 }] }] });
    // …and in the PDF (where the server has a CJK font).
    if (hasCjkFont()) {
      const pdf = await t.app.inject({ method: 'GET', url: `/api/demands/${w.demandId}/comparison.pdf`, headers: w.requester.auth });
      const pages = (await pdfText(pdf.rawPayload)).join('\n');
      expect(pages).toContain(`核验码 ${next!.verifyCode}`);
      expect(pages).toContain('第2级审批');
    }
  });

  it('voids the approval when the supplier revises meanwhile: no award, the proposal returns to the requester with the reason', async () => {
    const w = await world(50000);
    const pid = (await must<{ id: number }>(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.chosen, version: 1, reason: REASON })).id;
    await must(t, w.first, 'POST', `/api/organisation/award-approvals/${pid}/approve`);
    // The supplier revises version 1 (approved at level 1) into version 2.
    await must(t, cast.supplier, 'PUT', `/api/quotations/${w.chosen}`, quotationBody({ version: 1, lines: [quotationLine({ unitPrice: 200000 })] }));

    const msg = '上海谱析仪器有限公司已将报价修改为第2版，审批中的第1版已失效，定标申请已退回申请人，请重新比价后再提交';
    expect((await notices(w.requester)).find((n) => n.title === '定标申请已失效')?.content).toContain(msg);
    expect(await waiting(w.second)).toEqual([]);
    const late = await call(t, w.second, 'POST', `/api/organisation/award-approvals/${pid}/approve`);
    expect(late.status).toBe(409);
    const cmp = await compare(w.requester, w.demandId);
    expect(cmp.demand.status).toBe('QUOTED');
    expect(cmp.columns.every((c) => c.status === 'SUBMITTED')).toBe(true);
    expect(cmp.canDecide).toBe(true);
    expect(cmp.awardApproval!.proposals[0]).toMatchObject({ status: 'void', outcome: msg, steps: [{ level: 1, decision: 'approved' }] });
    expect((await must<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${w.demandId}`)).awardPending).toBe(false);

    // Proposed again at version 2 (now the lowest: no reason needed), it is approved at that version.
    const again = (await must<{ id: number }>(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.chosen, version: 2 })).id;
    await must(t, w.second, 'POST', `/api/organisation/award-approvals/${again}/approve`);
    await must(t, w.first, 'POST', `/api/organisation/award-approvals/${again}/approve`);
    expect(await quotationOf(w.requester, w.chosen)).toMatchObject({ status: 'ACCEPTED', version: 2 });
  });

  it('voids the approval when the supplier withdraws or the demand is cancelled meanwhile', async () => {
    const w = await world(null);
    const pid = (await must<{ id: number }>(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.chosen, version: 1, reason: REASON })).id;
    await must(t, cast.supplier, 'POST', `/api/quotations/${w.chosen}/withdraw`, {});
    expect((await compare(w.requester, w.demandId)).awardApproval!.proposals[0]).toMatchObject({ status: 'void', outcome: '上海谱析仪器有限公司的报价已撤回，定标申请已失效并退回申请人' });

    const other = (await must<{ id: number }>(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.lowest, version: 1 })).id;
    await must(t, w.requester, 'POST', `/api/demands/${w.demandId}/cancel`, { note: '课题取消' });
    const void2 = await call(t, w.first, 'POST', `/api/organisation/award-approvals/${other}/approve`);
    expect(void2.status).toBe(409);
    expect((await compare(w.requester, w.demandId)).awardApproval!.proposals[1]).toMatchObject({ status: 'void', outcome: '求购已取消，定标申请已失效' });
    expect((await quotationOf(cast.supplier2, w.lowest)).status).not.toBe('ACCEPTED');
    expect(pid).not.toBe(other);
  });

  it('returns a proposal with the reason; the requester may withdraw a pending one; organisations without the rule accept directly', async () => {
    const w = await world(null);
    const pid = (await must<{ id: number }>(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.chosen, version: 1, reason: REASON })).id;
    expect((await call(t, w.first, 'POST', `/api/organisation/award-approvals/${pid}/return`, { reason: '' })).body.msg).toBe('退回原因至少2个字');
    const back = await call(t, w.first, 'POST', `/api/organisation/award-approvals/${pid}/return`, { reason: '请优先考虑最低价供应商' });
    expect(back.body).toMatchObject({ msg: '已退回申请人', data: { status: 'returned' } });
    expect((await notices(w.requester)).find((n) => n.title === '定标申请被退回')?.content).toContain('请优先考虑最低价供应商');
    expect((await compare(w.requester, w.demandId)).awardApproval!.proposals[0]).toMatchObject({ status: 'returned', steps: [{ decision: 'returned', reason: '请优先考虑最低价供应商' }] });

    const second = (await must<{ id: number }>(t, w.requester, 'POST', '/api/organisation/award-proposals', { quotationId: w.lowest, version: 1 })).id;
    expect((await call(t, w.first, 'POST', `/api/organisation/award-proposals/${second}/withdraw`)).status).toBe(403);
    await must(t, w.requester, 'POST', `/api/organisation/award-proposals/${second}/withdraw`);
    expect(await waiting(w.second)).toEqual([]);
    expect((await compare(w.requester, w.demandId)).canDecide).toBe(true);

    const free = await makeOrganisation(t, { members: [['applicant']], rules: { publishApproval: false, awardApproval: false, twoLevelAbove: null } });
    const id = (await must<{ id: number }>(t, free.people[0]!, 'POST', '/api/demands', demandInput(categoryId))).id;
    const q = await quote(t, cast.supplier, id);
    expect((await call(t, free.people[0]!, 'POST', '/api/organisation/award-proposals', { quotationId: q, version: 1 })).body.msg).toBe('本单位未要求定标审批，请直接接受报价');
    await must(t, free.people[0]!, 'POST', `/api/quotations/${q}/accept`, { version: 1 });
  });
});
