'use client';

import { Notice } from '../../../../components/notice';
import { StatusBadge } from '../../../../components/status-badge';
import { api } from '../../../../lib/api';
import { useApi } from '../../../../lib/use-api';
import { day, money } from '../../_office/format';
import { KIND_LABELS } from './rental';
import { RentalChangeForm } from './rental-change-form';
import { RentalChanges } from './rental-changes';
import { RentalLinkButtons } from './rental-link';

/**
 * The order after its booking, as the customer's My booking page shows it: its days and what was paid in all,
 * its changes (the customer's, the Booking API's and the office's), a change made for a customer on the phone,
 * and the customer's link sent again or stopped.
 */
export function RentalSection({ number, onChanged }: { number: number; onChanged: () => void }) {
  const rental = useApi(
    (signal) => api.GET('/orders/{order_number}/rental', { params: { path: { order_number: number } }, signal }),
    [number],
  );
  const r = rental.data;
  return (
    <section aria-labelledby="rental" aria-busy={rental.loading || undefined}>
      <h2 id="rental">Rental</h2>
      {rental.error ? (
        <Notice tone="danger">{rental.error.message}</Notice>
      ) : !r ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <dl className="pairs">
            <dt className="muted">Days</dt>
            <dd>
              {r.rental_days} days: {day(r.delivery_date)} – {day(r.pickup_date)}
            </dd>
            <dt className="muted">Paid in total</dt>
            <dd>
              {money(r.paid, r.currency)}{' '}
              <span className="muted">(the booking and its paid changes, card fees included)</span>
            </dd>
            <dt className="muted">Status</dt>
            <dd>
              <StatusBadge status={r.status} />
            </dd>
            <dt className="muted">Saved card</dt>
            <dd>
              {r.card_saved ? 'Yes: paid changes are charged to it' : 'None: the customer pays changes on their page'}
            </dd>
            <dt className="muted">The customer may</dt>
            <dd>
              {r.changes_allowed.length
                ? r.changes_allowed.map((k) => KIND_LABELS[k]).join(', ')
                : 'Change nothing now'}
            </dd>
          </dl>
          <h3>Changes</h3>
          <RentalChanges changes={r.changes} />
          <RentalChangeForm
            number={number}
            rental={r}
            onChanged={() => {
              rental.reload();
              onChanged();
            }}
          />
          <h3>The customer&apos;s My booking link</h3>
          <RentalLinkButtons number={number} />
        </>
      )}
    </section>
  );
}
