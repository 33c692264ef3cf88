import type { RentalChange } from '@svc/sdk';
import {
  CHANGE_STATUS_LABEL,
  changeSummary,
  KIND_LABEL,
  MADE_BY_LABEL,
  moment,
  money,
} from '../../../lib/rental-format';

/** Every change made to the booking, by whom, when, for how much and where it stands. */
export function ChangeHistory({ changes, local }: { changes: RentalChange[]; local: boolean }) {
  return (
    <section aria-labelledby="rb-history">
      <h2 id="rb-history">Changes made</h2>
      {changes.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ul className="history">
          {changes.map((c) => (
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
  );
}
