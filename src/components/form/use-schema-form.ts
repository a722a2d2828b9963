// The one form mechanism (issue 31, STYLE.md 15a): every form of the product keeps its values here
// and is checked by the request schema the server checks too (contracts/), so a message names the
// rule to the letter. A field's message appears when the field is left or the form is submitted,
// then follows the value on every change (another rule's message, or gone as soon as it is valid).
// Submitting is busy once: a second click while the first request runs sends nothing. Every form
// using this hook is listed in src/app/forms.registry.tsx, and forms.registry.test.tsx checks them all.
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ChangeEvent, type ClipboardEvent, type FocusEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { FORM_FIELD_ATTRIBUTE, FormDirtyContext } from './form-dirty';

export type TFieldErrors = Record<string, string>;

/** Maps zod issues to the first message per field path ("params.0.name") and per top-level field. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): TFieldErrors {
  const out: TFieldErrors = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '_';
    out[key] ??= i.message;
    out[String(i.path[0] ?? '_')] ??= i.message;
  }
  return out;
}

export { FORM_FIELD_ATTRIBUTE, FormDirtyContext, type TReportDirty } from './form-dirty';

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const sameErrors = (a: TFieldErrors, b: TFieldErrors) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

export function scrollToFirstError() {
  if (typeof window === 'undefined') return;
  window.requestAnimationFrame(() => {
    document.querySelector('.field-invalid, .bo-invalid, [aria-invalid="true"]')?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  });
}

export type TSchemaFormOptions<T extends Record<string, unknown>, Out> = {
  /** The request schema (or one chosen by the values, e.g. a phone or an e-mail tab). */
  schema: z.ZodType<Out> | ((values: T) => z.ZodType<Out>);
  /** The values the form starts from; when they change (a refetched record) untouched fields follow them. */
  initial: T;
  /**
   * What the form sends, built from the values (numbers from typed text, ids of picked things) and
   * the version being edited; messages are keyed by its paths.
   */
  toPayload?: (values: T, version: number | undefined) => unknown;
  /** Rules the schema cannot know (the old password once one is set) or a plainer message for a case: messages by field, over the schema's. */
  rules?: (values: T) => TFieldErrors;
  /** Fields whose text is trimmed as it is typed or pasted (SPEC §4: the auth forms). */
  trim?: readonly (keyof T & string)[];
  /** Called when a submit is refused by the check, with the messages shown (e.g. a toast naming the first). */
  onInvalid?: (messages: TFieldErrors) => void;
  /** The version of the record edited (optimistic concurrency): sent with the save, advanced by `saved()`. */
  version?: number;
};

export function useSchemaForm<T extends Record<string, unknown>, Out>(options: TSchemaFormOptions<T, Out>) {
  const { initial, toPayload, rules } = options;
  const [values, setValuesState] = useState<T>(initial);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // What `isDirty` compares with: the initial values, then the values last saved or reset.
  const [baseline, setBaseline] = useState<T>(initial);
  const touched = useRef(new Set<keyof T>());
  const submitting = useRef(false);

  const [version, setVersion] = useState(options.version);
  const [stale, setStale] = useState(false);
  const latest = useRef({ values, options, version });
  latest.current = { values, options, version };

  const found = useCallback((current: T = latest.current.values) => {
    const o = latest.current.options;
    const schema = typeof o.schema === 'function' ? o.schema(current) : o.schema;
    const parsed = schema.safeParse(o.toPayload ? o.toPayload(current, latest.current.version) : current);
    const messages = parsed.success ? {} : issuesByField(parsed.error.issues);
    Object.assign(messages, o.rules?.(current));
    return { parsed, messages, ok: parsed.success && Object.keys(messages).length === 0 };
  }, []);

  // While messages are shown, each follows its field's value: gone once valid, the current rule's otherwise.
  const payloadKey = JSON.stringify(toPayload ? toPayload(values, version) : values) + JSON.stringify(rules?.(values) ?? {});
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    setErrors((shown) => {
      const names = Object.keys(shown);
      if (names.length === 0) return shown;
      const { messages } = found();
      const next: TFieldErrors = {};
      for (const n of names) if (messages[n]) next[n] = messages[n];
      return sameErrors(next, shown) ? shown : next;
    });
  }, [payloadKey, found]);

  // A refetched record: fields the user has not touched take the new value (react-hook-form's keepDirtyValues).
  const initialKey = `${JSON.stringify(initial)}#${options.version}`;
  const seenInitial = useRef(initialKey);
  useEffect(() => {
    if (seenInitial.current === initialKey) return;
    seenInitial.current = initialKey;
    setValuesState((current) => {
      const next = { ...current };
      for (const key of Object.keys(initial) as (keyof T)[]) if (!touched.current.has(key)) next[key] = initial[key];
      return next;
    });
    setBaseline((b) => {
      const next = { ...b };
      for (const key of Object.keys(initial) as (keyof T)[]) if (!touched.current.has(key)) next[key] = initial[key];
      return next;
    });
    if (touched.current.size === 0) setVersion(latest.current.options.version);
  }, [initialKey]); // eslint-disable-line react-hooks/exhaustive-deps -- initialKey stands for initial

  const set = useCallback(
    <K extends keyof T>(key: K, value: T[K]) => {
      touched.current.add(key);
      const v = typeof value === 'string' && latest.current.options.trim?.includes(key as keyof T & string) ? (value.trim() as T[K]) : value;
      setValuesState((all) => ({ ...all, [key]: v }));
    },
    [],
  );
  const setValues = useCallback((update: Partial<T> | ((all: T) => T)) => {
    setValuesState((all) => {
      const next = typeof update === 'function' ? update(all) : { ...all, ...update };
      for (const k of Object.keys(next) as (keyof T)[]) if (next[k] !== all[k]) touched.current.add(k);
      return next;
    });
  }, []);

  const isDirty = useMemo(() => Object.keys(values).some((k) => !same(values[k], baseline[k])), [values, baseline]);
  // Reported after every change of the values (a save elsewhere on the page clears the guard's mark;
  // the next keystroke here marks it again), and withdrawn when the form leaves the page.
  const reportDirty = useContext(FormDirtyContext);
  const formKey = useRef({}).current;
  useEffect(() => {
    reportDirty?.(formKey, isDirty);
  }, [values, isDirty, reportDirty, formKey]);
  useEffect(() => () => reportDirty?.(formKey, null), [reportDirty, formKey]);
  // The values a submit sent: `saved()` makes them (not what was typed meanwhile) the clean state.
  const sent = useRef<T | null>(null);

  /** Shows (or clears) one field's message now and says whether it is valid (e.g. before sending a code). */
  const checkField = useCallback(
    (name: string) => {
      const message = found().messages[name];
      setErrors((shown) => {
        if (message) return shown[name] === message ? shown : { ...shown, [name]: message };
        if (!(name in shown)) return shown;
        const { [name]: _, ...rest } = shown;
        return rest;
      });
      return !message;
    },
    [found],
  );

  /**
   * For the <form>'s onBlur (React's bubbles): the field left shows its message, if any. A control
   * names its field (a path of the payload) by `data-field`, else by its `name`.
   */
  const onBlur = useCallback(
    (e: FocusEvent<HTMLElement>) => {
      const target = e.target as HTMLInputElement;
      const name = target.dataset?.field ?? target.name;
      if (!name) return;
      const message = found().messages[name];
      if (message) setErrors((shown) => (shown[name] === message ? shown : { ...shown, [name]: message }));
    },
    [found],
  );

  /** The submit's check: every message shown; the parsed payload when valid. */
  const check = useCallback((): Out | null => {
    const { parsed, messages, ok } = found();
    setErrors(messages);
    if (!ok || !parsed.success) {
      latest.current.options.onInvalid?.(messages);
      scrollToFirstError();
      return null;
    }
    return parsed.data;
  }, [found]);

  /**
   * Runs a submit: checks every field (showing the messages), then `send` with the parsed payload,
   * busy until it settles; while busy a second submit is ignored.
   */
  const run = useCallback(
    async (send: (payload: Out) => unknown) => {
      if (submitting.current) return;
      const payload = check();
      if (payload === null) return;
      submitting.current = true;
      setSubmitting(true);
      sent.current = latest.current.values;
      try {
        await send(payload);
      } finally {
        submitting.current = false;
        setSubmitting(false);
      }
    },
    [check],
  );

  /** The <form>'s onSubmit. */
  const handleSubmit = useCallback(
    (send: (payload: Out) => unknown) => (e?: FormEvent) => {
      e?.preventDefault();
      return run(send);
    },
    [run],
  );

  /** Props of a text control bound to a field: value, change and name (for the form's onBlur). */
  const field = <K extends keyof T & string>(name: K) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, e.target.value as T[K]),
    // A trimmed field takes a paste itself: the pasted text goes in at the selection, trimmed with the rest.
    onPaste: options.trim?.includes(name)
      ? (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
          const input = e.currentTarget as HTMLInputElement;
          if (typeof input.selectionStart !== 'number') return;
          e.preventDefault();
          const pasted = e.clipboardData.getData('text');
          const [start, end] = [input.selectionStart, input.selectionEnd ?? input.selectionStart];
          set(name, (input.value.slice(0, start) + pasted + input.value.slice(end)) as T[K]);
        }
      : undefined,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    [FORM_FIELD_ATTRIBUTE]: '',
  });

  return {
    values,
    set,
    setValues,
    errors,
    /** A message the server answered with, shown on its field until the value changes. */
    setError: useCallback((name: string, message: string) => setErrors((shown) => ({ ...shown, [name]: message })), []),
    clearErrors: useCallback(() => setErrors({}), []),
    field,
    onBlur,
    checkField,
    check,
    run,
    handleSubmit,
    isSubmitting,
    isDirty,
    /** Back to `next` (or the initial values) as the new clean state, without messages. */
    reset: useCallback(
      (next?: T) => {
        const to = next ?? latest.current.options.initial;
        touched.current.clear();
        setValuesState(to);
        setBaseline(to);
        setErrors({});
      },
      [],
    ),
    version,
    stale,
    /**
     * After a successful save: the values sent are the clean state and the record moved one version
     * on. A field typed into while the save ran keeps its text and stays an edit (a refetch does not
     * overwrite it).
     */
    saved: useCallback(() => {
      const saved = sent.current ?? latest.current.values;
      sent.current = null;
      const now = latest.current.values;
      for (const key of [...touched.current]) if (same(now[key], saved[key])) touched.current.delete(key);
      setBaseline(saved);
      setVersion((v) => (v === undefined ? v : v + 1));
      setStale(false);
    }, []),
    /** The save was refused because someone else changed the record (409): the page offers a reload. */
    conflict: useCallback(() => setStale(true), []),
    /** Adopts the latest version (from a refetch), keeping every field the user has typed into. */
    reload: useCallback(async (refetchVersion: () => Promise<number | undefined>) => {
      const next = await refetchVersion();
      if (next !== undefined) setVersion(next);
      setStale(false);
    }, []),
  };
}

export type TSchemaForm<T extends Record<string, unknown>, Out> = ReturnType<typeof useSchemaForm<T, Out>>;
