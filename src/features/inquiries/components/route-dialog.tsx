// The admin's dialog for forwarding a quick inquiry to suppliers picked by name (approved ones only).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUICK_ROUTE_MAX, type TQuickInquiryItem } from '@contracts/trade';
import { Modal } from '@/components/ui/modal';
import { message } from '@/components/ui/toast';
import { routableSuppliersQuery, routeQuickInquiry } from '../api/inquiries-api';

export function RouteDialog({ inquiry, onClose }: { inquiry: TQuickInquiryItem; onClose: (changed: boolean) => void }) {
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const list = useQuery({ ...routableSuppliersQuery(search), placeholderData: keepPreviousData });
  const routed = new Set(inquiry.routedTo.map((r) => r.supplierId));
  const toggle = (id: number, name: string) => {
    if (!picked.has(id) && picked.size >= QUICK_ROUTE_MAX) return void message.warning(`一次最多分发给${QUICK_ROUTE_MAX}家供应商`);
    const next = new Map(picked);
    if (!next.delete(id)) next.set(id, name);
    setPicked(next);
  };
  const submit = async () => {
    if (picked.size === 0) return void message.warning('请选择供应商');
    setBusy(true);
    try {
      const res = await routeQuickInquiry(inquiry.id, [...picked.keys()]).catch(() => null);
      if (!res) return void message.error('网络异常，请稍后再试');
      if (res.code !== 200) return void message.error(res.msg);
      message.success(res.msg);
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={() => onClose(false)} title="分发给供应商" width={600} testId="route-dialog">
      <div className="confirm-body">
        <p className="muted">
          “{inquiry.subject}” × {inquiry.quantity}
          {inquiry.unit} · 已通过审核的供应商会收到询价与采购方的联系方式
        </p>
        <form
          className="route-search"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(keyword.trim());
          }}
        >
          <input value={keyword} maxLength={60} placeholder="输入供应商名称搜索" aria-label="供应商名称" onChange={(e) => setKeyword(e.target.value)} />
          <button type="submit" className="btn btn-sm">
            搜索
          </button>
        </form>
        <ul className="route-options" data-testid="route-options">
          {list.isLoading && <li className="muted">加载中...</li>}
          {list.data && list.data.items.length === 0 && <li className="muted">没有找到已通过审核的供应商</li>}
          {list.data?.items.map((s) => {
            const already = routed.has(s.id);
            return (
              <li key={s.id}>
                <label className={already ? 'muted' : undefined}>
                  <input type="checkbox" disabled={already} checked={already || picked.has(s.id)} onChange={() => toggle(s.id, s.companyName)} />
                  <span>{s.companyName}</span>
                  <span className="muted small">
                    {[s.province, s.city].filter(Boolean).join(' ')}
                    {already ? ' · 已分发' : ''}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {picked.size > 0 && <p className="small">已选：{[...picked.values()].join('、')}</p>}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => onClose(false)}>
            取消
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit()} data-testid="route-submit">
            {busy ? '分发中...' : `分发（${picked.size}）`}
          </button>
        </div>
      </div>
    </Modal>
  );
}
