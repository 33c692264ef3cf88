'use client';

import type { ConsolePaths } from '@svc/sdk/console';
import { useRef, useState } from 'react';
import { type ApiError, api, call } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/types';

export type Settings = Schemas['Settings'];

/** What every section's form gets: its values as loaded, and what to do once saved. */
export type SectionProps<T> = { initial: T; onSaved: (s: Settings) => void };
type Json = Record<string, unknown>;
/** The sections a save goes to: POST /settings/<section>. */
export type SectionName = Extract<keyof ConsolePaths, `/settings/${string}`> extends `/settings/${infer N}` ? N : never;
export type BindKind = 'text' | 'number' | 'nullable-number' | 'optional-number' | 'nullable-text';

/** Every problem of a refused save by its field (`sizes.0.prices.d7`), as the API names them. */
export function errorsOf(error: ApiError): { fields: Record<string, string>; form?: string } {
  const issues = (error.details as { issues?: { field: string; message: string }[] } | undefined)?.issues;
  const list = issues ?? (error.field ? [{ field: error.field, message: error.message }] : []);
  const fields = Object.fromEntries(list.map((i) => [i.field, sentence(i.message)]));
  return list.length
    ? { fields, form: list.length > 1 ? `${list.length} fields need a change.` : undefined }
    : { fields, form: error.message };
}

const sentence = (m: string) => {
  const s = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
};

const get = (obj: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), obj);

function set<T>(obj: T, path: string, value: unknown): T {
  const copy = structuredClone(obj) as Json;
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node: Json = copy;
  for (const k of keys) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Json;
  }
  node[last] = value;
  return copy as T;
}

/**
 * A settings section's form state: its values (as GET /settings gave them), `bind(path)` for a control, the
 * save (POST /settings/<section>, once at a time) and every problem next to its field.
 */
export function useSection<T extends object>(section: SectionName, initial: T, onSaved: (s: Settings) => void) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const [pending, setPending] = useState(false);
  const running = useRef(false);

  const update = (path: string, value: unknown) => setValues((v) => set(v, path, value));

  const bind = (path: string, kind: BindKind = 'text') => {
    const raw = get(values, path);
    return {
      name: path,
      value: raw === null || raw === undefined ? '' : String(raw),
      error: errors.fields[path],
      onChange: (e: { target: { value: string } }) => {
        const text = e.target.value;
        if (kind === 'text') return update(path, text);
        if (kind === 'nullable-text') return update(path, text.trim() === '' ? null : text);
        // A number the API checks (a typo stays a typo, so its sentence says what is wrong).
        const empty = kind === 'optional-number' ? undefined : null;
        const n = text.trim() === '' ? empty : Number(text);
        return update(path, kind === 'number' && n === null ? '' : Number.isNaN(n) ? text : n);
      },
    };
  };

  const check = (path: string) => ({
    name: path,
    checked: get(values, path) === true,
    onChange: (e: { target: { checked: boolean } }) => update(path, e.target.checked),
  });

  async function save(event: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    setPending(true);
    const form = event.currentTarget;
    try {
      // The form's values as they stand (a typo stays a typo): the API checks them and names what is wrong.
      const result = await call(api.POST(`/settings/${section}`, { body: values as never }));
      if (result.ok) {
        setErrors({ fields: {} });
        onSaved(result.data);
        return;
      }
      const found = errorsOf(result.error);
      setErrors(found);
      const first = Object.keys(found.fields)[0];
      if (first) setTimeout(() => (form.elements.namedItem(first) as HTMLElement | null)?.focus?.(), 0);
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  return { values, setValues, update, bind, check, save, pending, errors };
}

/** What the form's parts (inputs, rows, the form itself) use of a section's state, whatever its values' type. */
export type SectionFormApi = Omit<ReturnType<typeof useSection<object>>, 'setValues' | 'values'> & { values: unknown };
