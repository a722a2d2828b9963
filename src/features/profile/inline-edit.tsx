// A profile row that turns into an input with save and cancel.
import { useState, type FormEvent } from 'react';
import type { TEnvelope } from '@contracts/api';
import { message } from '@/components/ui/toast';

export function InlineEdit({
  label,
  value,
  placeholder,
  maxLength,
  validate,
  save,
  testId,
}: {
  label: string;
  value: string | null;
  placeholder: string;
  maxLength: number;
  validate: (v: string) => string | null;
  save: (v: string) => Promise<TEnvelope<unknown>>;
  testId?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = draft.trim();
    const problem = validate(v);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const res = await save(v);
      if (res.code !== 200) return void setError(res.msg);
      message.success(res.msg || '已保存');
      setEditing(false);
    } catch {
      message.error('网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="profile-row" data-testid={testId}>
      <dt>{label}</dt>
      {editing ? (
        <form className="inline-form" onSubmit={submit} noValidate>
          <div className={`field${error ? ' field-invalid' : ''}`}>
            <input aria-label={label} value={draft} placeholder={placeholder} maxLength={maxLength} onChange={(e) => setDraft(e.target.value)} onBlur={() => setError(validate(draft.trim()))} autoFocus />
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            保存
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setEditing(false);
              setError(null);
              setDraft(value ?? '');
            }}
          >
            取消
          </button>
        </form>
      ) : (
        <>
          <dd>{value ?? <span className="muted">未设置</span>}</dd>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setDraft(value ?? '');
              setEditing(true);
            }}
          >
            修改
          </button>
        </>
      )}
    </div>
  );
}
