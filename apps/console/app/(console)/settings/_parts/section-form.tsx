'use client';

import type { ReactNode } from 'react';
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

/** A checkbox bound to a path: its label after it, any problem under it. */
export function Check({ form, path, label }: { form: Form; path: string; label: string }) {
  const error = form.errors.fields[path];
  return (
    <div className="field field-check">
      <label>
        <input type="checkbox" aria-invalid={error ? true : undefined} {...form.check(path)} /> {label}
      </label>
      {error ? <span className="error">{error}</span> : null}
    </div>
  );
}

/** A money input: dollars, two decimals. */
export const money = { kind: 'nullable-number' as const, inputMode: 'decimal' as const };
