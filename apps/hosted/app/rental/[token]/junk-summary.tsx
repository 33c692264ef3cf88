import { day, JUNK_PROGRESS, type JunkBooking, junkProgressIndex, money, windowText } from '../../../lib/rental-format';

/** The job's status: where it is on its way from booked to completed, or that it was canceled or is held. */
export function JunkStatus({ status }: { status: string }) {
  const step = junkProgressIndex(status);
  return (
    <section aria-labelledby="rb-status">
      <h2 id="rb-status">Status: {junkStatusLabel(status)}</h2>
      {step < 0 ? (
        <p className={status === 'canceled' ? 'canceled' : undefined}>
          {status === 'canceled'
            ? 'This job was canceled.'
            : status === 'pending_risk_review'
              ? 'Your booking is being reviewed. The company will confirm it shortly.'
              : 'Your job is being handled by the company.'}
        </p>
      ) : (
        <ol className="steps" aria-label="Progress">
          {JUNK_PROGRESS.map((s, i) => (
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

function junkStatusLabel(status: string): string {
  if (status === 'canceled') return 'Canceled';
  if (status === 'pending_risk_review') return 'Under review';
  const step = JUNK_PROGRESS[junkProgressIndex(status)];
  return step ? step.label : status.replace(/_/g, ' ');
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
