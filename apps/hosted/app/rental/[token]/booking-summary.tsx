import type { RentalBooking } from '@svc/sdk';
import { day, money, PROGRESS, progressIndex, telHref } from '../../../lib/rental-format';
import { ProgressStatus } from './progress-status';

/** The booking's status: where it is on its way from booked to completed, or that it was canceled. */
export function BookingStatus({ status }: { status: RentalBooking['status'] }) {
  return (
    <ProgressStatus
      status={status}
      steps={PROGRESS}
      step={progressIndex(status)}
      message={status === 'canceled' ? 'This booking was canceled.' : 'Your booking is being handled by the company.'}
    />
  );
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
