import type { FormEvent, ReactNode } from 'react';

type CardProps = {
  /** The form's useId(): its title is `${id}-title`. */
  id: string;
  title: string;
  onSubmit(event: FormEvent): unknown;
  /** The page's script runs (the form works): marked for the tests, as `data-ready`. */
  ready: boolean;
  children: ReactNode;
};

/** A form of the page as a card, named by its title; the browser's own validation left to the form. */
export function FormCard({ id, title, onSubmit, ready, children }: CardProps) {
  return (
    <form
      className="card"
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
      noValidate
      data-ready={ready ? '' : undefined}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      {children}
    </form>
  );
}

/** The form's button: `label`, or `busyLabel` while its request is out; disabled then (or while `disabled`). */
export function SubmitButton({
  busy,
  disabled = busy,
  label,
  busyLabel,
  primary,
}: {
  busy: boolean;
  disabled?: boolean;
  label: string;
  busyLabel: string;
  primary?: boolean;
}) {
  return (
    <button type="submit" className={primary ? 'primary' : undefined} disabled={disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** What is wrong, as a sentence with the id a field's aria-describedby names; nothing without an error. */
export function ErrorText({ id, error }: { id: string; error: { message: string } | null }) {
  return error ? (
    <p id={id} className="error">
      {error.message}
    </p>
  ) : null;
}

/** The same in a live region, read out as it appears. */
export function LiveError(props: { id: string; error: { message: string } | null }) {
  return (
    <div aria-live="polite">
      <ErrorText {...props} />
    </div>
  );
}
