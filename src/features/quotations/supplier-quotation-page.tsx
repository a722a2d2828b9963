// /admin/supplier/quotation — the supplier's quotations by state with their current version.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatMoney, QUOTATION_STATE_LABEL, QUOTATION_STATES, type TQuotationState } from '@contracts/trade';
import { formatDateTime, formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { useSession } from '@/shared/session';
import { Pager } from '@/components/ui/pager';
import { supplierQuotationCountsQuery, supplierQuotationsQuery } from './api/quotations-api';
import { StateBadge } from './components/common';
import '@/styles/trade.css';

const PAGE_SIZE = 15;

export default function SupplierQuotationPage() {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as TQuotationState | '';
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(keyword);
  const isAdmin = !useSession().user?.supplier;
  const { data: counts } = useQuery(supplierQuotationCountsQuery(keyword || undefined));
  const { data, isLoading, error } = useQuery({ ...supplierQuotationsQuery({ status: status || undefined, keyword: keyword || undefined, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const setQuery = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next);
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ keyword: draft.trim() || undefined });
  };
  return (
    <div className="trade-admin" data-testid="supplier-quotations">
      <header className="admin-page-head">
        <div>
          <h1 className="admin-page-title">报价管理</h1>
          <p className="muted">您提交的全部报价。采购方处理前可以修改（生成新版本）或撤回。</p>
        </div>
        <div className="head-actions">
          <form className="mini-search" onSubmit={onSearch}>
            <input value={draft} maxLength={40} placeholder="搜索求购/询价标题" aria-label="搜索报价" onChange={(e) => setDraft(e.target.value)} />
            <button type="submit" className="btn btn-sm">
              搜索
            </button>
          </form>
          <AppLink className="btn btn-primary btn-sm" to="/demand?status=active">
            去求购大厅找商机
          </AppLink>
        </div>
      </header>
      <section className="panel">
        <div className="state-tabs" role="tablist">
            {(['', ...QUOTATION_STATES] as const).map((s) => (
              <button key={s || 'all'} type="button" role="tab" aria-selected={status === s} className={status === s ? 'active' : ''} onClick={() => setQuery({ status: s || undefined })}>
                {s ? QUOTATION_STATE_LABEL[s] : '全部'}
                <span className="count">{counts?.[s || 'ALL'] ?? 0}</span>
              </button>
            ))}
        </div>
        {isLoading && <div className="empty">加载中...</div>}
        {error && <div className="empty">{(error as Error).message}</div>}
        {data && data.items.length === 0 && (
          <div className="empty">
            <p>暂无{status ? QUOTATION_STATE_LABEL[status] : ''}报价</p>
            <AppLink className="btn btn-primary" to="/demand?status=active">
              浏览正在报价的求购
            </AppLink>
          </div>
        )}
        {data && data.items.length > 0 && (
          <table className="trade-table">
            <thead>
              <tr>
                <th>报价对象</th>
                <th style={{ width: 64 }}>来源</th>
                <th style={{ width: 64 }}>版本</th>
                <th style={{ width: 110 }}>报价金额</th>
                <th style={{ width: 100 }}>有效期至</th>
                <th style={{ width: 80 }}>状态</th>
                <th style={{ width: 130 }}>提交时间</th>
                <th style={{ width: 120 }}>操作</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((q) => (
                <tr key={q.id} data-testid="quotation-row" data-status={q.status}>
                  <td>
                    <AppLink to={`/admin/supplier/quotation/detail?id=${q.id}`} className="cell-title">
                      {q.subject}
                    </AppLink>
                    {isAdmin && <div className="cell-meta">{q.supplierName}</div>}
                  </td>
                  <td>{q.demandId ? <span className="tag">求购</span> : <span className="tag tag-accent">询价</span>}</td>
                  <td>第{q.version}版</td>
                  <td className="money">{formatMoney(q.totalAmount)}</td>
                  <td>{formatDay(q.validUntil)}</td>
                  <td>
                    <StateBadge state={q.status} />
                  </td>
                  <td className="small">{formatDateTime(q.submittedAt)}</td>
                  <td className="actions">
                    <AppLink className="btn btn-sm" to={`/admin/supplier/quotation/detail?id=${q.id}`}>
                      详情
                    </AppLink>
                    {q.canRevise ? (
                      <AppLink className="btn btn-sm btn-primary" to={q.demandId ? `/demand/quotation?demandId=${q.demandId}` : `/demand/quotation?inquiryId=${q.inquiryId}`} data-testid="revise-quotation">
                        修改
                      </AppLink>
                    ) : (
                      q.status === 'SUBMITTED' &&
                      q.reviseBlocked && (
                        <div className="muted small" data-testid="revise-blocked">
                          {q.reviseBlocked}
                        </div>
                      )
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && <Pager variant="trade" page={page} pageSize={PAGE_SIZE} total={data.total} onChange={(p) => setQuery({ page: String(p) })} />}
      </section>
    </div>
  );
}
