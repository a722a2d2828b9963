// A small form state hook for the auth and profile forms (SPEC §4): input is trimmed on input and
// on paste, each field is validated when it loses focus, and all fields on submit.
import { useCallback, useState, type ClipboardEvent, type ChangeEvent } from 'react';
import type { z } from 'zod';

export type TValidator<T> = (value: string, all: T) => string | null;

export const fromZod =
  <T>(schema: z.ZodType): TValidator<T> =>
  (value) => {
    const r = schema.safeParse(value);
    return r.success ? null : (r.error.issues[0]?.message ?? null);
  };

export function useForm<T extends Record<string, string>>(initial: T, validators: Partial<Record<keyof T, TValidator<T>>>, opts: { trim?: (keyof T)[] } = {}) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const trimmed = (name: keyof T) => !opts.trim || opts.trim.includes(name);

  const validateField = useCallback(
    (name: keyof T, all: T) => {
      const v = validators[name];
      const error = v ? v(String(all[name] ?? ''), all) : null;
      setErrors((e) => ({ ...e, [name]: error ?? undefined }));
      return error;
    },
    [validators],
  );

  const setValue = (name: keyof T, value: string) => setValues((all) => ({ ...all, [name]: value }));

  const bind = (name: keyof T) => ({
    name: String(name),
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, trimmed(name) ? e.target.value.trim() : e.target.value),
    onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
      if (!trimmed(name)) return;
      e.preventDefault();
      const input = e.currentTarget;
      const pasted = e.clipboardData.getData('text');
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? input.value.length;
      setValue(name, (input.value.slice(0, start) + pasted + input.value.slice(end)).trim());
    },
    onBlur: () => validateField(name, values),
    'aria-invalid': errors[name] ? true : undefined,
  });

  const validateAll = (names: (keyof T)[] = Object.keys(validators) as (keyof T)[]) => {
    let ok = true;
    const next: Partial<Record<keyof T, string>> = {};
    for (const name of names) {
      const error = validators[name]?.(String(values[name] ?? ''), values) ?? null;
      if (error) {
        ok = false;
        next[name] = error;
      }
    }
    setErrors(next);
    return ok;
  };

  return {
    values,
    errors,
    bind,
    setValue,
    validateField: (name: keyof T) => validateField(name, values),
    validateAll,
    clearErrors: () => setErrors({}),
    setError: (name: keyof T, error: string) => setErrors((e) => ({ ...e, [name]: error })),
    reset: () => {
      setValues(initial);
      setErrors({});
    },
  };
}
