import type { RentalBooking, RentalChangeQuote } from '@svc/sdk';
import { type ChangeKind, day, money } from '../../../lib/rental-format';

type Props = {
  kind: ChangeKind;
  quote: RentalChangeQuote;
  booking: RentalBooking;
  busy: boolean;
  onConfirm(): void;
};

/** The price of a change before it is made (the API's quote), and the button that makes it. */
export function QuoteBlock({ kind, quote, booking, busy, onConfirm }: Props) {
  const a = quote.amounts;
  // An extension past the days the street permit's fees cover adds the city's extension fee (street-permits.md).
  const permitFee = (a as { permit_extension_fee?: number }).permit_extension_fee;
  const cur = a.currency;
  const paid = a.gross_total > 0;
  const label = buttonLabel(kind, quote, paid ? money(a.gross_total, cur) : null);
  return (
    <div className="quote" data-testid={`quote-${kind}`}>
      {kind === 'swap' && quote.swap_date ? (
        <dl>
          <dt>Swap date</dt>
          <dd data-testid="quote-swap-date">{day(quote.swap_date)}</dd>
          <dt>Pickup date</dt>
          <dd data-testid="quote-pickup">{day(quote.after.pickup_date)}</dd>
        </dl>
      ) : (
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
      )}
      <dl className="amounts">
        {a.days > 0 ? (
          <>
            <dt>
              {a.days} extra {a.days === 1 ? 'day' : 'days'}
            </dt>
            <dd>{money(a.extra_days, cur)}</dd>
          </>
        ) : null}
        {permitFee ? (
          <>
            <dt>Street permit extension</dt>
            <dd data-testid="quote-permit-fee">{money(permitFee, cur)}</dd>
          </>
        ) : null}
        {a.fee > 0 ? (
          <>
            <dt>Swap fee</dt>
            <dd data-testid="quote-fee">{money(a.fee, cur)}</dd>
          </>
        ) : null}
        {a.tax > 0 ? (
          <>
            <dt>Tax</dt>
            <dd data-testid="quote-tax">{money(a.tax, cur)}</dd>
          </>
        ) : null}
        {a.processing_fee > 0 ? (
          <>
            <dt>Card fee</dt>
            <dd data-testid="quote-card-fee">{money(a.processing_fee, cur)}</dd>
          </>
        ) : null}
        <dt className="total">Total</dt>
        <dd className="total" data-testid="quote-total">
          {money(a.gross_total, cur)}
        </dd>
      </dl>
      {kind === 'end_early' ? <p className="note">No refund for the days not used.</p> : null}
      {permitFee ? (
        <p className="hint" data-testid="quote-permit-note">
          Your dumpster sits on the street: the city&apos;s permit must be extended for the new days, and its fee is
          included above.
        </p>
      ) : null}
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

/** The button's words: "Pay $Y and …" for a paid change, what the free change does otherwise. */
function buttonLabel(kind: ChangeKind, quote: RentalChangeQuote, pay: string | null): string {
  switch (kind) {
    case 'extend':
      return pay ? `Pay ${pay} and extend` : 'Extend the rental';
    case 'end_early':
      return pay ? `Pay ${pay} and end early` : `End the rental on ${day(quote.after.pickup_date)}`;
    case 'move_delivery':
      return pay ? `Pay ${pay} and move the delivery` : `Move the delivery to ${day(quote.after.delivery_date)}`;
    case 'swap':
      return pay
        ? `Pay ${pay} and book the swap`
        : `Book the swap${quote.swap_date ? ` on ${day(quote.swap_date)}` : ''}`;
  }
}
