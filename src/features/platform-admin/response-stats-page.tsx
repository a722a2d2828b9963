// /admin/responseStats — 供应商响应: how the 响应质量 figures spread across approved suppliers (reply
// rate and median first-reply bands, how many are below the minimum sample) and each supplier's
// figures, highest reply rate first. Read from the stored figures (GET /api/admin/response).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatReplyRate, INSUFFICIENT, replyTimeOf, RESPONSE_EXPLAINED, RESPONSE_MIN_SAMPLE, RESPONSE_WINDOW_DAYS, type TResponseDistribution } from '@contracts/response-quality';
import { formatDateTime } from '@contracts/time';
import { DataTable, type TListColumn } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { AppLink } from '@/components/ui/app-link';
import { responseDistributionQuery } from './api/response';
import { LoadError, Loading } from './components/query-state';
import '@/styles/backoffice.css';
import '@/styles/response.css';

const PAGE_SIZE = 20;
type TItem = TResponseDistribution['items'][number];

/** One band per line: its label, a bar proportional to the suppliers in it, and the count. */
function Bands({ title, note, bands, of }: { title: string; note: string; bands: { label: string; suppliers: number }[]; of: number }) {
  return (
    <section className="bo-card" aria-label={title}>
      <h2 className="bo-card-title">{title}</h2>
      <p className="muted bo-small">{note}</p>
      <ul className="resp-bands">
        {bands.map((b) => (
          <li key={b.label} data-testid="response-band">
            <span className="resp-band-label">{b.label}</span>
            <span className="resp-band-bar" aria-hidden="true">
              <span style={{ width: `${of ? (b.suppliers / of) * 100 : 0}%` }} />
            </span>
            <span className="resp-band-count">{b.suppliers} 家</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const COLUMNS: TListColumn<TItem>[] = [
  { id: 'company', header: '供应商', cell: (i) => (i.storeUid ? <AppLink to={`/store/${i.storeUid}`}>{i.companyName}</AppLink> : i.companyName) },
  { id: 'replyRate', header: '询价回复率', width: 100, className: 'bo-num', cell: (i) => formatReplyRate(i.figures) },
  { id: 'median', header: '首次回复用时', width: 130, className: 'bo-num', cell: (i) => (replyTimeOf(i.figures)) },
  { id: 'inquiries', header: '收到询价', width: 90, className: 'bo-num', cell: (i) => `${i.figures.inquiries} 条` },
  { id: 'quotations', header: '提交报价', width: 90, className: 'bo-num', cell: (i) => `${i.figures.quotations} 份` },
  { id: 'accepted', header: '中标', width: 70, className: 'bo-num', cell: (i) => `${i.figures.accepted} 次` },
  { id: 'withdrawn', header: '查看后撤回', width: 100, className: 'bo-num', cell: (i) => `${i.figures.withdrawnAfterOpen} 次` },
  { id: 'computedAt', header: '统计时间', width: 140, cellClassName: 'muted bo-small', cell: (i) => (i.figures.computedAt ? formatDateTime(i.figures.computedAt) : '—') },
];

export default function ResponseStatsPage() {
  const q = useQuery(responseDistributionQuery());
  const [page, setPage] = useState(1);
  const d = q.data;
  return (
    <div className="bo-page" data-testid="response-stats">
      <PageHeader title="供应商响应" subtitle={`已入驻供应商近${RESPONSE_WINDOW_DAYS}天的响应质量分布，按平台记录每5分钟统计一次；询价少于 ${RESPONSE_MIN_SAMPLE} 条的显示「${INSUFFICIENT}」。`} />
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !d ? (
        <Loading />
      ) : (
        <>
          <div className="bo-stats resp-stats">
            <div className="bo-stat" data-testid="stat-suppliers">
              有统计的供应商<strong>{d.suppliers}</strong>
            </div>
            <div className="bo-stat" data-testid="stat-rated">
              有回复率的供应商<strong>{d.suppliers - d.insufficient}</strong>
            </div>
            <div className="bo-stat" data-testid="stat-insufficient">
              {INSUFFICIENT}<strong>{d.insufficient}</strong>
            </div>
          </div>
          <div className="bo-grid-2 resp-bands-grid">
            <Bands title="询价回复率分布" note={RESPONSE_EXPLAINED.replyRate} bands={d.replyRate} of={d.suppliers - d.insufficient} />
            <Bands title="首次回复用时分布" note={RESPONSE_EXPLAINED.medianReply} bands={d.medianReply} of={d.medianReply.reduce((n, b) => n + b.suppliers, 0)} />
          </div>
          <section className="bo-card bo-card-flush">
            <h2 className="bo-card-title resp-table-title">各供应商数据（{d.items.length} 家，回复率从高到低）</h2>
            {d.items.length === 0 ? (
              <p className="muted resp-table-empty">暂无统计数据</p>
            ) : (
              <>
                <DataTable rows={d.items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)} columns={COLUMNS} getRowId={(i) => i.supplierId} rowTestId="response-supplier-row" />
                <Pager page={page} pageSize={PAGE_SIZE} total={d.items.length} onChange={setPage} variant="backoffice" />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
