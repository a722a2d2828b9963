// Small pieces shared by the inquiry pages: state badge and the reply dialog.
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
