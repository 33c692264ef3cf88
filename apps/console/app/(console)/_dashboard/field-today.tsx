import Link from 'next/link';
import { tons } from '../_field/words';
import { day, money } from '../_office/format';
import type { Dashboard } from '../_office/types';

/**
 * Today in the field (the company's today, whatever period the dashboard shows): the weigh tickets entered,
 * their net tons, the overage charged today and the overage still waiting (noticed, held or owed).
 */
export function FieldToday({ field, currency }: { field: Dashboard['field']; currency: string }) {
  return (
    <section aria-labelledby="field-today">
      <h2 id="field-today">Today in the field</h2>
      <p className="muted">{day(field.date)}, from the drivers&apos; weigh tickets.</p>
      <ul className="tiles" aria-label="Today in the field">
        <li data-testid="tile-field-tickets">
          <span className="tile-label">Weigh tickets</span>
          <strong>{field.tickets}</strong>
        </li>
        <li data-testid="tile-field-tons">
          <span className="tile-label">Tons</span>
          <strong>{tons(field.tons)}</strong>
          <span className="muted">net, at the scale</span>
        </li>
        <li data-testid="tile-field-charged">
          <span className="tile-label">Overage charged</span>
          <strong>{money(field.overage_charged, currency)}</strong>
          <span className="muted">card fees included</span>
        </li>
        <li data-testid="tile-field-waiting">
          <span className="tile-label">Overage waiting</span>
          <strong>{money(field.overage_waiting, currency)}</strong>
          <span className="muted">
            <Link href="/field-charges">Field charges</Link>: waiting, held or owed
          </span>
        </li>
      </ul>
    </section>
  );
}
