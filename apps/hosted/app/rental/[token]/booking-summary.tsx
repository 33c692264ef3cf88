import type { RentalBooking } from '@svc/sdk';
import { day, money, PROGRESS, progressIndex, telHref } from '../../../lib/rental-format';

/** The booking's status: where it is on its way from booked to completed, or that it was canceled. */
export function BookingStatus({ status }: { status: RentalBooking['status'] }) {
  const step = progressIndex(status);
  return (
    <section aria-labelledby="rb-status">
      <h2 id="rb-status">Status: {statusLabel(status)}</h2>
      {step < 0 ? (
        <p className={status === 'canceled' ? 'canceled' : undefined}>
          {status === 'canceled' ? 'This booking was canceled.' : 'Your booking is being handled by the company.'}
        </p>
      ) : (
        <ol className="steps" aria-label="Progress">
          {PROGRESS.map((s, i) => (
            <li key={s.label} className={i < step ? 'done' : undefined} aria-current={i === step ? 'step' : undefined}>
              {s.label}
              {i < step ? <span className="visually-hidden"> (done)</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function statusLabel(status: RentalBooking['status']): string {
  if (status === 'canceled') return 'Canceled';
  const step = PROGRESS[progressIndex(status)];
  return step ? step.label : status.replace(/_/g, ' ');
}

/** What was booked: the size, the address, the days and what was paid. */
export function BookingDetails({ booking }: { booking: RentalBooking }) {
  return (
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
  );
}

/** Who to reach for anything else: the company's phone and e-mail, as links. */
export function CompanyContact({ company }: { company: RentalBooking['company'] }) {
  return (
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
  );
}
