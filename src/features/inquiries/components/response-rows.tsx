// 询价数据 → 响应质量: the figures buyers see of this supplier and every row they are computed from,
// so the supplier can check each one (spam marked by the platform is listed but not counted).
// Both lists are one RowsTable (the shared DataTable, a card per row on a phone) with their columns.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatReplyTime, RESPONSE_EXPLAINED, RESPONSE_WINDOW_DAYS, type TSupplierResponse } from '@contracts/response-quality';
import { formatDateTime } from '@contracts/time';
import { DataTable, type TListColumn } from '@/components/data-table';
import { ResponseBlock } from '@/components/ui/response-figures';
import { supplierResponseQuery } from '../api/supplier-response';

const QUOTATION_STATUS: Record<string, string> = { SUBMITTED: '已提交', ACCEPTED: '已中标', REJECTED: '已拒绝', WITHDRAWN: '已撤回', EXPIRED: '已过期', NOT_SELECTED: '未中选' };

type TInquiryRow = TSupplierResponse['inquiries'][number];
type TQuotationRow = TSupplierResponse['quotations'][number];

const INQUIRY_COLUMNS: TListColumn<TInquiryRow>[] = [
  { id: 'subject', header: '询价', cell: (i) => i.subject },
  { id: 'kind', header: '来源', cell: (i) => (i.kind === 'quick' ? '平台分发' : '商品询价') },
  { id: 'receivedAt', header: '收到时间', cell: (i) => formatDateTime(i.receivedAt) },
  { id: 'firstReplyAt', header: '首次回复', cell: (i) => (i.firstReplyAt ? formatDateTime(i.firstReplyAt) : '未回复') },
  { id: 'replyMinutes', header: '计入用时', cell: (i) => (i.replyMinutes === null ? '—' : formatReplyTime(i.replyMinutes)) },
  { id: 'counted', header: '是否计入', cell: (i) => (i.spam ? '不计入（平台判定为垃圾询价）' : '计入') },
];

const QUOTATION_COLUMNS: TListColumn<TQuotationRow>[] = [
  { id: 'id', header: '报价编号', cell: (q) => `#${q.id}` },
  { id: 'source', header: '来源', cell: (q) => (q.source === 'demand' ? '求购报价' : '询价报价') },
  { id: 'status', header: '状态', cell: (q) => QUOTATION_STATUS[q.status] ?? q.status },
  { id: 'submittedAt', header: '提交时间', cell: (q) => formatDateTime(q.submittedAt) },
  { id: 'buyerOpenedAt', header: '采购方首次查看', cell: (q) => (q.buyerOpenedAt ? formatDateTime(q.buyerOpenedAt) : '未查看') },
  { id: 'withdrawnAfterOpen', header: '查看后撤回', cell: (q) => (q.withdrawnAfterOpen ? '是' : '—') },
];

/** A titled list of the rows behind the figures, or a line saying there were none. */
function RowsTable<T extends { id: number }>({ title, note, rows, columns, empty, testId }: { title: string; note?: ReactNode; rows: T[]; columns: TListColumn<T>[]; empty: string; testId: string }) {
  return (
    <>
      <h3 className="response-rows-title">{title}</h3>
      {note}
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="table-scroll">
          <DataTable rows={rows} columns={columns} getRowId={(r) => r.id} variant="trade" rowTestId={testId} />
        </div>
      )}
    </>
  );
}

export function ResponseRows() {
  const { data, error } = useQuery(supplierResponseQuery());
  if (error) return <div className="panel empty">{(error as Error).message}</div>;
  if (!data) return <div className="panel empty">加载中...</div>;
  return (
    <section className="panel response-rows" data-testid="supplier-response">
      <h2 className="panel-title">响应质量（采购方可见）</h2>
      <p className="muted small">
        {formatDateTime(data.windowFrom)} 至 {formatDateTime(data.windowTo)}（近{RESPONSE_WINDOW_DAYS}天）。数字每几分钟按下列记录重新统计一次，店铺首页、商品页、比价与企业名录显示的就是这些数字。
      </p>
      <ResponseBlock figures={data.figures} />
      <RowsTable
        title={`收到的询价（${data.inquiries.length} 条）`}
        note={<p className="muted small">{RESPONSE_EXPLAINED.medianReply}</p>}
        rows={data.inquiries}
        columns={INQUIRY_COLUMNS}
        empty={`近${RESPONSE_WINDOW_DAYS}天没有收到询价`}
        testId="response-inquiry-row"
      />
      <RowsTable title={`提交的报价（${data.quotations.length} 份）`} rows={data.quotations} columns={QUOTATION_COLUMNS} empty={`近${RESPONSE_WINDOW_DAYS}天没有提交报价`} testId="response-quotation-row" />
    </section>
  );
}
