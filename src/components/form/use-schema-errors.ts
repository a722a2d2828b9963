// Field messages of a form checked by its request schema (the contracts' zod schema the server
// checks too): a field's message appears when the field is left or the form is submitted, follows
// the value while it is shown (another rule's message, or gone as soon as the value is valid), and
// never outlives the mistake it named. Forms with plain string fields use ./use-form.ts instead.
import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import type { z } from 'zod';

/** Maps a zod error to the first message per field path ("params.0.name") and per top-level field. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '_';
    if (!out[key]) out[key] = i.message;
    const top = String(i.path[0] ?? '_');
    if (!out[top]) out[top] = i.message;
  }
  return out;
}

const sameErrors = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/**
 * `payload` is what the form would send now (built on every render); `schema` the request schema.
 * Returns the messages to show, `check()` for the submit (shows every message; the parsed payload
 * or null), `onBlur` for the form element (shows the message of the field left, by its `name`)
 * and `setErrors` for messages the server answered with.
 */
export function useSchemaErrors<S extends z.ZodType>(schema: S, payload: unknown) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(payload);
  latest.current = payload;
  const found = useCallback(() => {
    const parsed = schema.safeParse(latest.current);
    return { parsed, messages: parsed.success ? {} : issuesByField(parsed.error.issues) };
  }, [schema]);

  // While messages are shown, each follows its field's value: gone once valid, the current rule's otherwise.
  const key = JSON.stringify(payload);
  useEffect(() => {
    setErrors((shown) => {
      const names = Object.keys(shown);
      if (names.length === 0) return shown;
      const { messages } = found();
      const next: Record<string, string> = {};
      for (const n of names) if (messages[n]) next[n] = messages[n];
      return sameErrors(next, shown) ? shown : next;
    });
  }, [key, found]);

  /** The submit's check: every message shown; the parsed payload when valid. */
  const check = useCallback((): z.output<S> | null => {
    const { parsed, messages } = found();
    setErrors(messages);
    return parsed.success ? parsed.data : null;
  }, [found]);

  /** For the <form>'s onBlur (React's bubbles): the field left shows its message, if any. */
  const onBlur = useCallback(
    (e: FocusEvent<HTMLElement>) => {
      const name = (e.target as HTMLInputElement).name;
      if (!name) return;
      const message = found().messages[name];
      setErrors((shown) => (message && shown[name] !== message ? { ...shown, [name]: message } : shown));
    },
    [found],
  );

  return { errors, check, onBlur, setErrors };
}
