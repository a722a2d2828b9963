// The form mechanism on the 快速询价 form (issue 31): a message appears when its field is left or the
// form is submitted, follows the value and goes as soon as the value is valid — never kept until
// the next submit; a refused form sends nothing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QuickInquiryPage from './quick-inquiry-page';
import * as api from './api/demands-api';

vi.mock('./api/demands-api', () => ({
  categoriesQuery: () => ({ queryKey: ['trade', 'categories'], queryFn: async () => [] }),
  sendInquiryCode: vi.fn(async () => ({ code: 200, msg: 'ok' })),
  sendQuickInquiry: vi.fn(async () => ({ code: 200, msg: '询价已提交', data: { id: 1, routed: 2 } })),
}));
vi.mock('@/shared/session', () => ({ useSession: () => ({ user: null, signedIn: false }) }));

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <QuickInquiryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('快速询价 form messages', () => {
  beforeEach(() => vi.mocked(api.sendQuickInquiry).mockClear());
  afterEach(cleanup);

  it('shows the messages on submit and drops each one as soon as its field is valid', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: '立即询价' }));
    expect(alerts()).toContain('请填写需要采购的仪器（至少2个字）');
    expect(api.sendQuickInquiry).not.toHaveBeenCalled();

    await userEvent.type(input('subject'), '气相色谱仪');
    expect(alerts()).not.toContain('请填写需要采购的仪器（至少2个字）');

    // A quantity message follows the value: another rule's message, then gone.
    await userEvent.clear(input('quantity'));
    await userEvent.type(input('quantity'), '0');
    await userEvent.tab();
    expect(alerts()).toContain('采购数量至少为1');
    await userEvent.clear(input('quantity'));
    await userEvent.type(input('quantity'), '2');
    expect(alerts()).not.toContain('采购数量至少为1');
  });

  it('shows a field’s message when the field is left, not while it is first typed', async () => {
    renderPage();
    await userEvent.type(input('mobile'), '1381');
    expect(alerts()).toEqual([]);
    await userEvent.tab();
    expect(alerts()).toEqual(['请输入有效的手机号']);
    await userEvent.type(input('mobile'), '2345678');
    expect(alerts()).not.toContain('请输入有效的手机号');
  });
});
