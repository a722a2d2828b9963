// 采购单位 in the browser (issue 38): a requester's demand waits in 待审批; the approver approves it on
// 待我审批 and it reaches the platform's review queue (全部求购 · 待审核). The organisation, its members,
// roles and rules are set up through the API; the approval and the queue are what is tested here.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CREDIT_CODE_ALPHABET, creditCodeCheckChar } from '../../contracts/credit-code';
import { todayInChina } from '../../contracts/trade';
import { api, apiToken, DEMO, leafCategoryId, loginAs, newClient, registerMember, trackPageErrors } from './support';

const day = (days: number) => todayInChina(Date.now() + days * 86400_000);

function creditCode() {
  let body = '';
  for (let i = 0; i < 9; i++) body += CREDIT_CODE_ALPHABET[Math.floor(Math.random() * 31)];
  const first17 = `12310115${body}`;
  return first17 + creditCodeCheckChar(first17)!;
}

/** A fresh member upgraded to purchaser, with a token. */
async function purchaser(request: APIRequestContext, company: string) {
  const who = await registerMember(request);
  const token = await apiToken(request, who);
  await api(request, token, 'PUT', '/api/member/toPurchaser', { companyName: company });
  return { who, token };
}

test('a requester’s demand is approved on 待我审批 and reaches the platform’s review queue', async ({ browser, request }) => {
  const tag = Date.now().toString().slice(-6);
  const admin = await purchaser(request, '分析测试中心');
  const requester = await purchaser(request, '分析测试中心');
  const approver = await purchaser(request, '分析测试中心');
  await api(request, admin.token, 'POST', '/api/organisation', { name: `同济大学分析测试中心${tag}`, code: creditCode() });
  const link = await api<{ token: string }>(request, admin.token, 'POST', '/api/organisation/invitations', {});
  for (const m of [requester, approver]) await api(request, m.token, 'POST', `/api/organisation/join/${link.token}`);
  const members = (await api<{ organisation: { members: { memberId: number }[] } }>(request, approver.token, 'GET', '/api/organisation')).organisation.members;
  await api(request, admin.token, 'PUT', `/api/organisation/members/${members.at(-1)!.memberId}/roles`, { roles: ['approver'] });
  await api(request, admin.token, 'PUT', '/api/organisation/rules', { publishApproval: true, twoLevelAbove: 50000 });

  const title = `单位审批液相色谱仪${tag}`;
  const posted = await api<{ id: number; status: string }>(request, requester.token, 'POST', '/api/demands', {
    title,
    categoryId: await leafCategoryId(request),
    quantity: 1,
    unit: '台',
    budget: 30000,
    quoteDeadline: day(10),
    province: '上海市',
    contactName: '王老师',
    contactPhone: '13800000003',
    attachmentIds: [],
    submit: true,
  });
  expect(posted.status).toBe('PENDING_APPROVAL');

  // The approver's 待我审批: the demand with its budget; 审批通过 moves it on.
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, approver.who, '/admin/purchaser/approvals');
  const item = page.getByTestId('approval-item').filter({ hasText: title });
  await expect(item).toContainText('预算：¥30,000');
  await item.getByRole('button', { name: '审批通过' }).click();
  await expect(page.getByText('审批通过，已提交平台审核')).toBeVisible();
  await expect(page.getByTestId('approval-item').filter({ hasText: title })).toHaveCount(0);
  await context.close();

  // The platform's review queue lists it.
  const adminContext = await newClient(browser);
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, DEMO.admin, '/admin/purchaser/demand-manager?scope=all&status=PENDING_REVIEW');
  await expect(adminPage.getByText(title)).toBeVisible();
  await adminContext.close();
  expect(errors).toEqual([]);
});

// 定标审批 (issue 38 point 5): where the organisation requires approval before an award, the
// requester proposes the quotation on the comparison page; the first level approves through the API,
// the second on 待我审批 with the 比价单 as it stands; the award follows, and the 比价单 records both.
test('a requester proposes the award, the second-level approver approves it, and the 比价单 records both approvals', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString().slice(-6);
  const admin = await purchaser(request, '分析测试中心');
  const requester = await purchaser(request, '分析测试中心');
  const first = await purchaser(request, '分析测试中心');
  const second = await purchaser(request, '分析测试中心');
  await api(request, admin.token, 'POST', '/api/organisation', { name: `复旦大学分析测试中心${tag}`, code: creditCode() });
  const link = await api<{ token: string }>(request, admin.token, 'POST', '/api/organisation/invitations', {});
  for (const m of [requester, first, second]) await api(request, m.token, 'POST', `/api/organisation/join/${link.token}`);
  const members = (await api<{ organisation: { members: { memberId: number }[] } }>(request, admin.token, 'GET', '/api/organisation')).organisation.members;
  for (const m of members.slice(-2)) await api(request, admin.token, 'PUT', `/api/organisation/members/${m.memberId}/roles`, { roles: ['approver'] });
  await api(request, admin.token, 'PUT', '/api/organisation/rules', { publishApproval: false, awardApproval: true, twoLevelAbove: 50000 });

  const title = `定标审批气相色谱仪${tag}`;
  const demandId = (
    await api<{ id: number }>(request, requester.token, 'POST', '/api/demands', {
      title,
      categoryId: await leafCategoryId(request),
      quantity: 1,
      unit: '台',
      budget: 300000,
      quoteDeadline: day(10),
      province: '上海市',
      contactName: '王老师',
      contactPhone: '13800000003',
      quoteMode: 'public',
      attachmentIds: [],
      submit: true,
    })
  ).id;
  const line = { brand: '安捷伦', model: '8890', unitPrice: 268000, taxIncluded: true, quantity: 1, leadTimeDays: 30, warrantyMonths: 12, paymentTerms: '验收后付款' };
  const quotationId = (await api<{ id: number }>(request, await apiToken(request, DEMO.supplier), 'POST', '/api/quotations', { demandId, lines: [line], specs: [], validUntil: day(30), notes: '', attachmentIds: [] })).id;

  // The requester proposes on the comparison page instead of accepting.
  const requesterCtx = await newClient(browser);
  const page = await requesterCtx.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, requester.who, `/admin/purchaser/demand-quotation?demandId=${demandId}`);
  await page.getByTestId('accept-quotation').first().click();
  const dialog = page.getByTestId('accept-modal');
  await expect(dialog.getByRole('heading', { name: '提交定标审批' })).toBeVisible();
  await dialog.getByTestId('selection-reason').fill('唯一满足FID检测器与交期要求的报价');
  await dialog.getByRole('button', { name: '提交审批' }).click();
  await expect(page.getByTestId('award-pending')).toContainText('等待第1级审批（共2级）');
  await expect(page.getByTestId('accept-quotation')).toHaveCount(0);
  await requesterCtx.close();

  // Level 1 through the API; level 2 on 待我审批, on the 比价单 as it stands.
  const [pending] = await api<{ proposal: { id: number } }[]>(request, first.token, 'GET', '/api/organisation/award-approvals');
  await api(request, first.token, 'POST', `/api/organisation/award-approvals/${pending!.proposal.id}/approve`, {});
  const approverCtx = await newClient(browser);
  const approver = await approverCtx.newPage();
  errors.push(...trackPageErrors(approver));
  await loginAs(approver, second.who, '/admin/purchaser/approvals');
  const item = approver.getByTestId('award-approval-item').filter({ hasText: title });
  await expect(item).toContainText('第2级审批，共2级');
  await expect(item).toContainText('¥268,000.00');
  const code = (await item.getByTestId('award-verify-code').textContent())!;
  await item.getByRole('button', { name: '审批通过并选定' }).click();
  await expect(approver.getByText('审批通过，已选定该报价')).toBeVisible();
  await expect(approver.getByTestId('award-approval-item').filter({ hasText: title })).toHaveCount(0);

  // The 比价单: awarded, with both approvals and the 核验码 the second approver read.
  await approver.goto(`/admin/purchaser/demand-quotation?demandId=${demandId}`);
  await expect(approver.getByTestId('decision-record')).toContainText('唯一满足FID检测器与交期要求的报价');
  const record = approver.getByTestId('award-record');
  await expect(record.locator('[data-label="第1级审批"]')).toContainText('通过');
  await expect(record.locator('[data-label="第2级审批"]')).toContainText(`核验码 ${code}`);
  await expect(record.locator('[data-label="审批结果"]')).toContainText('审批通过，已选定');
  // Decided: nothing waits for the approver any more, and the buyer's contact went to the supplier, not the approver's.
  await expect(approver.getByTestId('approver-view')).toHaveText('您正在以本单位审批人的身份查看比价单。');
  await expect(approver.getByText('已选定供应商：')).not.toContainText('您的联系方式');
  const accepted = await api<{ status: string; version: number }>(request, await apiToken(request, DEMO.supplier), 'GET', `/api/quotations/${quotationId}`);
  expect(accepted).toMatchObject({ status: 'ACCEPTED', version: 1 });
  await approverCtx.close();
  expect(errors).toEqual([]);
});
