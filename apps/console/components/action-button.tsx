'use client';

import { type ReactNode, useRef, useState } from 'react';
import type { ApiResult } from '../lib/api';
import { LiveRegion } from './live-region';

export type ActionButtonProps<T> = {
  /** What the button does; the API's answer decides what is announced. */
  action: () => Promise<ApiResult<T>>;
  children: ReactNode;
  /** Shown (and read) while the action runs, e.g. "Approving…". */
  pendingLabel?: string;
  /** Announced when it worked, e.g. "Order 1042 approved." Default: nothing said. */
  successMessage?: string | ((data: T) => string);
  onSuccess?: (data: T) => void;
  onError?: (message: string) => void;
  tone?: 'primary' | 'danger' | 'default';
  disabled?: boolean;
  /** For a row's buttons that all say "Approve": "Approve order 1042". */
  'aria-label'?: string;
};

/**
 * A button that runs an API action once at a time: while it runs it is marked disabled (aria-disabled, so
 * focus stays on it) and ignores clicks, so a double click sends one request. It shows progress, then
 * announces the outcome in a live region; an error stays visible as a sentence next to the button.
 */
export function ActionButton<T>(props: ActionButtonProps<T>) {
  const { action, children, pendingLabel, successMessage, onSuccess, onError, tone = 'default' } = props;
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean }>();

  async function run() {
    if (running.current || props.disabled) return;
    running.current = true;
    setPending(true);
    setSaid(undefined);
    try {
      const result = await action();
      if (result.ok) {
        const text = typeof successMessage === 'function' ? successMessage(result.data) : successMessage;
        if (text) setSaid({ text, error: false });
        onSuccess?.(result.data);
      } else {
        setSaid({ text: result.error.message, error: true });
        onError?.(result.error.message);
      }
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  const className = tone === 'primary' ? 'btn btn-primary' : tone === 'danger' ? 'btn btn-danger' : 'btn';
  return (
    <span className="action">
      <button
        type="button"
        className={className}
        onClick={run}
        aria-disabled={pending || props.disabled || undefined}
        aria-label={props['aria-label']}
      >
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {pending && pendingLabel ? pendingLabel : children}
      </button>
      {said?.error ? (
        <span className="action-error" role="alert">
          {said.text}
        </span>
      ) : null}
      <LiveRegion message={said && !said.error ? said.text : pending ? pendingLabel : undefined} />
    </span>
  );
}
