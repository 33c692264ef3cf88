import type { RentalBooking, RentalChange, RentalChangeQuote, RentalChangeRequest } from '@svc/sdk';
import { type FormEvent, useId, useState } from 'react';
import { type ApiFailure, rentalApi } from '../../../lib/rental-api';
import type { ChangeKind } from '../../../lib/rental-format';
import { ErrorText, FormCard, SubmitButton } from './form-card';
import { QuoteBlock } from './quote-block';
import { useIdempotentSubmit } from './use-idempotent-submit';

/** What every change form is given by the page. */
export type ChangeFormProps = {
  booking: RentalBooking;
  api: string;
  token: string;
  ready: boolean;
  onApplied(change: RentalChange): Promise<void>;
  onPayment(change: RentalChange): void;
};

/** What makes one kind of change: its title, its one field, the hint below it, and the request it sends. */
export type ChangeSpec = {
  kind: ChangeKind;
  title: string;
  field: {
    label: string;
    name: string;
    type: 'number' | 'date';
    inputMode?: 'numeric';
    min?: number | string;
    max?: number | string;
  };
  initial: string;
  hint: string;
  /** The request for the field's value, or the sentence that says what is wrong with it. */
  parse(value: string): RentalChangeRequest | string;
};

/** A date field's value, YYYY-MM-DD, or the sentence the form shows. */
export function parseDate(value: string, request: (date: string) => RentalChangeRequest): RentalChangeRequest | string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? request(value) : 'Choose a date.';
}

/** One change: its field, "See the price" (the quote), then the button that makes it. */
export function ChangeForm({
  spec,
  booking,
  api,
  token,
  ready,
  onApplied,
  onPayment,
}: ChangeFormProps & { spec: ChangeSpec }) {
  const { kind, field } = spec;
  const id = useId();
  const [value, setValue] = useState(spec.initial);
  const [quote, setQuote] = useState<RentalChangeQuote | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState<'quote' | 'change' | null>(null);
  const idempotent = useIdempotentSubmit();

  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = (message: string) => setError({ code: 'invalid_body', message, status: 0 });

  const seePrice = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = spec.parse(value);
    setQuote(null);
    if (typeof body === 'string') return invalid(body);
    setError(null);
    setBusy('quote');
    const res = await rentalApi.quote(api, token, body);
    setBusy(null);
    idempotent.forget();
    if (res.ok) setQuote(res.data);
    else setError(res.error);
  };

  const make = async () => {
    if (busy) return;
    const body = spec.parse(value);
    if (typeof body === 'string') return invalid(body);
    setError(null);
    setBusy('change');
    const res = await idempotent.submit((key) => rentalApi.change(api, token, body, key));
    setBusy(null);
    if (!res.ok) {
      // The API's own refusal (not a network error nor a 5xx, whose key is kept for the retry): a new quote.
      const final = res.error.code !== 'network' && res.error.status < 500;
      if (final && res.error.code !== 'processing' && res.error.code !== 'rate_limited') setQuote(null);
      return setError(res.error);
    }
    setQuote(null);
    const change = res.data;
    if (change.status === 'applied') {
      setValue(spec.initial);
      return onApplied(change);
    }
    if (change.status === 'requires_payment') return onPayment(change);
    if (change.status === 'pending')
      return setError({
        code: 'processing',
        message: 'Your change is being made. Reload the page in a moment to see it.',
        status: 0,
      });
    setError({
      code: 'refused',
      message: `The change could not be made${change.decline_code ? ': the card was declined' : ''}. Nothing was charged. Contact ${booking.company.name} if you need help.`,
      status: 0,
    });
  };

  return (
    <FormCard id={id} title={spec.title} onSubmit={seePrice} ready={ready}>
      <label htmlFor={inputId}>{field.label}</label>
      <input
        id={inputId}
        name={field.name}
        type={field.type}
        inputMode={field.inputMode}
        min={field.min}
        max={field.max}
        required
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setQuote(null);
          setError(null);
          idempotent.forget();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className="hint">
        {spec.hint}
      </p>
      <SubmitButton
        busy={busy === 'quote'}
        disabled={busy !== null}
        label="See the price"
        busyLabel="Getting the price…"
      />
      <div aria-live="polite">
        {error ? (
          <div>
            <ErrorText id={errorId} error={error} />
            {error.code === 'processing' ? (
              <button type="button" onClick={() => window.location.reload()}>
                Reload the page
              </button>
            ) : null}
          </div>
        ) : null}
        {quote ? (
          <QuoteBlock kind={kind} quote={quote} booking={booking} busy={busy === 'change'} onConfirm={make} />
        ) : null}
      </div>
    </FormCard>
  );
}
