'use client';

import type { ReactNode } from 'react';
import { Field } from '../../../../components/field';
import { Check, Input } from './section-form';
import type { BindKind, SectionFormApi } from './use-section';

type Form = SectionFormApi;

export type Column = {
  field: string;
  label: string;
  kind?: BindKind | 'check';
  type?: string;
  options?: readonly (readonly [string, string])[];
};

/**
 * An editable list of a section (closed days, promo codes, loads, windows, materials): one fieldset a row, a
 * Remove button each and an Add button. Each control is named by its path (`closed_dates.2.reason`), so the
 * API's problem for that path shows under it.
 */
export function Rows({
  form,
  path,
  columns,
  blank,
  noun,
  title,
  more,
}: {
  form: Form;
  path: string;
  columns: Column[];
  blank: () => Record<string, unknown>;
  noun: string;
  title: (row: Record<string, unknown>, i: number) => string;
  /** More of a row under its fields (a material's prices by size). */
  more?: (i: number) => ReactNode;
}) {
  const rows = (path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], form.values) ??
    []) as Record<string, unknown>[];
  const listError = form.errors.fields[path];
  return (
    <div className="rows">
      {listError ? (
        <p className="error" role="alert">
          {listError}
        </p>
      ) : null}
      {rows.map((row, i) => (
        <fieldset key={i} className="row-card">
          <legend>{title(row, i)}</legend>
          <div className="field-row">
            {columns.map((c) =>
              c.kind === 'check' ? (
                <Check key={c.field} form={form} path={`${path}.${i}.${c.field}`} label={c.label} />
              ) : c.options ? (
                <Select key={c.field} form={form} path={`${path}.${i}.${c.field}`} column={c} />
              ) : (
                <Input
                  key={c.field}
                  form={form}
                  path={`${path}.${i}.${c.field}`}
                  label={c.label}
                  kind={c.kind}
                  type={c.type}
                />
              ),
            )}
          </div>
          {more?.(i)}
          <button
            type="button"
            className="btn btn-link"
            onClick={() =>
              form.update(
                path,
                rows.filter((_, j) => j !== i),
              )
            }
            aria-label={`Remove ${title(row, i)}`}
          >
            Remove
          </button>
        </fieldset>
      ))}
      <p>
        <button type="button" className="btn" onClick={() => form.update(path, [...rows, blank()])}>
          Add {noun}
        </button>
      </p>
    </div>
  );
}

function Select({ form, path, column }: { form: Form; path: string; column: Column }) {
  const { error, value, onChange } = form.bind(path);
  return (
    <Field label={column.label} name={path} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={onChange}>
          {column.options?.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
