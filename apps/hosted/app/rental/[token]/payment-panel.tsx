import type { RentalBooking, RentalChange } from '@svc/sdk';
import { useEffect, useRef, useState } from 'react';
import { loadSandbox, rentalApi, type Sandbox } from '../../../lib/rental-api';
import { changeSummary, KIND_LABEL, money, telHref } from '../../../lib/rental-format';

type Props = {
  change: RentalChange;
  booking: RentalBooking;
  api: string;
  token: string;
  onApplied(change: RentalChange): Promise<void>;
};

/**
 * A paid change that waits for the customer: the bank asked for authentication, the saved card was
 * declined, or no card is saved. The sandbox's card component (as on /book); Stripe's: the company, for now.
 */
export function PaymentPanel({ change, booking, api, token, onApplied }: Props) {
  const slot = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const pay = useRef<(() => Promise<{ error?: string }>) | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = money(change.amounts.gross_total, change.amounts.currency);
  const sandbox = booking.processor.kind === 'sandbox';
  const secret = change.client_secret;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    if (!sandbox || !secret) return;
    let live = true;
    loadSandbox(api).then(
      (factory) => {
        if (!live || !slot.current) return;
        const processor: Sandbox = factory(booking.processor.publishable_key);
        const elements = processor.elements({ clientSecret: secret });
        const host = document.createElement('div');
        slot.current.replaceChildren(host);
        elements.create('payment').mount(host);
        const returnUrl = `${window.location.origin}${window.location.pathname}?change=${encodeURIComponent(change.id)}`;
        pay.current = async () => {
          const { error } = await processor.confirmPayment({
            elements,
            confirmParams: { return_url: returnUrl },
            redirect: 'if_required',
          });
          return error ? { error: error.message } : {};
        };
        setReady(true);
      },
      () => {
        if (live) setError('The card form could not be loaded. Check your connection and reload the page.');
      },
    );
    return () => {
      live = false;
    };
  }, [api, sandbox, secret, booking.processor.publishable_key, change.id]);

  const submit = async () => {
    if (!pay.current || busy) return;
    setBusy(true);
    setError(null);
    const paid = await pay.current();
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

  const why = change.decline_code
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
      {sandbox ? (
        <>
          <p>{why} Enter a card to pay and make the change.</p>
          <div ref={slot} className="payment-slot" />
          <button type="button" className="primary" disabled={!ready || busy} onClick={submit}>
            {busy ? 'Paying…' : `Pay ${amount}`}
          </button>
        </>
      ) : (
        <p>
          {why} Call the company to pay for this change
          {booking.company.phone ? (
            <>
              : <a href={telHref(booking.company.phone)}>{booking.company.phone}</a>
            </>
          ) : null}
          .
        </p>
      )}
      <div aria-live="polite">{error ? <p className="error">{error}</p> : null}</div>
    </section>
  );
}
