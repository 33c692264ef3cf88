'use client';

import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ApiResult } from '../lib/api';

export type ConfirmDialogProps<T> = {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two ("The customer's card is released; they get an e-mail."). */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  tone?: 'primary' | 'danger';
  /** Runs once per click of confirm (a second click while it runs is ignored); an error stays in the dialog. */
  onConfirm: () => Promise<ApiResult<T>>;
  onDone: (data: T) => void;
  onCancel: () => void;
};

/**
 * A modal question before an action that cannot be undone. The native <dialog> opened with showModal():
 * the rest of the page is inert (focus stays inside), Esc closes it, focus starts on Cancel (the safe
 * choice) and returns to what opened it.
 */
export function ConfirmDialog<T>(props: ConfirmDialogProps<T>) {
  const { open, title, children, confirmLabel, pendingLabel, tone = 'primary', onConfirm, onDone, onCancel } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      setError(undefined);
      d.showModal();
      cancelButton.current?.focus();
    } else if (!open && d.open) {
      d.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  async function confirm() {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setError(undefined);
    try {
      const result = await onConfirm();
      if (result.ok) onDone(result.data);
      else setError(result.error.message);
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(e) => {
        // Esc: close through the page's state, never while the action runs.
        e.preventDefault();
        if (!running.current) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-body`}>{children}</div>
      <div role="alert">{error ? <p className="notice tone-danger">{error}</p> : null}</div>
      <div className="form-actions">
        <button type="button" ref={cancelButton} className="btn" onClick={() => !running.current && onCancel()}>
          Cancel
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={confirm}
          aria-disabled={pending || undefined}
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
