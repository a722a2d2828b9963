// /verify/comparison/{code} — public, no login: an approver holding a printed 比价单 checks its
// figures against what the platform issued the 核验码 for, and whether they still hold; a decided
// sheet's supplier response figures as kept at the decision.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatYuan, MARK_TEXT, responseBasis, VERIFY_CODE_RE, type TComparisonVerify } from '@contracts/comparison';
import { RESPONSE_WINDOW_DAYS } from '@contracts/response-quality';
import { QUOTATION_STATE_LABEL } from '@contracts/trade';
import { formatDateTime } from '@contracts/time';
import { DataTable, type TListColumn } from '@/components/data-table';
import { ResponseSummary } from '@/components/ui/response-figures';
import { verifyComparisonQuery } from './api/quotations-api';
import { AwardRecord, DecisionRecord } from './components/decision-record';
import '@/styles/trade.css';

const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export default function VerifyComparisonPage() {
  const { code = '' } = useParams();
  const wanted = normalise(code);
  const valid = VERIFY_CODE_RE.test(wanted);
  const { data, error, isLoading } = useQuery({ ...verifyComparisonQuery(wanted), enabled: valid });
  return (
    <div className="container trade-page verify-page" data-testid="verify-comparison">
      <div className="page-head">
        <h1>比价单核验</h1>
        <p className="muted">核对纸质或电子比价单上的供应商报价与决策记录是否与平台记录一致。</p>
      </div>
      {!valid ? (
        <div className="notice notice-danger" data-testid="verify-error">
          核验码无效，请核对比价单上的12位核验码
        </div>
      ) : isLoading ? (
        <div className="panel empty">核验中...</div>
      ) : error || !data ? (
        <div className="notice notice-danger" data-testid="verify-error">
          {(error as Error | null)?.message ?? '核验失败，请稍后再试'}
        </div>
      ) : (
        <VerifiedSheet data={data} />
      )}
      <CodeForm initial={wanted} />
    </div>
  );
}

function VerifiedSheet({ data }: { data: TComparisonVerify }) {
  const unit = data.demand.unit;
  return (
    <>
      {data.current ? (
        <div className="notice notice-success" data-testid="verify-status" data-current="true">
          核验通过：本核验码对应的比价数据与平台当前记录一致。请逐项核对下列数字与纸质比价单是否相同。
        </div>
      ) : (
        <div className="notice notice-warning" data-testid="verify-status" data-current="false">
          本核验码对应 {formatDateTime(data.issuedAt)} 导出的比价单，此后报价或决策已有变化（如供应商更新报价、已选定供应商），平台当前数据与此单不同。下列为该单导出时的数据，请向经办人索取最新比价单。
        </div>
      )}
      <section className="panel verify-summary">
        <dl>
          <div>
            <dt>求购标题</dt>
            <dd data-testid="verify-title">{data.demand.title}</dd>
          </div>
          <div>
            <dt>单据编号</dt>
            <dd data-testid="verify-document-no">{data.documentNo}</dd>
          </div>
          <div>
            <dt>采购数量</dt>
            <dd>
              {data.demand.quantity}
              {unit}
            </dd>
          </div>
          <div>
            <dt>核验码</dt>
            <dd className="verify-code">{data.code}</dd>
          </div>
          <div>
            <dt>首次导出</dt>
            <dd>{formatDateTime(data.issuedAt)}（北京时间）</dd>
          </div>
        </dl>
      </section>
      <section className="panel">
        <h2 className="panel-title">供应商报价</h2>
        <div className="compare-scroll">
          <DataTable rows={data.columns} columns={verifyColumns(data)} getRowId={(c) => `${c.supplierName}-${c.version}`} variant="trade" className="verify-table" rowTestId="verify-row" rowAttrs={(c) => ({ 'data-supplier': c.supplierName, className: c.compared ? undefined : 'dim' })} />
        </div>
        {data.responseAt ? (
          <p className="muted small" data-testid="verify-response-basis">
            供应商响应为采购方选定供应商时（{formatDateTime(data.responseAt)}，北京时间）平台统计的近{RESPONSE_WINDOW_DAYS}天数据，此后不再变化。
          </p>
        ) : (
          <p className="muted small" data-testid="verify-response-basis">
            比价单上的供应商响应为导出时统计，随时间变化，不在核验范围内；选定供应商后导出的比价单按决定时统计核验。
          </p>
        )}
      </section>
      {data.decision ? (
        <DecisionRecord decision={data.decision} demand={data.demand} documentNo={data.documentNo} />
      ) : (
        <section className="panel decision-record" data-testid="decision-record">
          <h2>决策记录</h2>
          <p className="muted">导出时尚未选定供应商。</p>
        </section>
      )}
      <AwardRecord records={data.approvals ?? []} />
    </>
  );
}

type TVerifyRow = TComparisonVerify['columns'][number];

/** The printed sheet's rows: 最低价 is judged per unit, marked on the 比价单价 first so a phone shows it unscrolled. */
function verifyColumns(data: TComparisonVerify): TListColumn<TVerifyRow>[] {
  const unit = data.demand.unit;
  const columns: TListColumn<TVerifyRow>[] = [
    {
      id: 'supplier',
      header: '供应商',
      cell: (c) => (
        <>
          {c.supplierName} <span className="muted small">第{c.version}版</span>
        </>
      ),
    },
    {
      id: 'status',
      header: '状态',
      cell: (c) => (
        <>
          {QUOTATION_STATE_LABEL[c.status]}
          {!c.compared && <span className="muted small">（不参与比价）</span>}
        </>
      ),
    },
    {
      id: 'unitPrice',
      header: '比价单价（最低价按此比较）',
      label: '比价单价',
      className: 'money',
      cell: (c) => (
        <span className={c.lowestPrice ? 'mark-price' : undefined} data-testid="verify-unit-price">
          {formatYuan(c.unitPrice)}/{unit}（{c.quantity}
          {unit}）{c.quantity !== data.demand.quantity && <span className="qty-flag">与需求数量不符</span>}
          {c.lowestPrice && <span className="mark-tag">{MARK_TEXT.price}</span>}
        </span>
      ),
    },
    { id: 'comparableTotal', header: '比价金额', className: 'money', cell: (c) => formatYuan(c.comparableTotal) },
    { id: 'totalAmount', header: '报价总额', className: 'money', cell: (c) => formatYuan(c.totalAmount) },
    {
      id: 'lead',
      header: '交货期',
      cell: (c) => (
        <span className={c.shortestLead ? 'mark-lead' : undefined}>
          {c.leadTimeDays} 天{c.shortestLead && <span className="mark-tag lead">{MARK_TEXT.lead}</span>}
        </span>
      ),
    },
  ];
  // 响应质量 (issue 37): only a decided sheet carries figures, those kept at the decision.
  if (data.responseAt) {
    columns.push({
      id: 'response',
      header: `供应商响应（${responseBasis(data.responseAt)}）`,
      label: '供应商响应',
      cell: (c) => (c.response ? <ResponseSummary figures={c.response} /> : <span className="muted">—</span>),
    });
  }
  return columns;
}

function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = normalise(code);
    if (next) navigate(`/verify/comparison/${encodeURIComponent(next)}`);
  };
  return (
    <form className="panel verify-form" onSubmit={submit} data-unsaved-guard="off">
      <label htmlFor="verify-code-input">核验其他比价单</label>
      <input id="verify-code-input" value={code} maxLength={20} placeholder="输入比价单上的12位核验码" onChange={(e) => setCode(e.target.value)} />
      <button type="submit" className="btn btn-primary">
        核验
      </button>
    </form>
  );
}
