// Small pieces shared by the inquiry pages: state badge, pager and the reply dialog.
import { useState } from 'react';
import { INQUIRY_STATE_LABEL, type TInquiryState } from '@contracts/trade';
import { Modal } from '@/components/ui/modal';
import { message } from '@/components/ui/toast';

const TONE: Record<TInquiryState, string> = { NEW: 'warning', REPLIED: 'success', CLOSED: 'muted' };

export function InquiryBadge({ state }: { state: TInquiryState }) {
  return (
    <span className={`state-badge state-${TONE[state]}`} data-state={state}>
      {INQUIRY_STATE_LABEL[state]}
    </span>
  );
}

export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  return (
    <nav className="pagination" aria-label="分页">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      {Array.from({ length: Math.min(5, pages) }, (_, i) => from + i).map((p) => (
        <button key={p} type="button" className={p === page ? 'active' : ''} aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
          {p}
        </button>
      ))}
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </button>
      <span className="pagination-total">共 {total} 条</span>
    </nav>
  );
}

/** A dialog asking for a text (reply or note) before calling `send`. */
export function TextDialog({
  title,
  intro,
  placeholder,
  presets = [],
  confirmText,
  minLength = 2,
  onClose,
  send,
}: {
  title: string;
  intro?: React.ReactNode;
  placeholder: string;
  presets?: string[];
  confirmText: string;
  minLength?: number;
  onClose: () => void;
  send: (text: string) => Promise<{ code: number; msg: string } | null>;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const value = text.trim();
    if (value.length < minLength) return setError(`内容至少${minLength}个字`);
    setError(null);
    setBusy(true);
    try {
      const res = await send(value);
      if (!res) return void message.error('网络异常，请稍后再试');
      if (res.code !== 200) return void message.error(res.msg);
      message.success(res.msg);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title={title} width={520} testId="text-dialog">
      <div className="confirm-body">
        {intro}
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <textarea rows={5} maxLength={1000} value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} aria-label={title} />
          {error && <p className="field-error">{error}</p>}
        </div>
        {presets.length > 0 && (
          <div className="chip-row">
            {presets.map((p) => (
              <button key={p} type="button" className="chip" onClick={() => setText(p)}>
                {p.length > 16 ? `${p.slice(0, 16)}…` : p}
              </button>
            ))}
          </div>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit()} data-testid="text-dialog-submit">
            {busy ? '发送中...' : confirmText}
          </button>
        </div>
      </div>
    </Modal>
  );
}
