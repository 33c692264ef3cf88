'use client';

import { type ReactNode, useId, useState } from 'react';
import { Field } from '../../../../components/field';
import { FormMessage, SubmitButton } from '../../../../components/form';
import type { SectionFormApi } from './use-section';

type Form = SectionFormApi;

/** A section's <form>: its fields, the form's own message and one Save button (a double click saves once). */
export function SectionForm({ form, children, label }: { form: Form; children: ReactNode; label: string }) {
  return (
    <form onSubmit={form.save} method="post" noValidate aria-label={label}>
      <FormMessage message={form.errors.form} />
      {children}
      <div className="form-actions">
        <SubmitButton pending={form.pending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}

/** A text or number input bound to a path of the section's values. */
export function Input({
  form,
  path,
  label,
  kind = 'text',
  type,
  hint,
  ...rest
}: {
  form: Form;
  path: string;
  label: string;
  kind?: Parameters<Form['bind']>[1];
  type?: string;
  hint?: string;
  step?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  const { error, ...bound } = form.bind(path, kind);
  return <Field label={label} error={error} hint={hint} type={type ?? 'text'} {...rest} {...bound} />;
}

/** A checkbox bound to a path: its label after it, any problem under it and read with it. */
export function Check({ form, path, label }: { form: Form; path: string; label: string }) {
  const error = form.errors.fields[path];
  const errorId = `e${useId()}`;
  return (
    <div className="field field-check">
      <label>
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.check(path)}
        />{' '}
        {label}
      </label>
      {error ? (
        <span className="error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A longer text (terms, a list of ZIP codes) bound to a path; `lines` keeps a list of strings, one a line. */
export function TextArea({
  form,
  path,
  label,
  hint,
  lines,
  rows = 4,
}: {
  form: Form;
  path: string;
  label: string;
  hint?: string;
  /** The value is a list: split on lines and commas; `nullWhenEmpty` saves an empty list as null. */
  lines?: { nullWhenEmpty?: boolean };
  rows?: number;
}) {
  const { error, value, onChange } = form.bind(path);
  // A list is typed as text (one a line); the values keep the list without the empty lines.
  // (Only a list is kept as typed: a plain text's value is a string, which has no lines to join.)
  const [text, setText] = useState(() => (lines ? (listAt(form, path) ?? []).join('\n') : ''));
  // A list's problem is named by its item (`service_zips.3`): shown under the whole list.
  const listError = lines
    ? Object.entries(form.errors.fields).find(([k]) => k === path || k.startsWith(`${path}.`))?.[1]
    : undefined;
  return (
    <Field label={label} name={path} hint={hint} error={error ?? listError}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          value={lines ? text : value}
          onChange={(e) => {
            if (!lines) return onChange(e);
            setText(e.target.value);
            const items = e.target.value
              .split(/[\n,]+/)
              .map((x) => x.trim())
              .filter(Boolean);
            form.update(path, lines.nullWhenEmpty && items.length === 0 ? null : items);
          }}
        />
      )}
    </Field>
  );
}

const listAt = (form: Form, path: string) =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], form.values) as
    | string[]
    | null
    | undefined;

/** A money input: dollars, two decimals. */
export const money = { kind: 'nullable-number' as const, inputMode: 'decimal' as const };
