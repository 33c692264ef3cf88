import type { RentalBooking } from '@svc/sdk';
import { useId } from 'react';
import { money } from '../../../lib/rental-format';
import {
  adjusted,
  chargeTitle,
  overageLine,
  type RentalCharge,
  STATUS_BADGE,
  stateText,
  tons,
  wastedTripText,
} from './charge-format';
import { ChargePay } from './charge-pay';
import { TicketPhoto } from './ticket-photo';

type Props = {
  charge: RentalCharge;
  booking: RentalBooking;
  api: string;
  token: string;
  local: boolean;
  onPaid(charge: RentalCharge): Promise<void>;
};

/**
 * One charge the field added, itemized as a receipt reads: the weigh ticket's tons, what the size includes,
 * the tons over at the rate, tax, the card fee and the total (a wasted trip: the fee and why); then where it
 * stands, the company's note, the ticket's photo, and for a declined one the card form to pay it.
 */
export function ChargeReceipt({ charge, booking, api, token, local, onPaid }: Props) {
  const id = useId();
  const cur = (n: number) => money(n, charge.currency);
  const { ticket } = charge;
  const company = booking.company.name;
  const settled = charge.status === 'paid' || charge.status === 'charged';
  return (
    <article
      className="card rb-charge"
      aria-labelledby={`${id}-title`}
      data-testid="charge"
      data-status={charge.status}
    >
      <h3 id={`${id}-title`}>
        {chargeTitle(charge)}{' '}
        <span className={`rb-badge rb-badge-${charge.status}`} data-testid="charge-status">
          {STATUS_BADGE[charge.status]}
        </span>
      </h3>
      {charge.kind === 'wasted_trip' ? <p>{wastedTripText(charge, booking.status)}</p> : null}
      <dl className="amounts" aria-label="Itemized charge">
        {ticket ? (
          <>
            <dt>Weigh ticket</dt>
            <dd data-testid="ticket-net">{tons(ticket.net_tons)}</dd>
            <dt>Included with your rental</dt>
            <dd data-testid="ticket-included">{tons(ticket.allowance_tons)}</dd>
            <dt data-testid="overage-line">{overageLine(charge)}</dt>
            <dd data-testid="charge-amount">{cur(charge.amount)}</dd>
          </>
        ) : (
          <>
            <dt>Return trip fee</dt>
            <dd data-testid="charge-amount">{cur(charge.amount)}</dd>
          </>
        )}
        {charge.tax > 0 ? (
          <>
            <dt>Tax</dt>
            <dd data-testid="charge-tax">{cur(charge.tax)}</dd>
          </>
        ) : null}
        {charge.processing_fee > 0 ? (
          <>
            <dt>Card fee</dt>
            <dd data-testid="charge-card-fee">{cur(charge.processing_fee)}</dd>
          </>
        ) : null}
        <dt className="total">Total</dt>
        <dd className="total" data-testid="charge-total">
          {charge.status === 'waived' ? <s>{cur(charge.gross_total)}</s> : cur(charge.gross_total)}
        </dd>
      </dl>
      {adjusted(charge) ? (
        <p className="hint">{company} changed the amount from what the ticket's rate gives.</p>
      ) : null}
      {charge.note ? (
        <p className="rb-charge-note" data-testid="charge-note">
          Note from {company}: {charge.note}
        </p>
      ) : null}
      {charge.status === 'declined' ? (
        <ChargePay charge={charge} booking={booking} api={api} token={token} ready={local} onPaid={onPaid} />
      ) : (
        <p className={settled ? 'ok' : 'note'} data-testid="charge-state">
          {stateText(charge, booking, local)}
        </p>
      )}
      {ticket?.photo ? (
        <TicketPhoto chargeId={charge.id} netTons={ticket.net_tons} api={api} token={token} ready={local} />
      ) : null}
    </article>
  );
}
