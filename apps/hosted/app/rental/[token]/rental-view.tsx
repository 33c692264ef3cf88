'use client';

import type { RentalBooking, RentalChange, RentalChangeQuote, RentalChangeRequest } from '@svc/sdk';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type ApiFailure, loadSandbox, newIdempotencyKey, rentalApi, type Sandbox } from '../../../lib/rental-api';
import {
  addDays,
  CHANGE_STATUS_LABEL,
  type ChangeKind,
  changeSummary,
  cutoff,
  day,
  KIND_LABEL,
  MADE_BY_LABEL,
  moment,
  money,
  PROGRESS,
  progressIndex,
  telHref,
} from '../../../lib/rental-format';

type Props = { initial: RentalBooking; token: string; api: string };

/**
 * The booking as the customer sees it, and the forms for the changes the API allows now. Rendered on the
 * server with the booking it read; in the browser it calls the API (/rental/v1) with the link's token.
 */
export function RentalView({ initial, token, api }: Props) {
  const [booking, setBooking] = useState(initial);
  const [local, setLocal] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const [payment, setPayment] = useState<RentalChange | null>(
    () => initial.changes.find((c) => c.status === 'requires_payment' && c.client_secret) ?? null,
  );
  const noticeRef = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    const read = await rentalApi.booking(api, token);
    if (read.ok) setBooking(read.data);
    return read;
  }, [api, token]);

  const announce = useCallback((text: string, error = false) => {
    setNotice({ text, error });
    requestAnimationFrame(() => noticeRef.current?.focus());
  }, []);

  const applied = useCallback(
    async (change: RentalChange) => {
      setPayment(null);
      await refresh();
      announce(successText(change));
    },
    [refresh, announce],
  );

  // Back from the bank's 3-D Secure page: ?change=<id>&payment_intent=…&redirect_status=succeeded|failed.
  useEffect(() => {
    setLocal(true);
    const url = new URL(window.location.href);
    const changeId = url.searchParams.get('change');
    const status = url.searchParams.get('redirect_status');
    if (!changeId || !status) return;
    window.history.replaceState(null, '', url.pathname);
    if (status !== 'succeeded') {
      announce('Your bank did not confirm the payment, so nothing was changed. You can try again below.', true);
      return;
    }
    void rentalApi.confirm(api, token, changeId).then(async (done) => {
      if (done.ok && done.data.status === 'applied') return applied(done.data);
      if (done.ok) {
        setPayment(done.data.client_secret ? done.data : null);
        announce('The payment did not go through, so nothing was changed. Try another card below.', true);
        return;
      }
      announce(done.error.message, true);
      await refresh();
    });
  }, [api, token, applied, announce, refresh]);

  const step = progressIndex(booking.status);
  const { company } = booking;
  return (
    <div className="rb-view" data-ready={local ? '' : undefined}>
      <header>
        <h1>
          Your booking <span>{booking.reference}</span>
        </h1>
        <p className="sub">
          With {company.name} · order #{booking.order_number}
        </p>
      </header>

      <div ref={noticeRef} tabIndex={-1} role="status" aria-live="polite" className="card-slot">
        {notice ? (
          <p className={notice.error ? 'error card' : 'ok card'} data-testid="notice">
            {notice.text}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="rb-status">
        <h2 id="rb-status">Status: {statusLabel(booking.status)}</h2>
        {step < 0 ? (
          <p className={booking.status === 'canceled' ? 'canceled' : undefined}>
            {booking.status === 'canceled'
              ? 'This booking was canceled.'
              : 'Your booking is being handled by the company.'}
          </p>
        ) : (
          <ol className="steps" aria-label="Progress">
            {PROGRESS.map((s, i) => (
              <li
                key={s.label}
                className={i < step ? 'done' : undefined}
                aria-current={i === step ? 'step' : undefined}
              >
                {s.label}
                {i < step ? <span className="visually-hidden"> (done)</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="rb-details">
        <h2 id="rb-details">Details</h2>
        <dl>
          <dt>Size</dt>
          <dd>{booking.size}</dd>
          {booking.material ? (
            <>
              <dt>Material</dt>
              <dd>{booking.material}</dd>
            </>
          ) : null}
          <dt>Address</dt>
          <dd>
            {booking.address.line1}, {[booking.address.city, booking.address.state].filter(Boolean).join(', ')}{' '}
            {booking.address.zip}
          </dd>
          <dt>Delivery</dt>
          <dd data-testid="delivery-date">{day(booking.delivery_date)}</dd>
          <dt>Pickup</dt>
          <dd data-testid="pickup-date">{day(booking.pickup_date)}</dd>
          <dt>Rental days</dt>
          <dd data-testid="rental-days">{booking.rental_days}</dd>
          <dt>Paid</dt>
          <dd>{money(booking.paid, booking.currency)}</dd>
        </dl>
      </section>

      {payment ? (
        <PaymentPanel key={payment.id} change={payment} booking={booking} api={api} token={token} onApplied={applied} />
      ) : null}

      <section aria-labelledby="rb-change">
        <h2 id="rb-change">Change your booking</h2>
        {booking.changes_allowed.length === 0 ? (
          <p>Your booking cannot be changed online any more. For anything else, contact {company.name} (below).</p>
        ) : (
          booking.changes_allowed.map((kind) => (
            <ChangeForm
              key={kind}
              kind={kind}
              booking={booking}
              api={api}
              token={token}
              ready={local}
              onApplied={applied}
              onPayment={(change) => {
                setNotice(null);
                setPayment(change);
              }}
            />
          ))
        )}
      </section>

      <section aria-labelledby="rb-history">
        <h2 id="rb-history">Changes made</h2>
        {booking.changes.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <ul className="history">
            {booking.changes.map((c) => (
              <li key={c.id}>
                <strong>{KIND_LABEL[c.kind]}</strong>: {changeSummary(c)}
                <span className="meta">
                  {moment(c.created_at, local)} · by {MADE_BY_LABEL[c.made_by]} ·{' '}
                  {money(c.amounts.gross_total, c.amounts.currency)} · {CHANGE_STATUS_LABEL[c.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="rb-contact">
        <h2 id="rb-contact">Anything else?</h2>
        <p>Contact {company.name}:</p>
        <ul>
          {company.phone ? (
            <li>
              Phone: <a href={telHref(company.phone)}>{company.phone}</a>
            </li>
          ) : null}
          {company.email ? (
            <li>
              E-mail: <a href={`mailto:${company.email}`}>{company.email}</a>
            </li>
          ) : null}
          {!company.phone && !company.email ? <li>Use the phone number in your confirmation e-mail.</li> : null}
        </ul>
      </section>
    </div>
  );
}

function statusLabel(status: RentalBooking['status']): string {
  if (status === 'canceled') return 'Canceled';
  const step = PROGRESS[progressIndex(status)];
  return step ? step.label : status.replace(/_/g, ' ');
}

function successText(change: RentalChange): string {
  if (change.kind === 'extend')
    return `Done: your rental is extended by ${change.amounts.days} ${change.amounts.days === 1 ? 'day' : 'days'}. The new pickup date is ${day(change.after.pickup_date)}.`;
  if (change.kind === 'end_early') return `Done: the new pickup date is ${day(change.after.pickup_date)}.`;
  return `Done: the delivery is moved to ${day(change.after.delivery_date)}. The pickup date is ${day(change.after.pickup_date)}.`;
}

const FORM_TITLE: Record<ChangeKind, string> = {
  extend: 'Extend the rental',
  end_early: 'End early',
  move_delivery: 'Move the delivery',
};

type FormProps = {
  kind: ChangeKind;
  booking: RentalBooking;
  api: string;
  token: string;
  ready: boolean;
  onApplied(change: RentalChange): Promise<void>;
  onPayment(change: RentalChange): void;
};

/** One change: its field, "See the price" (the quote), then the button that makes it. */
function ChangeForm({ kind, booking, api, token, ready, onApplied, onPayment }: FormProps) {
  const id = useId();
  const [value, setValue] = useState(kind === 'extend' ? '1' : '');
  const [quote, setQuote] = useState<RentalChangeQuote | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState<'quote' | 'change' | null>(null);
  // One key per confirmed attempt, kept for a second click or a retry after a network error.
  const key = useRef<string | null>(null);

  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const currency = booking.currency;

  const request = (): RentalChangeRequest | string => {
    if (kind === 'extend') {
      const days = Number(value);
      return Number.isInteger(days) && days >= 1 && days <= 30
        ? { kind, days }
        : 'Enter a number of days from 1 to 30.';
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Choose a date.';
    return kind === 'end_early' ? { kind, pickup_date: value } : { kind, delivery_date: value };
  };

  const fail = (failure: ApiFailure) => setError(failure);

  const seePrice = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = request();
    setQuote(null);
    if (typeof body === 'string') return fail({ code: 'invalid_body', message: body, status: 0 });
    setError(null);
    setBusy('quote');
    const res = await rentalApi.quote(api, token, body);
    setBusy(null);
    key.current = null;
    if (res.ok) setQuote(res.data);
    else fail(res.error);
  };

  const make = async () => {
    if (busy) return;
    const body = request();
    if (typeof body === 'string') return fail({ code: 'invalid_body', message: body, status: 0 });
    key.current ??= newIdempotencyKey();
    setError(null);
    setBusy('change');
    const res = await rentalApi.change(api, token, body, key.current);
    setBusy(null);
    if (!res.ok) {
      // A network error or the API's own failure: the same key again, so a retry cannot make it twice.
      if (res.error.code !== 'network' && res.error.status < 500) {
        key.current = null;
        if (res.error.code !== 'processing' && res.error.code !== 'rate_limited') setQuote(null);
      }
      return fail(res.error);
    }
    key.current = null;
    setQuote(null);
    const change = res.data;
    if (change.status === 'applied') {
      setValue(kind === 'extend' ? '1' : '');
      return onApplied(change);
    }
    if (change.status === 'requires_payment') return onPayment(change);
    if (change.status === 'pending')
      return fail({
        code: 'processing',
        message: 'Your change is being made. Reload the page in a moment to see it.',
        status: 0,
      });
    fail({
      code: 'refused',
      message: `The change could not be made${change.decline_code ? ': the card was declined' : ''}. Nothing was charged. Contact ${booking.company.name} if you need help.`,
      status: 0,
    });
  };

  const hint =
    kind === 'extend'
      ? `${money(booking.extra_day_price, currency)} a day before tax. Pickup is now ${day(booking.pickup_date)}.`
      : kind === 'end_early'
        ? `Pickup is now ${day(booking.pickup_date)}. Choose an earlier day. No refund for the days not used.`
        : `Delivery is now ${day(booking.delivery_date)}.${booking.move_cutoff ? ` You can move it until ${cutoff(booking.move_cutoff)}.` : ''}`;

  return (
    <form
      className="card"
      aria-labelledby={`${id}-title`}
      onSubmit={seePrice}
      noValidate
      data-ready={ready ? '' : undefined}
    >
      <h3 id={`${id}-title`}>{FORM_TITLE[kind]}</h3>
      <label htmlFor={inputId}>
        {kind === 'extend' ? 'Extra days' : kind === 'end_early' ? 'New pickup date' : 'New delivery date'}
      </label>
      <input
        id={inputId}
        name={kind === 'extend' ? 'days' : 'date'}
        type={kind === 'extend' ? 'number' : 'date'}
        inputMode={kind === 'extend' ? 'numeric' : undefined}
        min={kind === 'extend' ? 1 : kind === 'end_early' ? addDays(booking.delivery_date, 1) : undefined}
        max={kind === 'extend' ? 30 : kind === 'end_early' ? addDays(booking.pickup_date, -1) : undefined}
        required
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setQuote(null);
          setError(null);
          key.current = null;
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className="hint">
        {hint}
      </p>
      <button type="submit" disabled={busy !== null}>
        {busy === 'quote' ? 'Getting the price…' : 'See the price'}
      </button>
      <div aria-live="polite">
        {error ? (
          <div>
            <p id={errorId} className="error">
              {error.message}
            </p>
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
    </form>
  );
}

function QuoteBlock({
  kind,
  quote,
  booking,
  busy,
  onConfirm,
}: {
  kind: ChangeKind;
  quote: RentalChangeQuote;
  booking: RentalBooking;
  busy: boolean;
  onConfirm(): void;
}) {
  const a = quote.amounts;
  const cur = a.currency;
  const paid = a.gross_total > 0;
  const label =
    kind === 'extend'
      ? paid
        ? `Pay ${money(a.gross_total, cur)} and extend`
        : 'Extend the rental'
      : kind === 'end_early'
        ? paid
          ? `Pay ${money(a.gross_total, cur)} and end early`
          : `End the rental on ${day(quote.after.pickup_date)}`
        : paid
          ? `Pay ${money(a.gross_total, cur)} and move the delivery`
          : `Move the delivery to ${day(quote.after.delivery_date)}`;
  return (
    <div className="quote" data-testid={`quote-${kind}`}>
      <dl>
        {kind === 'move_delivery' ? (
          <>
            <dt>New delivery date</dt>
            <dd>{day(quote.after.delivery_date)}</dd>
          </>
        ) : null}
        <dt>New pickup date</dt>
        <dd data-testid="quote-pickup">{day(quote.after.pickup_date)}</dd>
        <dt>Rental days</dt>
        <dd>{quote.after.rental_days}</dd>
      </dl>
      <dl className="amounts">
        {a.days > 0 ? (
          <>
            <dt>
              {a.days} extra {a.days === 1 ? 'day' : 'days'}
            </dt>
            <dd>{money(a.extra_days, cur)}</dd>
          </>
        ) : null}
        {a.tax > 0 ? (
          <>
            <dt>Tax</dt>
            <dd>{money(a.tax, cur)}</dd>
          </>
        ) : null}
        {a.processing_fee > 0 ? (
          <>
            <dt>Card fee</dt>
            <dd>{money(a.processing_fee, cur)}</dd>
          </>
        ) : null}
        <dt className="total">Total</dt>
        <dd className="total" data-testid="quote-total">
          {money(a.gross_total, cur)}
        </dd>
      </dl>
      {kind === 'end_early' ? <p className="note">No refund for the days not used.</p> : null}
      {paid ? (
        <p className="hint">
          {booking.card_saved
            ? 'Charged to the card you booked with.'
            : 'You will enter a card to pay for this change.'}
        </p>
      ) : null}
      <button type="button" className="primary" disabled={busy} onClick={onConfirm}>
        {busy ? 'Working…' : label}
      </button>
    </div>
  );
}

/**
 * A paid change that waits for the customer: the bank asked for authentication, the saved card was
 * declined, or no card is saved. The sandbox's card component (as on /book); Stripe's: the company, for now.
 */
function PaymentPanel({
  change,
  booking,
  api,
  token,
  onApplied,
}: {
  change: RentalChange;
  booking: RentalBooking;
  api: string;
  token: string;
  onApplied(change: RentalChange): Promise<void>;
}) {
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
