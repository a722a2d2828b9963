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
