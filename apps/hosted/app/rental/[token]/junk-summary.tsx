import { day, JUNK_PROGRESS, type JunkBooking, junkProgressIndex, money, windowText } from '../../../lib/rental-format';
import { ProgressStatus } from './progress-status';

/** The job's status: where it is on its way from booked to completed, or that it was canceled or is held. */
export function JunkStatus({ status }: { status: string }) {
  const review = status === 'pending_risk_review';
  return (
    <ProgressStatus
      status={status}
      steps={JUNK_PROGRESS}
      step={junkProgressIndex(status)}
      label={review ? 'Under review' : undefined}
      message={
        status === 'canceled'
          ? 'This job was canceled.'
          : review
            ? 'Your booking is being reviewed. The company will confirm it shortly.'
            : 'Your job is being handled by the company.'
      }
    />
  );
}

/** What was booked: the load, the day and arrival window, the address, the photos and what was paid. */
export function JunkDetails({ booking }: { booking: JunkBooking }) {
  const { address } = booking;
  return (
    <section aria-labelledby="rb-details">
      <h2 id="rb-details">Details</h2>
      <dl>
        <dt>Load</dt>
        <dd>{booking.load}</dd>
        <dt>Day</dt>
        <dd data-testid="job-date">{day(booking.job_date)}</dd>
        <dt>Crew arrives</dt>
        <dd data-testid="job-window">{windowText(booking.time_window)}</dd>
        <dt>Address</dt>
        <dd>
          {[address.line1, address.line2, address.city, address.state].filter(Boolean).join(', ')} {address.zip}
        </dd>
        {booking.photos > 0 ? (
          <>
            <dt>Photos</dt>
            <dd>
              {booking.photos} {booking.photos === 1 ? 'photo' : 'photos'} of the pile
            </dd>
          </>
        ) : null}
        <dt>Paid</dt>
        <dd>{money(booking.paid, booking.currency)}</dd>
      </dl>
    </section>
  );
}
