import type { ReactNode } from 'react';
import { useHydrated } from '../ui/hydrated';

/**
 * A booking form's frame, the same for every kind: the form's sections, and beside them its price panel,
 * the form's own error, and the button to payment (or, in preview, a button that says ordering is off).
 */
export function FormShell(props: {
  /** The form-level error's id (focus goes there when the error has no field). */
  errorId: string;
  error: string | undefined;
  busy: boolean;
  /** preview=1: the sentence above the form, and the label of the button that does nothing. */
  preview?: { note: string; button: string };
  onSubmit(): void;
  price: ReactNode;
  children: ReactNode;
}) {
  const { preview } = props;
  const previewId = `${props.errorId}-preview`;
  const hydrated = useHydrated();
  return (
    <form
      className="layout"
      noValidate
      // Until the flow runs, nothing can be typed or chosen: a server-rendered field would lose it.
      inert={!hydrated}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
      aria-describedby={preview ? previewId : undefined}
    >
      <div className="row">
        {preview ? (
          <p className="note" id={previewId}>
            {preview.note}
          </p>
        ) : null}
        {props.children}
      </div>
      <div className="row aside">
        {props.price}
        <div className="alert" role="alert" id={props.errorId} tabIndex={-1}>
          {props.error ?? ''}
        </div>
        {preview ? (
          <button type="button" className="btn" aria-disabled="true" aria-describedby={previewId}>
            {preview.button}
          </button>
        ) : (
          <button type="submit" className="btn" disabled={props.busy || !hydrated}>
            {props.busy ? <span className="spin" aria-hidden="true" /> : null}
            {props.busy ? 'Checking…' : 'Continue to payment'}
          </button>
        )}
        <p className="hint">Nothing is charged until you confirm the payment on the next step.</p>
      </div>
    </form>
  );
}
