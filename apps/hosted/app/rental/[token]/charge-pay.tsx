import { PaymentComponent } from '@svc/booking-ui';
import type { RentalBooking } from '@svc/sdk';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ApiFailure } from '../../../lib/rental-api';
import { money } from '../../../lib/rental-format';
import type { RentalCharge } from './charge-format';
import { chargesApi } from './charges-api';

type Props = {
  charge: RentalCharge;
  booking: RentalBooking;
  api: string;
  token: string;
  ready: boolean;
  onPaid(charge: RentalCharge): Promise<void>;
};

type PayFn = () => Promise<{ error?: string }>;

/** The page's primary color (lib/rental-css.ts), for Stripe's Payment Element. */
const COLOR = '#1d4ed8';

/**
 * An owed charge (the saved card was declined) paid on the page: "Pay with a card" asks the API for the
 * payment (POST …/charges/{id}/pay), the processor's own card component confirms it (booking-ui's
 * PaymentComponent: the sandbox's card form, or Stripe's Payment Element), then POST …/confirm records it paid.
 * A bank's 3-D Secure page that redirects comes back with ?charge=<id> (charges-section.tsx confirms it there).
 */
export function ChargePay({ charge, booking, api, token, ready, onPaid }: Props) {
  const id = useId();
  const [secret, setSecret] = useState<string | null>(null);
  const [pay, setPay] = useState<PayFn | null>(null);
  const [busy, setBusy] = useState<'start' | 'pay' | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [returnUrl, setReturnUrl] = useState<string | null>(null);
  const amount = money(charge.gross_total, charge.currency);
  const { kind, publishable_key, account } = booking.processor;

  const intent = useMemo(
    () => (secret ? { client_secret: secret, processor: { kind, publishable_key, account } } : null),
    [secret, kind, publishable_key, account],
  );
  const onReady = useCallback((fn: PayFn | null) => setPay(() => fn), []);

  useEffect(() => {
    setReturnUrl(
      `${window.location.origin}${window.location.pathname}?charge=${encodeURIComponent(charge.id)}#charges`,
    );
  }, [charge.id]);

  const settled = async (paid: RentalCharge) => {
    if (paid.status === 'paid' || paid.status === 'charged') return onPaid(paid);
    setError({ code: 'unconfirmed', message: 'The payment did not go through. Try another card.', status: 0 });
  };

  const start = async () => {
    if (busy) return;
    setBusy('start');
    setError(null);
    const res = await chargesApi.pay(api, token, charge.id);
    setBusy(null);
    if (!res.ok) return setError(res.error);
    if (res.data.client_secret) return setSecret(res.data.client_secret);
    return settled(res.data.charge);
  };

  const submit = async () => {
    if (!pay || busy) return;
    setBusy('pay');
    setError(null);
    const paid = await pay();
    if (paid.error) {
      setBusy(null);
      return setError({ code: 'card', message: paid.error, status: 0 });
    }
    const done = await chargesApi.confirm(api, token, charge.id);
    setBusy(null);
    if (!done.ok) return setError(done.error);
    return settled(done.data.charge);
  };

  return (
    <div className="rb-pay" data-testid="charge-pay">
      <p id={`${id}-title`} className="error">
        Payment failed: pay {amount} now.
      </p>
      <p className="hint">The card on file was declined. Enter a card to pay what is owed.</p>
      {intent ? (
        <>
          <div className="payment-slot">
            {returnUrl ? (
              <PaymentComponent
                intent={intent}
                apiBaseUrl={api}
                returnUrl={returnUrl}
                color={COLOR}
                onReady={onReady}
              />
            ) : null}
          </div>
          <button type="button" className="primary" disabled={!pay || busy !== null} onClick={submit}>
            {busy === 'pay' ? 'Paying…' : `Pay ${amount}`}
          </button>
        </>
      ) : (
        <button type="button" className="primary" disabled={!ready || busy !== null} onClick={start}>
          {busy === 'start' ? 'Getting the card form…' : 'Pay with a card'}
        </button>
      )}
      <div aria-live="polite">{error ? <p className="error">{error.message}</p> : null}</div>
    </div>
  );
}
