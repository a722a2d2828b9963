// 询价数据 → 响应质量: the figures buyers see of this supplier and every row they are computed from,
// so the supplier can check each one (spam marked by the platform is listed but not counted).
import { useQuery } from '@tanstack/react-query';
import { formatReplyTime, RESPONSE_EXPLAINED, RESPONSE_WINDOW_DAYS } from '@contracts/response-quality';
import { formatDateTime } from '@contracts/time';
import { ResponseBlock } from '@/components/ui/response-figures';
import { supplierResponseQuery } from '../api/supplier-response';

const QUOTATION_STATUS: Record<string, string> = { SUBMITTED: '已提交', ACCEPTED: '已中标', REJECTED: '已拒绝', WITHDRAWN: '已撤回', EXPIRED: '已过期', NOT_SELECTED: '未中选' };

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
      <h3 className="response-rows-title">收到的询价（{data.inquiries.length} 条）</h3>
      <p className="muted small">{RESPONSE_EXPLAINED.medianReply}</p>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th>询价</th>
              <th>来源</th>
              <th>收到时间</th>
              <th>首次回复</th>
              <th>计入用时</th>
              <th>是否计入</th>
            </tr>
          </thead>
          <tbody>
            {data.inquiries.map((i) => (
              <tr key={i.id}>
                <td>{i.subject}</td>
                <td>{i.kind === 'quick' ? '平台分发' : '商品询价'}</td>
                <td>{formatDateTime(i.receivedAt)}</td>
                <td>{i.firstReplyAt ? formatDateTime(i.firstReplyAt) : '未回复'}</td>
                <td>{i.replyMinutes === null ? '—' : formatReplyTime(i.replyMinutes)}</td>
                <td>{i.spam ? '不计入（平台判定为垃圾询价）' : '计入'}</td>
              </tr>
            ))}
            {data.inquiries.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  近{RESPONSE_WINDOW_DAYS}天没有收到询价
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <h3 className="response-rows-title">提交的报价（{data.quotations.length} 份）</h3>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th>报价编号</th>
              <th>来源</th>
              <th>状态</th>
              <th>提交时间</th>
              <th>采购方首次查看</th>
              <th>查看后撤回</th>
            </tr>
          </thead>
          <tbody>
            {data.quotations.map((q) => (
              <tr key={q.id}>
                <td>#{q.id}</td>
                <td>{q.source === 'demand' ? '求购报价' : '询价报价'}</td>
                <td>{QUOTATION_STATUS[q.status] ?? q.status}</td>
                <td>{formatDateTime(q.submittedAt)}</td>
                <td>{q.buyerOpenedAt ? formatDateTime(q.buyerOpenedAt) : '未查看'}</td>
                <td>{q.withdrawnAfterOpen ? '是' : '—'}</td>
              </tr>
            ))}
            {data.quotations.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  近{RESPONSE_WINDOW_DAYS}天没有提交报价
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
