// /admin/supplier/inquiry — inquiries a supplier received (product inquiries and quick inquiries the
// platform routed to it), by state, with reply, quote and close actions.
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { INQUIRY_STATE_LABEL, INQUIRY_STATES, inquiryClosable, QUOTATION_STATE_LABEL, quotationWithdrawable, type TInquiryItem, type TInquiryState } from '@contracts/trade';
import { formatDateTime, timeAgo } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { ListPage, ListState, ListTabs, useListParams } from '@/components/data-table';
import { closeInquiry, replyInquiry, supplierInquiriesQuery, supplierInquiryCountsQuery } from './api/inquiries-api';
import { InquiryBadge, TextDialog } from './components/common';
import '@/styles/trade.css';

const PAGE_SIZE = 10;
const PRESETS = ['您好，感谢询价！该产品现货供应，含税价格请见报价单，我们的销售工程师将尽快与您电话联系。', '您好，该型号需要根据配置确认价格，请问您的具体检测需求和预算范围？', '您好，该产品交货期约4周，含安装调试与培训，欢迎来电沟通。'];

export default function SupplierInquiryPage() {
  const queryClient = useQueryClient();
  const { values, page, update } = useListParams(['status', 'id'] as const);
  const status = values.status as TInquiryState | '';
  const focusId = Number(values.id) || 0;
  const { data: counts } = useQuery(supplierInquiryCountsQuery());
  const q = useQuery({ ...supplierInquiriesQuery({ status: status || undefined, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const [expanded, setExpanded] = useState<number | null>(focusId || null);
  const [replying, setReplying] = useState<TInquiryItem | null>(null);
  useEffect(() => {
    if (!focusId) return;
    setExpanded(focusId);
    document.querySelector(`[data-inquiry="${focusId}"]`)?.scrollIntoView({ block: 'center' });
  }, [focusId, q.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['inquiries'] });
  const [closing, setClosing] = useState<number | null>(null);
  const onClose = async (i: TInquiryItem) => {
    if (closing !== null) return;
    // Closing withdraws this supplier's own pending quotation on the inquiry (the server does it in the same step).
    const pending = i.quotation && quotationWithdrawable(i.quotation.status);
    if (!window.confirm(pending ? '关闭后将不能再回复或报价，您未处理的报价将随之撤回。确定关闭该询价吗？' : '关闭后将不能再回复或报价，确定关闭该询价吗？')) return;
    setClosing(i.id);
    try {
      const res = await closeInquiry(i.id).catch(() => null);
      if (!res) return void message.error('网络异常，请稍后再试');
      if (res.code !== 200) return void message.error(res.msg);
      message.success('询价已关闭');
      await refresh();
      await queryClient.invalidateQueries({ queryKey: ['quotations'] });
    } finally {
      setClosing(null);
    }
  };

  return (
    <ListPage
      variant="trade"
      testId="supplier-inquiries"
      title="询价管理"
      subtitle="及时回复询价可以提高成交率。平均响应时间会显示在询价数据中。"
      actions={
        <AppLink className="btn" to="/admin/supplier/inquiry/data">
          查看询价数据
        </AppLink>
      }
    >
      <section className="panel">
        <ListTabs
          variant="trade"
          active={status}
          onChange={(s) => update({ status: s, id: '' })}
          tabs={(['', ...INQUIRY_STATES] as const).map((s) => ({ key: s, label: s ? INQUIRY_STATE_LABEL[s] : '全部', count: counts?.[s || 'ALL'] ?? 0, hot: s === 'NEW' }))}
        />
        <ListState
          variant="trade"
          query={q}
          empty={
            <div className="empty">
              <p>暂无{status ? INQUIRY_STATE_LABEL[status] : ''}询价</p>
              <p className="muted">完善店铺商品信息，可以获得更多询价和平台分发的快速询价。</p>
            </div>
          }
          onPage={(p) => update({ page: p, id: '' })}
        >
          {(items) => (
            <ul className="inbox">
              {items.map((i) => {
                const open = expanded === i.id;
                return (
                  <li key={i.id} className={`inbox-item${open ? ' open' : ''}${i.status === 'NEW' ? ' unread' : ''}`} data-inquiry={i.id} data-testid="inquiry-item">
                    <button type="button" className="inbox-head" onClick={() => setExpanded(open ? null : i.id)} aria-expanded={open}>
                      <span className="inbox-subject">
                        {i.status === 'NEW' && <span className="dot" aria-hidden />}
                        <strong title={i.subject}>{i.subject}</strong>
                        {i.fromQuick ? <span className="tag tag-accent">平台分发</span> : <span className="tag">商品询价</span>}
                      </span>
                      <span className="inbox-meta" title={`${i.contactName ?? '—'}${i.companyName ? ` · ${i.companyName}` : ''} · ${i.quantity ?? '—'}${i.unit ?? ''}`}>
                        {i.contactName ?? '—'}
                        {i.companyName ? ` · ${i.companyName}` : ''} · {i.quantity ?? '—'}
                        {i.unit ?? ''}
                      </span>
                      <InquiryBadge state={i.status} />
                      <span className="muted small inbox-time" title={formatDateTime(i.createdAt)}>
                        {timeAgo(i.createdAt)}
                      </span>
                    </button>
                    {open && (
                      <div className="inbox-body">
                        <dl className="fact-grid">
                          <div>
                            <dt>联系人</dt>
                            <dd>{i.contactName ?? '—'}</dd>
                          </div>
                          <div>
                            <dt>联系电话</dt>
                            <dd>{i.contactPhone ?? '—'}</dd>
                          </div>
                          <div>
                            <dt>单位</dt>
                            <dd>{i.companyName ?? '—'}</dd>
                          </div>
                          <div>
                            <dt>采购数量</dt>
                            <dd>
                              {i.quantity ?? '—'} {i.unit ?? ''}
                            </dd>
                          </div>
                          <div>
                            <dt>询价时间</dt>
                            <dd>{formatDateTime(i.createdAt)}</dd>
                          </div>
                          {i.productId && (
                            <div>
                              <dt>相关商品</dt>
                              <dd>
                                <AppLink to={`/shop/detail/${i.productId}.html`}>查看商品</AppLink>
                              </dd>
                            </div>
                          )}
                        </dl>
                        {i.message && (
                          <div className="msg-box">
                            <span className="reply-label">询价内容</span>
                            <p className="pre-wrap">{i.message}</p>
                          </div>
                        )}
                        {i.reply && (
                          <div className="reply-box">
                            <span className="reply-label">我的回复 · {formatDateTime(i.repliedAt)}</span>
                            <p className="pre-wrap">{i.reply}</p>
                          </div>
                        )}
                        <div className="inbox-actions">
                          {i.status === 'NEW' && (
                            <button type="button" className="btn btn-primary btn-sm" onClick={() => setReplying(i)} data-testid="reply-inquiry">
                              回复
                            </button>
                          )}
                          {i.quotation ? (
                            <AppLink className="btn btn-sm" to={`/admin/supplier/quotation/detail?id=${i.quotation.id}`}>
                              查看报价（{QUOTATION_STATE_LABEL[i.quotation.status]}）
                            </AppLink>
                          ) : (
                            i.status !== 'CLOSED' && (
                              <AppLink className="btn btn-accent btn-sm" to={`/demand/quotation?inquiryId=${i.id}`}>
                                正式报价
                              </AppLink>
                            )
                          )}
                          {inquiryClosable(i.status) && (
                            <button type="button" className="btn btn-sm" disabled={closing === i.id} onClick={() => void onClose(i)}>
                              {closing === i.id ? '关闭中...' : '关闭'}
                            </button>
                          )}
                        </div>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </ListState>
      </section>
      {replying && (
        <TextDialog
          title="回复询价"
          intro={
            <p className="muted">
              回复“{replying.subject}”，询价人将收到{replying.fromQuick ? '短信' : '站内'}通知。
            </p>
          }
          placeholder="请输入回复内容，如价格区间、交货期、联系方式等"
          presets={PRESETS}
          confirmText="发送回复"
          onClose={() => {
            setReplying(null);
            void refresh();
          }}
          send={(text) => replyInquiry(replying.id, text).catch(() => null)}
        />
      )}
    </ListPage>
  );
}
