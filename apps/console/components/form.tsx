'use client';

import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../lib/api';
import { type FormErrors, mapApiError } from '../lib/form-errors';

export { type FormErrors, mapApiError };

/**
 * A form that sends once: `submit` gets the form's values and returns the API's answer. While it runs a second
 * submit is ignored (a double click or Enter twice sends one request); an error lands on its field (focused)
 * or in the form's message (announced); `onSuccess` gets the data and the form (to reset it).
 */
export function useApiForm<T>(
  submit: (values: FormData) => Promise<ApiResult<T>>,
  onSuccess?: (data: T, form: HTMLFormElement) => void | Promise<void>,
) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const running = useRef(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (running.current) return;
      running.current = true;
      setPending(true);
      const form = event.currentTarget;
      try {
        const result = await submit(new FormData(form));
        if (result.ok) {
          setErrors({ fields: {} });
          await onSuccess?.(result.data, form);
          return;
        }
        const names = Array.from(form.elements)
          .map((e) => (e as HTMLInputElement).name)
          .filter(Boolean);
        const mapped = mapApiError(result.error, names);
        setErrors(mapped);
        const first = Object.keys(mapped.fields)[0];
        // After the render that marks it invalid, so the error is read with the field.
        if (first) setTimeout(() => (form.elements.namedItem(first) as HTMLElement | null)?.focus?.(), 0);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [submit, onSuccess],
  );

  return {
    onSubmit,
    /**
     * Spread on the <form>: POST, so a submit before the page's script runs never puts a password in the
     * address, and `data-ready` once it handles submits itself (tests wait for it, as a person's click would).
     */
    formProps: { onSubmit, method: 'post', noValidate: true, 'data-ready': ready || undefined } as const,
    pending,
    errors: errors.fields,
    formError: errors.form,
    /** For checks made in the page before calling the API (e.g. two passwords that differ). */
    setErrors,
  };
}

/** The form's own message (an error that belongs to no field): an alert, read out when it appears. */
export function FormMessage({ message }: { message?: string }) {
  return (
    <div role="alert" className={message ? 'notice tone-danger' : undefined}>
      {message}
    </div>
  );
}

/**
 * The submit button of a useApiForm: marked disabled (aria-disabled, so keyboard focus stays on it) with a
 * spinner while the request runs; the form ignores a second submit meanwhile.
 */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
}) {
  return (
    <button type="submit" className="btn btn-primary" aria-disabled={pending || undefined}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
