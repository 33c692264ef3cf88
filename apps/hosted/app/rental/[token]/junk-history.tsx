import { type JunkChange, junkChangeSummary, MADE_BY_LABEL, moment } from '../../../lib/rental-format';

/** Every move of the job: from which day and window to which, by whom and when. Moves are free. */
export function JunkHistory({ changes, local }: { changes: JunkChange[]; local: boolean }) {
  return (
    <section aria-labelledby="rb-history">
      <h2 id="rb-history">Changes made</h2>
      {changes.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ul className="history" data-testid="junk-history">
          {changes.map((c) => (
            <li key={c.id}>
              <strong>Moved</strong>: {junkChangeSummary(c)}
              <span className="meta">
                {moment(c.created_at, local)} · by {MADE_BY_LABEL[c.made_by]} · Free · Done
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
