// Form state for the back-office editors: values, per-field errors from the shared zod contract
// (keyed by path, e.g. "params.2.value"), and a check of one field when it loses focus.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

export type TErrors = Record<string, string>;

export function issuesToErrors(error: z.ZodError): TErrors {
  const out: TErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    out[key] ??= issue.message;
  }
  return out;
}

export function useZodForm<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<TErrors>({});

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!e[key as string]) return e;
      const next = { ...e };
      delete next[key as string];
      return next;
    });
  }, []);

  /** Parses `body` with the schema; on failure shows every field's first message and returns null. */
  const check = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> | null => {
    const r = schema.safeParse(body);
    if (r.success) {
      setErrors({});
      return r.data;
    }
    setErrors(issuesToErrors(r.error));
    return null;
  };

  /** Checks one field of an object schema with the value it will be sent as. */
  const checkField = (schema: z.ZodObject, key: string, value: unknown) => {
    const field = schema.shape[key] as z.ZodType | undefined;
    if (!field) return;
    const r = field.safeParse(value);
    setErrors((e) => {
      const next = { ...e };
      if (r.success) delete next[key];
      else next[key] = r.error.issues[0]?.message ?? '格式错误';
      return next;
    });
  };

  return { values, setValues, set, errors, setErrors, check, checkField };
}

/** '' → null, otherwise the number (NaN stays NaN so the schema reports it). */
export const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * A form over a server record that may be refetched while the user edits it (another window, an
 * invalidation after a sibling form's save): a refetch only updates the fields the user has not
 * touched (react-hook-form's keepDirtyValues), and the version sent with the save stays the one the
 * edit started from until the user reloads after a 409 or a save succeeds.
 */
export function useServerForm<T extends Record<string, unknown>>(server: T, serverVersion: number) {
  const form = useZodForm(server);
  const dirty = useRef(new Set<keyof T>());
  const [version, setVersion] = useState(serverVersion);
  const [stale, setStale] = useState(false);
  const serverKey = JSON.stringify(server);
  const { setValues } = form;

  useEffect(() => {
    setValues((current) => {
      const next = { ...current };
      for (const key of Object.keys(server) as (keyof T)[]) if (!dirty.current.has(key)) next[key] = server[key];
      return next;
    });
    if (dirty.current.size === 0) setVersion(serverVersion);
  }, [serverKey, serverVersion]); // eslint-disable-line react-hooks/exhaustive-deps -- serverKey stands for server

  const set = useCallback(
    <K extends keyof T>(key: K, value: T[K]) => {
      dirty.current.add(key);
      form.set(key, value);
    },
    [form.set], // eslint-disable-line react-hooks/exhaustive-deps -- form.set is stable
  );

  return {
    ...form,
    set,
    version,
    stale,
    /** After a successful save: nothing is dirty any more and the record moved one version on. */
    saved: () => {
      dirty.current.clear();
      setVersion((v) => v + 1);
      setStale(false);
    },
    conflict: () => setStale(true),
    /** Refetches and adopts the latest version, keeping every field the user has typed into. */
    reload: async (refetchVersion: () => Promise<number | undefined>) => {
      const latest = await refetchVersion();
      if (latest !== undefined) setVersion(latest);
      setStale(false);
    },
  };
}

/**
 * The version an editor started from (undefined for a new record), a 409 flag for the reload banner,
 * and a reload that adopts the latest version without touching the user's input.
 */
export function useEditVersion(initial: number | undefined) {
  const [version, setVersion] = useState(initial);
  const [stale, setStale] = useState(false);
  return {
    version,
    stale,
    conflict: () => setStale(true),
    saved: () => setVersion((v) => (v === undefined ? v : v + 1)),
    reload: async (refetchVersion: () => Promise<number | undefined>) => {
      const latest = await refetchVersion();
      if (latest !== undefined) setVersion(latest);
      setStale(false);
    },
  };
}
