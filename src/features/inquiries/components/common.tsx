// Small pieces shared by the inquiry pages: state badge and the reply dialog.
import { INQUIRY_STATE_LABEL, ZReplyInput, type TInquiryState } from '@contracts/trade';
import { useSchemaForm } from '@/components/form/use-schema-form';
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

/**
 * A dialog asking for a text (reply or note) before calling `send`, on the form mechanism: checked by
 * the request schema the server checks (ZReplyInput), its message shows on leaving the field or
 * sending and goes once the text is valid; sending is busy once; a refusal keeps the text.
 */
export function TextDialog({
  title,
  intro,
  placeholder,
  presets = [],
  confirmText,
  onClose,
  send,
}: {
  title: string;
  intro?: React.ReactNode;
  placeholder: string;
  presets?: string[];
  confirmText: string;
  onClose: () => void;
  send: (text: string) => Promise<{ code: number; msg: string } | null>;
}) {
  const form = useSchemaForm({ schema: ZReplyInput, initial: { reply: '' } });
  const error = form.errors.reply;
  const submit = form.handleSubmit(async (payload) => {
    const res = await send(payload.reply);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) {
      form.setError('reply', res.msg);
      return void message.error(res.msg);
    }
    message.success(res.msg);
    onClose();
  });
  return (
    <Modal open onClose={onClose} title={title} width={520} testId="text-dialog">
      <form className="confirm-body" onSubmit={submit} onBlur={form.onBlur} noValidate>
        {intro}
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <textarea {...form.field('reply')} rows={5} maxLength={1000} placeholder={placeholder} aria-label={title} />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        {presets.length > 0 && (
          <div className="chip-row">
            {presets.map((p) => (
              <button key={p} type="button" className="chip" title={p} onClick={() => form.set('reply', p)}>
                {p.length > 16 ? `${p.slice(0, 16)}…` : p}
              </button>
            ))}
          </div>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting} data-testid="text-dialog-submit">
            {form.isSubmitting ? '发送中...' : confirmText}
          </button>
        </div>
      </form>
    </Modal>
  );
}
