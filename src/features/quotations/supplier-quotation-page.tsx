// /admin/supplier/quotation — the supplier's quotations by state with their current version.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatMoney, QUOTATION_STATE_LABEL, QUOTATION_STATES, type TQuotationItem, type TQuotationState } from '@contracts/trade';
import { formatDateTime, formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { useSession } from '@/shared/session';
import { ListBody, ListPage, ListTabs, SearchBox, useListParams, type TListColumn } from '@/components/data-table';
import { supplierQuotationCountsQuery, supplierQuotationsQuery } from './api/quotations-api';
import { StateBadge } from './components/common';
import '@/styles/trade.css';

const PAGE_SIZE = 15;

export default function SupplierQuotationPage() {
  const { values, page, update } = useListParams(['status', 'keyword'] as const);
  const status = values.status as TQuotationState | '';
  const keyword = values.keyword;
  const isAdmin = !useSession().user?.supplier;
  const { data: counts } = useQuery(supplierQuotationCountsQuery(keyword || undefined));
  const q = useQuery({ ...supplierQuotationsQuery({ status: status || undefined, keyword: keyword || undefined, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const columns: TListColumn<TQuotationItem>[] = [
    {
      id: 'subject',
      header: '报价对象',
      cell: (r) => (
        <>
          <AppLink to={`/admin/supplier/quotation/detail?id=${r.id}`} className="cell-title">
            {r.subject}
          </AppLink>
          {isAdmin && <div className="cell-meta">{r.supplierName}</div>}
        </>
      ),
    },
    { id: 'source', header: '来源', width: 64, cell: (r) => (r.demandId ? <span className="tag">求购</span> : <span className="tag tag-accent">询价</span>) },
    { id: 'version', header: '版本', width: 64, cell: (r) => `第${r.version}版` },
    { id: 'amount', header: '报价金额', width: 110, cellClassName: 'money', cell: (r) => formatMoney(r.totalAmount) },
    { id: 'validUntil', header: '有效期至', width: 100, cell: (r) => formatDay(r.validUntil) },
    { id: 'status', header: '状态', width: 80, cell: (r) => <StateBadge state={r.status} /> },
    { id: 'submittedAt', header: '提交时间', width: 130, cellClassName: 'small', cell: (r) => formatDateTime(r.submittedAt) },
    {
      id: 'actions',
      header: '操作',
      width: 120,
      cellClassName: 'actions',
      cell: (r) => (
        <>
          <AppLink className="btn btn-sm" to={`/admin/supplier/quotation/detail?id=${r.id}`}>
            详情
          </AppLink>
          {r.canRevise ? (
            <AppLink className="btn btn-sm btn-primary" to={r.demandId ? `/demand/quotation?demandId=${r.demandId}` : `/demand/quotation?inquiryId=${r.inquiryId}`} data-testid="revise-quotation">
              修改
            </AppLink>
          ) : (
            r.status === 'SUBMITTED' &&
            r.reviseBlocked && (
              <div className="muted small" data-testid="revise-blocked">
                {r.reviseBlocked}
              </div>
            )
          )}
        </>
      ),
    },
  ];
  return (
    <ListPage
      variant="trade"
      testId="supplier-quotations"
      title="报价管理"
      subtitle="您提交的全部报价。采购方处理前可以修改（生成新版本）或撤回。"
      actions={
        <>
          <SearchBox variant="trade" value={keyword} onSearch={(k) => update({ keyword: k })} placeholder="搜索求购/询价标题" label="搜索报价" maxLength={40} />
          <AppLink className="btn btn-primary btn-sm" to="/demand?status=active">
            去求购大厅找商机
          </AppLink>
        </>
      }
    >
      <section className="panel">
        <ListTabs
          variant="trade"
          active={status}
          onChange={(s) => update({ status: s })}
          tabs={(['', ...QUOTATION_STATES] as const).map((s) => ({ key: s, label: s ? QUOTATION_STATE_LABEL[s] : '全部', count: counts?.[s || 'ALL'] ?? 0 }))}
        />
        <ListBody
          variant="trade"
          query={q}
          columns={columns}
          getRowId={(r) => r.id}
          rowTestId="quotation-row"
          rowAttrs={(r) => ({ 'data-status': r.status })}
          empty={
            <div className="empty">
              <p>暂无{status ? QUOTATION_STATE_LABEL[status] : ''}报价</p>
              <AppLink className="btn btn-primary" to="/demand?status=active">
                浏览正在报价的求购
              </AppLink>
            </div>
          }
          onPage={(p) => update({ page: p })}
        />
      </section>
    </ListPage>
  );
}
