// The one table of what a live change makes stale, and the holds of forms being edited: a change
// invalidates exactly the queries that show it (lists, counts, tabs, that record's details, the
// supplier centre's figures, the member's menu), and a form that is being edited keeps its queries
// until it is no longer edited, saying 「有新的变化」 meanwhile.
import { act, render, screen } from '@testing-library/react';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveChanges, createLiveBatcher, LIVE_CHANGED_TEXT, showsChange, useLiveHold } from './live-sync';

const KEYS: QueryKey[] = [
  ['inquiries', 'supplier', { page: 1, pageSize: 10 }],
  ['inquiries', 'supplier-counts'],
  ['inquiries', 'stats'],
  ['inquiries', 'sent', { page: 1 }],
  ['inquiries', 'sent-counts'],
  ['inquiries', 'quick-queue', {}],
  ['inquiries', 'detail', 5],
  ['inquiries', 'detail', 6],
  ['quotations', 'supplier', {}],
  ['quotations', 'supplier-counts', ''],
  ['quotations', 'detail', 9],
  ['quotations', 'comparison', 3],
  ['quotations', 'comparison', 4],
  ['demands', 'mine', {}],
  ['demands', 'mine-counts', 'mine'],
  ['demands', 'hall', {}],
  ['demands', 'detail', 3, true],
  ['demands', 'detail', 4, true],
  ['demands', 'form', 3],
  ['supplier', 'overview'],
  ['supplier', 'profile'],
  ['supplier', 'products', {}],
  ['settle', 'application'],
  ['admin', 'settle-applications', {}],
  ['admin', 'suppliers', {}],
  ['notifications', 'unread'],
  ['notifications', 'list', 1],
  ['catalogue', 'home'],
];

function seeded() {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, { seeded: true });
  return client;
}
const invalidated = (client: QueryClient) => KEYS.filter((k) => client.getQueryState(k)?.isInvalidated).map((k) => JSON.stringify(k));
const keys = (...ks: QueryKey[]) => ks.map((k) => JSON.stringify(k));

describe('what each live change makes stale', () => {
  it('an inquiry: every inquiry list, count and statistic, and that inquiry’s page only', async () => {
    const client = seeded();
    const refreshUser = vi.fn(async () => {});
    await applyLiveChanges(client, [{ entity: 'inquiry', id: 5 }], refreshUser);
    expect(invalidated(client)).toEqual(
      keys(['inquiries', 'supplier', { page: 1, pageSize: 10 }], ['inquiries', 'supplier-counts'], ['inquiries', 'stats'], ['inquiries', 'sent', { page: 1 }], ['inquiries', 'sent-counts'], ['inquiries', 'quick-queue', {}], ['inquiries', 'detail', 5]),
    );
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it('a quotation: its lists and page, and what shows its state (inquiries, 我的求购, demand pages), not the demand forms', async () => {
    const client = seeded();
    await applyLiveChanges(client, [{ entity: 'quotation', id: 9 }], async () => {});
    const got = invalidated(client);
    expect(got).toEqual(expect.arrayContaining(keys(['quotations', 'supplier', {}], ['quotations', 'detail', 9], ['quotations', 'comparison', 3], ['inquiries', 'detail', 6], ['demands', 'mine', {}], ['demands', 'detail', 4, true])));
    expect(got).not.toContain(JSON.stringify(['demands', 'form', 3]));
    expect(got).not.toContain(JSON.stringify(['supplier', 'overview']));
  });

  it('a demand: its pages, lists, counts and 比价, and the supplier’s quotation lists', async () => {
    const client = seeded();
    await applyLiveChanges(client, [{ entity: 'demand', id: 3 }], async () => {});
    expect(invalidated(client)).toEqual(
      keys(['quotations', 'supplier', {}], ['quotations', 'supplier-counts', ''], ['quotations', 'comparison', 3], ['demands', 'mine', {}], ['demands', 'mine-counts', 'mine'], ['demands', 'hall', {}], ['demands', 'detail', 3, true], ['demands', 'form', 3]),
    );
  });

  it('an application (入驻 approved): the supplier centre, the 入驻 state, the admin’s queues, and the member’s info for the menu', async () => {
    const client = seeded();
    const refreshUser = vi.fn(async () => {});
    await applyLiveChanges(client, [{ entity: 'application', id: 12 }], refreshUser);
    expect(invalidated(client)).toEqual(keys(['supplier', 'overview'], ['supplier', 'profile'], ['settle', 'application'], ['admin', 'settle-applications', {}], ['admin', 'suppliers', {}]));
    expect(refreshUser).toHaveBeenCalledTimes(1);
  });

  it('`all` (a resumed stream): everything live, never the catalogue, the supplier’s goods or the count the stream sends itself', async () => {
    const client = seeded();
    const refreshUser = vi.fn(async () => {});
    await applyLiveChanges(client, [{ entity: 'all', id: null }], refreshUser);
    const got = invalidated(client);
    expect(got).toHaveLength(KEYS.length - 3);
    expect(got).not.toContain(JSON.stringify(['catalogue', 'home']));
    expect(got).not.toContain(JSON.stringify(['supplier', 'products', {}]));
    expect(got).not.toContain(JSON.stringify(['notifications', 'unread']));
    expect(refreshUser).toHaveBeenCalledTimes(1);
    expect(showsChange({ entity: 'notice', id: null }, ['notices', 'platform'])).toBe(true);
  });

  it('gathers a burst of changes into one round', () => {
    const rounds: unknown[][] = [];
    const timers: (() => void)[] = [];
    const take = createLiveBatcher((c) => rounds.push(c), 100, { set: (fn) => timers.push(fn) });
    take({ entity: 'inquiry', id: 1 });
    take({ entity: 'inquiry', id: 2 });
    expect(timers).toHaveLength(1);
    timers.shift()!();
    expect(rounds).toEqual([[{ entity: 'inquiry', id: 1 }, { entity: 'inquiry', id: 2 }]]);
  });
});

function Editor({ editing }: { editing: boolean }) {
  const changed = useLiveHold(editing ? [['inquiries', 'detail', 5]] : null);
  return <p>{changed ? LIVE_CHANGED_TEXT : '—'}</p>;
}

describe('a form being edited', () => {
  it('holds its queries: not refetched while edited, 有新的变化 instead; refreshed once no longer edited', async () => {
    const client = seeded();
    const view = render(<Editor editing />);
    await act(() => applyLiveChanges(client, [{ entity: 'inquiry', id: 5 }], async () => {}));
    expect(screen.getByText(LIVE_CHANGED_TEXT)).toBeInTheDocument();
    expect(client.getQueryState(['inquiries', 'detail', 5])?.isInvalidated).toBe(false);
    // The list beside it follows all the same.
    expect(client.getQueryState(['inquiries', 'supplier-counts'])?.isInvalidated).toBe(true);
    view.rerender(<Editor editing={false} />);
    await act(async () => {});
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(client.getQueryState(['inquiries', 'detail', 5])?.isInvalidated).toBe(true);
  });
});
