import type { ReactNode } from 'react';

/**
 * Accessible form parts every form of ours uses: a label, hint and error tied to each input, an error line
 * that is always in the DOM (nothing moves when it appears), titled sections.
 */
type Errors<F extends string> = Partial<Record<F, string>>;
type FieldProps<F extends string> = { id: (f: F) => string; errors: Errors<F> };

/** The error line under a field: always in the DOM (so nothing moves when it appears), announced. */
export function ErrorText<F extends string>({ id, field, errors }: FieldProps<F> & { field: F }) {
  return (
    <span className="err" id={`${id(field)}-err`}>
      {errors[field] ?? ''}
    </span>
  );
}

/** Attributes that tie an input to its label, hint and error. */
export function described<F extends string>(id: (f: F) => string, errors: Errors<F>, field: F, hint = false) {
  const ids = [hint ? `${id(field)}-hint` : '', errors[field] ? `${id(field)}-err` : ''].filter(Boolean).join(' ');
  return {
    id: id(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

export function TextField<F extends string>(
  props: FieldProps<F> & {
    field: F;
    label: string;
    value: string;
    onChange(value: string): void;
    onBlur?(): void;
    type?: 'text' | 'email' | 'tel';
    autoComplete?: string;
    inputMode?: 'numeric' | 'text' | 'email' | 'tel';
    hint?: string;
    maxLength?: number;
  },
) {
  return (
    <div>
      <label htmlFor={props.id(props.field)}>
        {props.label}
        {props.hint ? (
          <span className="hint" id={`${props.id(props.field)}-hint`}>
            {props.hint}
          </span>
        ) : null}
      </label>
      <input
        type={props.type ?? 'text'}
        {...described(props.id, props.errors, props.field, Boolean(props.hint))}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength ?? 200}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      <ErrorText {...props} />
    </div>
  );
}

/** A titled part of the form; `id` is a base for the heading's id (fields keep the plain ids). */
export function Section(props: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** What a text field takes beyond its binding to an answer. */
export type TextOptions = {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  hint?: string;
  maxLength?: number;
  /** Instead of storing the typed value as it is (say, upper-cased first). */
  onChange?(value: string): void;
  onBlur?(): void;
};

/**
 * Text fields bound to a form's answers: `text(field, label, options)` gives the field its label, value,
 * change and error in one call. `K` are the answers that are text fields, named as their errors are.
 */
export function textFields<A, K extends keyof A & string>(form: {
  answers: A;
  set(patch: Partial<A>): void;
  id(f: K): string;
  errors: Partial<Record<K, string>>;
}) {
  return (field: K, label: string, options: TextOptions = {}) => (
    <TextField
      id={form.id}
      errors={form.errors}
      field={field}
      label={label}
      value={String(form.answers[field] ?? '')}
      {...options}
      onChange={options.onChange ?? ((value) => form.set({ [field]: value } as Partial<A>))}
    />
  );
}
