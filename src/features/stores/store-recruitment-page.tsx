// /store/{uid}/talent-recruitment: the supplier's open positions; each opens to its description.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { formatDay } from '@contracts/time';
import { Pager } from '@/components/ui/pager';
import { storeRecruitmentsQuery } from './api/store-recruitments';
import { prefetchStorePage } from './api/store';
import type { TPrefetchContext } from '@/shared/route-meta';
import { BlockHead, StoreEmpty } from './components/store-blocks';
import { positiveId, useStore } from './components/use-store';
import { useQueryHref } from '@/shared/query-href';

const PAGE_SIZE = 10;

/** Server rendering: the store and the page of positions the address asks for. */
export function prefetch(ctx: TPrefetchContext) {
  const page = positiveId(ctx.url.searchParams.get('page')) ?? 1;
  return prefetchStorePage(ctx, (uid) => [ctx.queryClient.prefetchQuery(storeRecruitmentsQuery(uid, page, PAGE_SIZE))]);
}

export default function StoreRecruitmentPage() {
  const { uid, store } = useStore();
  const [params, setParams] = useSearchParams();
  const href = useQueryHref();
  const page = positiveId(params.get('page')) ?? 1;
  const jobs = useQuery({ ...storeRecruitmentsQuery(uid, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const [open, setOpen] = useState<number | null>(null);
  const contact = store.data?.supplier;
  return (
    <section className={`store-section store-jobs ${store.data?.theme === 2 ? 't2-section' : 'panel'}`} data-testid="store-recruitment">
      <BlockHead title="人才招聘" sub={jobs.data ? `${jobs.data.total} 个在招职位` : undefined} />
      {jobs.data && jobs.data.items.length === 0 && <StoreEmpty>该企业暂无在招职位</StoreEmpty>}
      <ul className="job-list">
        {jobs.data?.items.map((j) => {
          const expanded = open === j.id;
          return (
            <li key={j.id} className={expanded ? 'expanded' : undefined}>
              <button type="button" className="job-head" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : j.id)}>
                <span className="job-title">{j.title}</span>
                <span className="job-salary">{j.salary ?? '面议'}</span>
                <span className="job-tags">
                  {[j.city, j.experience, j.education, `招${j.headcount}人`].filter(Boolean).map((t) => (
                    <span key={t}>{t}</span>
                  ))}
                </span>
                <span className="job-date">{formatDay(j.createdAt)}</span>
              </button>
              {expanded && (
                <div className="job-body">
                  <h4>职位描述</h4>
                  <div className="rich-text job-description" data-testid="job-description" dangerouslySetInnerHTML={{ __html: j.description }} />
                  {contact && (
                    <p className="job-apply">
                      投递方式：{contact.contactEmail ? `发送简历至 ${contact.contactEmail}` : '联系企业'}
                      {contact.contactPhone ? `，或致电 ${contact.contactPhone}` : ''}（请注明应聘职位“{j.title}”）
                    </p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {jobs.data && <Pager variant="shop" page={page} pageSize={PAGE_SIZE} total={jobs.data.total} onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}  hrefFor={(p) => href({ page: p })} />}
    </section>
  );
}
