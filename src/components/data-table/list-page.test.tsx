// The list-page pattern: filters and page in the address, tabs with counts, empty and error
// states, bulk selection across pages. A small page over an in-memory source, rendered with the
// real router and query client.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BulkBar, FilterBar, ListBody, ListTabs, SearchBox, Segmented, useListParams, useRowSelection, type TListColumn, type TPage } from '.';

type TItem = { id: number; name: string; status: 'on' | 'off' };
const ITEMS: TItem[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `仪器${i + 1}`, status: i % 5 === 0 ? 'off' : 'on' }));
const PAGE_SIZE = 10;

type TResult = TPage<TItem> & { counts: { all: number; on: number; off: number } };
function source(q: { status: string; keyword: string; page: number; fail?: boolean }): Promise<TResult> {
  if (q.fail) return Promise.reject(new Error('服务器开小差了'));
  const byKeyword = ITEMS.filter((i) => i.name.includes(q.keyword));
  const rows = byKeyword.filter((i) => !q.status || i.status === q.status);
  return Promise.resolve({
    items: rows.slice((q.page - 1) * PAGE_SIZE, q.page * PAGE_SIZE),
    page: q.page,
    pageSize: PAGE_SIZE,
    total: rows.length,
    counts: { all: byKeyword.length, on: byKeyword.filter((i) => i.status === 'on').length, off: byKeyword.filter((i) => i.status === 'off').length },
  });
}

const columns: TListColumn<TItem>[] = [
  { id: 'name', header: '名称', cell: (r) => r.name },
  { id: 'status', header: '状态', cell: (r) => (r.status === 'on' ? '在售' : '已下架'), width: 80 },
  { id: 'actions', header: '操作', cell: (r) => <button type="button" className="link-button">编辑{r.id}</button>, cellClassName: 'bo-row-actions' },
];

function DemoList() {
  const { values, page, update } = useListParams(['status', 'keyword', 'fail'] as const);
  const selection = useRowSelection();
  const q = useQuery({ queryKey: ['demo', values, page], queryFn: () => source({ status: values.status, keyword: values.keyword, page, fail: values.fail === '1' }) });
  const counts = q.data?.counts;
  return (
    <div>
      <ListTabs
        active={values.status}
        onChange={(k) => update({ status: k })}
        tabs={[
          { key: '', label: '全部', count: counts?.all, testId: 'tab-all' },
          { key: 'on', label: '在售', count: counts?.on, testId: 'tab-on' },
          { key: 'off', label: '已下架', count: counts?.off, testId: 'tab-off' },
        ]}
      />
      <FilterBar>
        <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="名称" label="搜索仪器" />
        <Segmented label="状态" options={[['', '全部'], ['on', '在售']]} value={values.status} onChange={(k) => update({ status: k })} />
      </FilterBar>
      <BulkBar count={selection.ids.length} unit="件" onClear={selection.clear}>
        <button type="button" className="btn">
          批量下架 {selection.ids.join(',')}
        </button>
      </BulkBar>
      <ListBody
        query={q}
        columns={columns}
        getRowId={(r) => r.id}
        rowTestId="demo-row"
        rowAttrs={(r) => ({ 'data-name': r.name })}
        selection={{ ...selection, label: (r) => `选择${r.name}` }}
        empty={values.keyword ? `没有找到与「${values.keyword}」相关的仪器` : '暂无仪器'}
        loading={<div aria-busy="true">加载中</div>}
        error={(e, retry) => (
          <div role="alert">
            {(e as Error).message}
            <button type="button" onClick={retry}>
              重试
            </button>
          </div>
        )}
        onPage={(p) => update({ page: p })}
      />
    </div>
  );
}

function setup(url = '/list') {
  const router = createMemoryRouter([{ path: '/list', element: <DemoList /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const rows = () => screen.queryAllByTestId('demo-row').map((r) => r.getAttribute('data-name'));
const params = (router: ReturnType<typeof setup>) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('list page', () => {
  it('goes to the last page when the page asked for is past it (rows taken down from the last page), never showing the list as empty', async () => {
    const router = setup('/list?status=on&page=5');
    await waitFor(() => expect(params(router)).toEqual({ status: 'on', page: '2' }));
    await waitFor(() => expect(rows()[0]).toBe('仪器14'));
    expect(screen.queryByText('暂无仪器')).toBeNull();
  });

  it('keeps filters and page in the address; back and forward restore them', async () => {
    const router = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '2' }));
    await waitFor(() => expect(rows()[0]).toBe('仪器11'));
    expect(params(router)).toEqual({ page: '2' });

    await userEvent.type(screen.getByRole('textbox', { name: '搜索仪器' }), '仪器2');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    // A new filter goes back to page 1.
    await waitFor(() => expect(params(router)).toEqual({ keyword: '仪器2' }));
    await waitFor(() => expect(rows()).toEqual(['仪器2', '仪器20', '仪器21', '仪器22', '仪器23', '仪器24', '仪器25']));

    await router.navigate(-1);
    await waitFor(() => expect(rows()[0]).toBe('仪器11'));
    expect(screen.getByRole('textbox', { name: '搜索仪器' })).toHaveValue('');
    await router.navigate(1);
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(screen.getByRole('textbox', { name: '搜索仪器' })).toHaveValue('仪器2');
  });

  it('opens on the view the address names (a reload)', async () => {
    setup('/list?status=off&page=1');
    await waitFor(() => expect(rows()).toEqual(['仪器1', '仪器6', '仪器11', '仪器16', '仪器21']));
    expect(screen.getByTestId('tab-off')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '全部' })).not.toHaveClass('active');
  });

  it('shows tabs with counts and switches status by tab', async () => {
    const router = setup();
    await waitFor(() => expect(screen.getByTestId('tab-all')).toHaveTextContent('全部25'));
    expect(screen.getByTestId('tab-on')).toHaveTextContent('在售20');
    expect(screen.getByTestId('tab-off')).toHaveTextContent('已下架5');
    await userEvent.click(screen.getByTestId('tab-off'));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(params(router)).toEqual({ status: 'off' });
    expect(screen.getByTestId('tab-off')).toHaveClass('active');
    expect(screen.getByText('共 5 条')).toBeInTheDocument();
  });

  it('shows the empty text and no pager when nothing matches', async () => {
    setup('/list?keyword=离心机');
    expect(await screen.findByText('没有找到与「离心机」相关的仪器')).toHaveClass('empty');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('shows the error state with a retry', async () => {
    setup('/list?fail=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器开小差了');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('selects rows, the whole page, and keeps the selection across pages for bulk actions', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: '选择仪器3' }));
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('已选 1 件');
    expect(screen.getByRole('checkbox', { name: '选择仪器3' }).closest('tr')).toHaveClass('selected');

    await userEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('已选 10 件');
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '2' }));
    await waitFor(() => expect(rows()[0]).toBe('仪器11'));
    expect(screen.getByRole('checkbox', { name: '全选本页' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: '选择仪器12' }));
    expect(screen.getByRole('button', { name: /批量下架/ })).toHaveTextContent('批量下架 1,2,3,4,5,6,7,8,9,10,12');

    await userEvent.click(screen.getByRole('button', { name: '取消选择' }));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(screen.getByRole('checkbox', { name: '选择仪器12' })).not.toBeChecked();
  });
});
