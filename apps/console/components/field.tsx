import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** What a custom control must carry to be labelled and described like Field's own input. */
export type ControlProps = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'name'> & {
  label: string;
  name: string;
  /** The sentence the API or the page gave for this field; shown under it and read with it. */
  error?: string;
  hint?: ReactNode;
  /** Another control (select, textarea): render it with the props given. Default: an <input>. */
  children?: (control: ControlProps) => ReactNode;
};

/**
 * A labelled form control. Its hint and error are linked with aria-describedby, so a screen reader reads the
 * error with the field; aria-invalid marks it for styles and assistive tech. Form (use-api-form) focuses the
 * first field in error, by name.
 */
export function Field({ label, name, error, hint, children, id: givenId, ...input }: FieldProps) {
  const auto = useId();
  const id = givenId ?? `f${auto}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {children ? children(control) : <input {...input} {...control} />}
      {error ? (
        <span className="error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
