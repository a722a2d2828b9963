// The list pattern in the trade look (demands, quotations, inquiries): state tabs with counts (a
// count that asks for attention in red), the trade table and pager, rows in a layout of the page's
// own (cards, an inbox) through ListState, and the default loading and error states with 重试.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ListBody, ListPage, ListState, ListTabs, useListParams, type TListColumn, type TPage } from '.';

type TInquiry = { id: number; subject: string; status: 'NEW' | 'REPLIED' };
const INQUIRIES: TInquiry[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, subject: `询价${i + 1}`, status: i < 3 ? 'NEW' : 'REPLIED' }));
const PAGE_SIZE = 10;

/** A source that fails while `failures.left` is above zero (a server that recovers). */
function makeSource(failures = { left: 0 }) {
  return (status: string, page: number): Promise<TPage<TInquiry>> => {
    if (failures.left > 0) {
      failures.left -= 1;
      return Promise.reject(new Error('网络异常，请稍后再试'));
    }
    const rows = INQUIRIES.filter((i) => !status || i.status === status);
    return Promise.resolve({ items: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), page, pageSize: PAGE_SIZE, total: rows.length });
  };
}

const columns: TListColumn<TInquiry>[] = [
  { id: 'subject', header: '询价', cell: (r) => r.subject },
  { id: 'actions', header: '操作', cell: () => <button type="button">回复</button>, cellClassName: 'actions' },
];

function TradeList({ source, cards }: { source: ReturnType<typeof makeSource>; cards?: boolean }) {
  const { values, page, update } = useListParams(['status'] as const);
  const q = useQuery({ queryKey: ['inq', values.status, page], queryFn: () => source(values.status, page) });
  const newCount = INQUIRIES.filter((i) => i.status === 'NEW').length;
  return (
    <ListPage variant="trade" testId="inquiry-list" title="询价管理" subtitle="及时回复询价可以提高成交率。" actions={<a href="/data">查看询价数据</a>}>
      <ListTabs
        variant="trade"
        active={values.status}
        onChange={(s) => update({ status: s })}
        tabs={[
          { key: '', label: '全部', count: INQUIRIES.length },
          { key: 'NEW', label: '待回复', count: newCount, hot: true },
          { key: 'REPLIED', label: '已回复', count: 20, hot: false },
          { key: 'CLOSED', label: '已关闭', count: 0, hot: true },
        ]}
      />
      {cards ? (
        <ListState variant="trade" query={q} empty="暂无询价" onPage={(p) => update({ page: p })}>
          {(items) => (
            <ul aria-label="询价列表">
              {items.map((i) => (
                <li key={i.id} data-testid="inquiry-card">
                  {i.subject}
                </li>
              ))}
            </ul>
          )}
        </ListState>
      ) : (
        <ListBody variant="trade" className="manager-table" query={q} columns={columns} getRowId={(r) => r.id} rowTestId="inquiry-row" rowAttrs={(r) => ({ 'data-id': r.id })} empty="暂无询价" onPage={(p) => update({ page: p })} />
      )}
    </ListPage>
  );
}

function setup(props: Parameters<typeof TradeList>[0], url = '/inquiries') {
  const router = createMemoryRouter([{ path: '/inquiries', element: <TradeList {...props} /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view };
}

describe('trade list', () => {
  it('frames the list with the trade page head: title, help line and actions', () => {
    setup({ source: makeSource() });
    const page = screen.getByTestId('inquiry-list');
    expect(page).toHaveClass('trade-admin');
    expect(within(page).getByRole('heading', { level: 1, name: '询价管理' })).toHaveClass('admin-page-title');
    expect(within(page).getByText('及时回复询价可以提高成交率。')).toHaveClass('muted');
    expect(within(page).getByRole('link', { name: '查看询价数据' }).parentElement).toHaveClass('head-actions');
  });

  it('draws the state tabs with their counts, red only for a waiting count above zero', async () => {
    const { view } = setup({ source: makeSource() });
    const tabs = view.container.querySelector('.state-tabs')!;
    expect(tabs).toHaveAttribute('role', 'tablist');
    expect([...tabs.querySelectorAll('[role="tab"] .count')].map((c) => c.textContent)).toEqual(['23', '3', '20', '0']);
    expect(within(screen.getByRole('tab', { name: /待回复/ })).getByText('3')).toHaveClass('hot');
    expect(within(screen.getByRole('tab', { name: /已回复/ })).getByText('20')).not.toHaveClass('hot');
    // Nothing waiting: no red badge even on a tab that can be hot.
    expect(within(screen.getByRole('tab', { name: /已关闭/ })).getByText('0')).not.toHaveClass('hot');
    expect(screen.getByRole('tab', { name: /全部/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows rows in the trade table with the trade pager and switches state by tab', async () => {
    const { router, view } = setup({ source: makeSource() });
    await waitFor(() => expect(screen.getAllByTestId('inquiry-row')).toHaveLength(10));
    expect(screen.getByRole('table')).toHaveClass('trade-table', 'manager-table');
    expect(screen.getAllByTestId('inquiry-row')[0]).toHaveAttribute('data-id', '1');
    expect(screen.getAllByRole('button', { name: '回复' })[0]!.closest('td')).toHaveClass('actions');
    // The trade pager: 上一页/下一页 in words, the total last.
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(pager).not.toHaveClass('bo-pager');
    await userEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(screen.getAllByTestId('inquiry-row')[0]).toHaveTextContent('询价11'));
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.click(screen.getByRole('tab', { name: /待回复/ }));
    await waitFor(() => expect(screen.getAllByTestId('inquiry-row')).toHaveLength(3));
    expect(router.state.location.search).toBe('?status=NEW');
    expect(screen.getByRole('tab', { name: /待回复/ })).toHaveClass('active');
    // One page: no pager in the trade look.
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    expect(view.container.querySelector('.bo-table')).toBeNull();
  });

  it('shows the rows in a layout of the page’s own, with the same states and pager', async () => {
    setup({ source: makeSource(), cards: true }, '/inquiries?page=3');
    await waitFor(() => expect(screen.getAllByTestId('inquiry-card').map((c) => c.textContent)).toEqual(['询价21', '询价22', '询价23']));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('navigation', { name: '分页' })).toHaveTextContent('共 23 条');
    await userEvent.click(screen.getByRole('tab', { name: /已关闭/ }));
    expect(await screen.findByText('暂无询价')).toHaveClass('empty');
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('says it is loading, then shows the error with 重试, which loads the list again', async () => {
    setup({ source: makeSource({ left: 1 }) });
    expect(screen.getByText('加载中...')).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('网络异常，请稍后再试');
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getAllByTestId('inquiry-row')).toHaveLength(10));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
