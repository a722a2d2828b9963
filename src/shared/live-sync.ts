// Open views follow live changes (issue 32). Each live change (contracts/live.ts) names what a write
// changed — an inquiry, a quotation, a demand, a notice, an application — and LIVE_QUERIES below is the
// one table of the queries that show it: lists, tab counts, details, the supplier centre's figures, the
// back office's menu (the member's roles). Changes are gathered for a moment and invalidated together,
// in every tab and desktop window (src/components/live-updates.tsx feeds them in).
//
// A form the user is editing is not touched: it holds the queries it was opened from
// (useLiveHold), a change to them is kept back and the form says 「有新的变化」 beside it; once the
// form is no longer being edited (saved, left) the held queries are refreshed.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { TLiveChange, TLiveEntity, TLiveStatus } from '@contracts/live';

type TRule = (key: QueryKey, id: number | null) => boolean;

/** Every query under the key prefix. */
const under =
  (...prefix: readonly unknown[]): TRule =>
  (key) =>
    prefix.every((p, i) => key[i] === p);
/** A feature's queries; its one-record queries (`detail`, `form`) only for the changed record. */
const records =
  (namespace: string): TRule =>
  (key, id) =>
    key[0] === namespace && ((key[1] !== 'detail' && key[1] !== 'form') || id === null || key[2] === id);
/** Queries of one record of another kind, keyed by the changed record's id at `at` (a demand's comparison). */
const keyedBy =
  (prefix: readonly unknown[], at: number): TRule =>
  (key, id) =>
    under(...prefix)(key, id) && (id === null || key[at] === id);

/**
 * What each change makes stale. `user`: the member's info is read again (roles → the back office's
 * menu; the supplier centre after a 入驻 review).
 */
export const LIVE_QUERIES: Record<TLiveEntity, { rules: TRule[]; user?: boolean }> = {
  // 询价管理 and its tab counts, 询价数据, 我的询价 and its tabs, the quick-inquiry queue, an inquiry's page.
  inquiry: { rules: [records('inquiries')] },
  // The quotation's pages and lists, 比价, and what shows its state beside it: the inquiry lists and
  // details, 我的求购 and the demand pages (quotation counts, 我的报价).
  quotation: { rules: [records('quotations'), under('inquiries'), under('demands', 'mine'), under('demands', 'mine-counts'), under('demands', 'hall'), under('demands', 'detail')] },
  // The demand's pages, lists and counts, its 比价, and the supplier's quotation lists that show its state.
  demand: { rules: [records('demands'), keyedBy(['quotations', 'comparison'], 2), under('quotations', 'supplier'), under('quotations', 'supplier-counts')] },
  // The bell's list (its count comes with the stream), the platform's announcements, the admin's notice list.
  // 采购单位 (issue 38): its verification, invitations and approvals arrive as notices.
  notice: { rules: [under('notifications', 'list'), under('notices'), under('admin', 'notices'), under('organisation'), under('demands', 'approvals')] },
  // 入驻: the applicant's 供应商中心 (application state, overview, profile) and menu; the admin's queues.
  application: { rules: [under('settle'), under('supplier', 'overview'), under('supplier', 'profile'), under('admin', 'settle-applications'), under('admin', 'suppliers')], user: true },
};

const ENTITIES = Object.keys(LIVE_QUERIES) as TLiveEntity[];

/**
 * The renderer's queries no live change touches, by key (first part, or first two), and why: the
 * coverage test (live-sync.coverage.test.ts) reads every query the features define and fails on one
 * that is neither in LIVE_QUERIES nor here, so a new page cannot forget to follow live changes.
 */
export const NOT_LIVE: Record<string, string> = {
  'notifications/unread': 'the count comes with every stream event itself (set, not refetched)',
  catalogue: 'public catalogue answers, the same for every visitor (the server drops its cache on writes)',
  categories: 'the category tree',
  news: 'public news',
  articles: 'public technical articles',
  collections: 'the member’s own favourites, changed only by the member here',
  trade: 'reference data of the trade forms (categories, a product’s summary)',
  'comparison-verify': 'a 比价单’s verification page, fixed once issued',
  'supplier/articles': 'the supplier’s own content, edited here',
  'supplier/article': 'the supplier’s own content, edited here',
  'supplier/products': 'the supplier’s own goods, edited here',
  'supplier/product': 'the supplier’s own goods, edited here',
  'supplier/goods-import': 'an import’s progress, polled while it runs',
  'supplier/recruitments': 'the supplier’s own content, edited here',
  'supplier/recruitment': 'the supplier’s own content, edited here',
  'supplier/store-categories': 'the supplier’s own content, edited here',
  'supplier/store-category': 'the supplier’s own content, edited here',
  'supplier/brand-options': 'the brand list to pick from',
  'supplier/brands-carried': 'the supplier’s own brands, edited here',
  'supplier/brand-applications': 'the supplier’s own brand applications (reviews arrive as notices)',
  'admin/members': 'the admin’s own tools, acted on here',
  'admin/products': 'the admin’s own tools, acted on here',
  'admin/publications': 'the admin’s own tools, acted on here',
  'admin/publication': 'the admin’s own tools, acted on here',
  'admin/feedback': 'the admin’s own tools, acted on here',
  'admin/brand-applications': 'the admin’s own tools, acted on here',
  'admin/inquiries': 'the admin’s own tools, acted on here (响应质量 spam marks)',
  'admin/response': 'figures recomputed by a batch every 5 minutes, read when the page opens',
  'admin/organisations': 'the admin’s own tools, acted on here (new ones arrive as notices)',
};

/** The forms that hold their queries while edited (useLiveHold) and say 「有新的变化」; the coverage test keeps this list true. */
export const LIVE_HOLD_FORMS = ['src/features/quotations/quotation-submit-page.tsx', 'src/features/demands/demand-post-page.tsx'] as const;

/** Whether the query `key` shows what `change` changed. */
export function showsChange(change: TLiveChange, key: QueryKey): boolean {
  if (change.entity === 'all') return ENTITIES.some((e) => LIVE_QUERIES[e].rules.some((r) => r(key, null)));
  return LIVE_QUERIES[change.entity].rules.some((r) => r(key, change.id));
}

const refreshesUser = (changes: readonly TLiveChange[]) => changes.some((c) => c.entity === 'all' || LIVE_QUERIES[c.entity].user === true);

// ---- holds: forms being edited ------------------------------------------------------------------

type THold = { keys: QueryKey[]; pending: Map<string, QueryKey>; onChange: () => void };
const holds = new Set<THold>();
let client: QueryClient | null = null;

const isPrefix = (prefix: QueryKey, key: QueryKey) => prefix.length <= key.length && prefix.every((p, i) => key[i] === p);
const holdsOf = (key: QueryKey) => [...holds].filter((h) => h.keys.some((k) => isPrefix(k, key)));

/**
 * Invalidates what the changes show (active queries refetch, the others refetch when next shown),
 * except what a form being edited holds; re-reads the member's info when a change calls for it.
 */
export async function applyLiveChanges(queryClient: QueryClient, changes: readonly TLiveChange[], refreshUser: () => Promise<void>): Promise<void> {
  client = queryClient;
  if (changes.length === 0) return;
  const predicate = (q: Query) => {
    if (!changes.some((c) => showsChange(c, q.queryKey))) return false;
    const held = holdsOf(q.queryKey);
    if (held.length === 0) return true;
    for (const h of held) {
      h.pending.set(JSON.stringify(q.queryKey), q.queryKey);
      h.onChange();
    }
    return false;
  };
  await Promise.all([queryClient.invalidateQueries({ predicate }), refreshesUser(changes) ? refreshUser() : Promise.resolve()]);
}

/**
 * Gathers changes for `ms` and applies them together (a write that moves ten rows sends ten
 * changes: one round of refetches). Returns the function that takes a change.
 */
export function createLiveBatcher(apply: (changes: TLiveChange[]) => void, ms = 120, timers: { set: (fn: () => void, ms: number) => unknown } = { set: (fn, t) => setTimeout(fn, t) }) {
  let pending: TLiveChange[] = [];
  let scheduled = false;
  return (change: TLiveChange) => {
    pending.push(change);
    if (scheduled) return;
    scheduled = true;
    timers.set(() => {
      scheduled = false;
      const batch = pending;
      pending = [];
      apply(batch);
    }, ms);
  };
}

/**
 * While `keys` is not null (the form is being edited), live changes to those queries are held back
 * (the form is not touched); returns true once one was, for 「有新的变化」 beside the form. When the
 * form is no longer edited (keys null, or it is gone) the held queries are refreshed.
 */
export function useLiveHold(keys: QueryKey[] | null): boolean {
  const [changed, setChanged] = useState(false);
  const id = keys ? JSON.stringify(keys) : null;
  useEffect(() => {
    if (id === null) return;
    const hold: THold = { keys: JSON.parse(id) as QueryKey[], pending: new Map(), onChange: () => setChanged(true) };
    holds.add(hold);
    return () => {
      holds.delete(hold);
      setChanged(false);
      for (const key of hold.pending.values()) void client?.invalidateQueries({ queryKey: key, exact: true });
    };
  }, [id]);
  return changed;
}

/** 「有新的变化」: beside a form whose data changed while it was being edited. */
export const LIVE_CHANGED_TEXT = '有新的变化';

// ---- the stream's state, for the bell ---------------------------------------------------------

let status: TLiveStatus | 'off' = 'off';
const statusListeners = new Set<() => void>();

export function setLiveStatus(s: TLiveStatus | 'off') {
  if (s === status) return;
  status = s;
  statusListeners.forEach((l) => l());
}

/** True while this page's own stream is connected (the bell polls otherwise). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => status === 'live',
    () => false,
  );
}
