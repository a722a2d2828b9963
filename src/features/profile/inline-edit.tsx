// A profile row that turns into an input with save and cancel, on the form mechanism: the value is
// checked by the request schema the server checks (contracts/member.ts), its message shows when the
// field is left or saved and goes as soon as the value is valid; saving is busy once; a refusal keeps
// what was typed and shows the server's message on the field. Cancel puts the row back as it was.
import { useState } from 'react';
import type { z } from 'zod';
import type { TEnvelope } from '@contracts/api';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { message } from '@/components/ui/toast';

export function InlineEdit<K extends string>({
  label,
  name,
  schema,
  value,
  placeholder,
  maxLength,
  save,
  testId,
}: {
  label: string;
  /** The request's field (and the input's name). */
  name: K;
  /** The request the server checks, e.g. ZUpdateRname. */
  schema: z.ZodType<Record<K, string>>;
  value: string | null;
  placeholder: string;
  maxLength: number;
  save: (v: string) => Promise<TEnvelope<unknown>>;
  testId?: string;
}) {
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm({ schema, initial: { [name]: value ?? '' } as Record<K, string> });
  const error = form.errors[name];
  const close = () => {
    form.reset({ [name]: value ?? '' } as Record<K, string>);
    setEditing(false);
  };
  const submit = form.handleSubmit(async (payload) => {
    try {
      const res = await save(payload[name]);
      if (res.code !== 200) return void form.setError(name, res.msg);
      form.saved();
      message.success(res.msg || '已保存');
      setEditing(false);
    } catch {
      message.error('网络异常，请稍后再试');
    }
  });
  return (
    <div className="profile-row" data-testid={testId}>
      <dt>{label}</dt>
      {editing ? (
        <form className="inline-form" onSubmit={submit} onBlur={form.onBlur} noValidate>
          <div className={`field${error ? ' field-invalid' : ''}`}>
            <input {...form.field(name)} aria-label={label} placeholder={placeholder} maxLength={maxLength} autoFocus />
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
            {form.isSubmitting ? '保存中...' : '保存'}
          </button>
          <button type="button" className="btn" onClick={close}>
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
              form.reset({ [name]: value ?? '' } as Record<K, string>);
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
