'use client';

/** A YYYY-MM-DD day `plus` days later (UTC arithmetic: a plain date has no timezone). */
export function shiftDay(date: string, plus: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plus);
  return d.toISOString().slice(0, 10);
}

/** "Tue, Jun 2" for a YYYY-MM-DD day. */
export const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * The day before and after the one shown, and back to today. The page changes its address itself (no server
 * round trip), so a driver without signal still moves between the days the phone kept.
 */
export function DaySwitcher({ date, today, onGo }: { date?: string; today: boolean; onGo: (day?: string) => void }) {
  if (!date) return null;
  return (
    <nav className="day-switcher" aria-label="Day">
      <button type="button" className="btn" onClick={() => onGo(shiftDay(date, -1))}>
        <span aria-hidden="true">←</span> Previous<span className="visually-hidden"> day</span>
      </button>
      <span className="day-shown">{longDay(date)}</span>
      <button type="button" className="btn" onClick={() => onGo(shiftDay(date, 1))}>
        Next<span className="visually-hidden"> day</span> <span aria-hidden="true">→</span>
      </button>
      {today ? null : (
        <button type="button" className="btn btn-link day-today" onClick={() => onGo(undefined)}>
          Back to today
        </button>
      )}
    </nav>
  );
}
