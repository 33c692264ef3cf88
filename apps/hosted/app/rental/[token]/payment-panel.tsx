import { PaymentComponent } from '@svc/booking-ui';
import type { RentalBooking, RentalChange } from '@svc/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { rentalApi } from '../../../lib/rental-api';
import { changeSummary, KIND_LABEL, money } from '../../../lib/rental-format';

type Props = {
  change: RentalChange;
  booking: RentalBooking;
  api: string;
  token: string;
  onApplied(change: RentalChange): Promise<void>;
};

type PayFn = () => Promise<{ error?: string }>;

/** The page's primary color (lib/rental-css.ts), for Stripe's Payment Element. */
const COLOR = '#1d4ed8';

/**
 * A paid change that waits for the customer: the bank asked for authentication, the saved card was
 * declined, or no card is saved. The processor's own card component, as on /book (booking-ui's
 * PaymentComponent): Stripe's Payment Element on the company's connected account for Stripe companies, the
 * sandbox's look-alike otherwise; confirmed there with the change's client secret, then applied by our API
 * (POST /rental/v1/changes/{id}/confirm). A bank's 3-D Secure page that redirects comes back to this page
 * with ?change=<id> (rental-view.tsx confirms it there).
 */
export function PaymentPanel({ change, booking, api, token, onApplied }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [pay, setPay] = useState<PayFn | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [returnUrl, setReturnUrl] = useState<string | null>(null);
  const amount = money(change.amounts.gross_total, change.amounts.currency);
  const secret = change.client_secret;
  const { kind, publishable_key, account } = booking.processor;

  // The payment component takes the change's client secret and the company's processor.
  const intent = useMemo(
    () => (secret ? { client_secret: secret, processor: { kind, publishable_key, account } } : null),
    [secret, kind, publishable_key, account],
  );
  const onReady = useCallback((fn: PayFn | null) => setPay(() => fn), []);

  useEffect(() => {
    heading.current?.focus();
    setReturnUrl(`${window.location.origin}${window.location.pathname}?change=${encodeURIComponent(change.id)}`);
  }, [change.id]);

  const submit = async () => {
    if (!pay || busy) return;
    setBusy(true);
    setError(null);
    const paid = await pay();
    if (paid.error) {
      setBusy(false);
      return setError(paid.error);
    }
    const done = await rentalApi.confirm(api, token, change.id);
    setBusy(false);
    if (done.ok && done.data.status === 'applied') return onApplied(done.data);
    setError(
      done.ok ? 'The payment did not go through, so nothing was changed. Try another card.' : done.error.message,
    );
  };

  const why =
    change.decline_code === 'authentication_required'
      ? 'Your bank asks you to confirm this payment, so nothing was changed yet.'
      : change.decline_code
        ? 'The card you booked with was declined, so nothing was changed yet.'
        : booking.card_saved
          ? 'Your bank asks you to confirm this payment.'
          : 'No card is saved with this booking.';

  return (
    <section aria-labelledby="rb-pay" className="card">
      <h2 id="rb-pay" ref={heading} tabIndex={-1}>
        Pay {amount} for this change
      </h2>
      <p>
        {KIND_LABEL[change.kind]}: {changeSummary(change)}.
      </p>
      <p>{why} Enter a card to pay and make the change.</p>
      <div className="payment-slot">
        {intent && returnUrl ? (
          <PaymentComponent intent={intent} apiBaseUrl={api} returnUrl={returnUrl} color={COLOR} onReady={onReady} />
        ) : null}
      </div>
      <button type="button" className="primary" disabled={!pay || busy} onClick={submit}>
        {busy ? 'Paying…' : `Pay ${amount}`}
      </button>
      <div aria-live="polite">{error ? <p className="error">{error}</p> : null}</div>
    </section>
  );
}
