import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { longDate, monthName } from '../format';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const monthOf = (date: string) => date.slice(0, 7);
const addMonths = (month: string, n: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};

/**
 * A date as a month grid (the ARIA date-picker pattern: one tab stop, arrow keys move by day and week).
 * Days the form reports closed, and days outside first..last, are greyed and say why. Used by every form.
 */
export function Calendar(props: {
  /** The first and last days that can be booked (YYYY-MM-DD). */
  first: string;
  last: string;
  /** Why a day in range cannot be picked ("closed (holiday)"), or null when it can. */
  closedReason(date: string): string | null;
  value: string;
  onChange(date: string): void;
  labelId: string;
  describedBy: string;
  invalid: boolean;
}) {
  const { first, last, value } = props;
  const [month, setMonth] = useState(monthOf(value && value >= first && value <= last ? value : first));
  const reasonFor = (date: string): string | null => {
    if (date < first || date > last) return date < first ? 'not available' : 'too far ahead to book online';
    return props.closedReason(date);
  };
  // The keyboard's way in is the chosen day, else the first day that can be picked (not today when today is
  // closed): a tab stop on a closed day made Enter do nothing.
  const [focus, setFocus] = useState(() => {
    if (value) return value;
    for (let d = first; d <= last; d = addDays(d, 1)) if (!reasonFor(d)) return d;
    return first;
  });
  const grid = useRef<HTMLTableElement>(null);

  const weeks = useMemo(() => {
    const start = `${month}-01`;
    const offset = new Date(`${start}T00:00:00Z`).getUTCDay();
    const days: (string | null)[] = Array.from({ length: offset }, () => null);
    for (let d = start; monthOf(d) === month; d = addDays(d, 1)) days.push(d);
    while (days.length % 7) days.push(null);
    return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  }, [month]);

  const monthLabel = monthName(month);
  const tabStop = monthOf(focus) === month ? focus : (weeks.flat().find((d) => d && !reasonFor(d)) ?? `${month}-01`);

  function move(to: string) {
    if (to < first || to > last) return;
    setFocus(to);
    setMonth(monthOf(to));
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-date="${to}"]`)?.focus());
  }

  function onKey(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      move(addDays(date, step));
    }
  }

  return (
    <div className="cal">
      <div className="cal-head">
        <button
          type="button"
          onClick={() => setMonth(addMonths(month, -1))}
          disabled={month <= monthOf(first)}
          aria-label="Previous month"
        >
          ‹
        </button>
        <h3 aria-live="polite" id={`${props.labelId}-month`}>
          {monthLabel}
        </h3>
        <button
          type="button"
          onClick={() => setMonth(addMonths(month, 1))}
          disabled={month >= monthOf(last)}
          aria-label="Next month"
        >
          ›
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA date-picker pattern is a table with role grid */}
      <table ref={grid} role="grid" aria-labelledby={`${props.labelId} ${props.labelId}-month`}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" abbr={d}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? month}>
              {week.map((date, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no identity but their place
                if (!date) return <td key={`${month}-${i}`} />;
                const reason = reasonFor(date);
                const selected = date === value;
                return (
                  <td key={date}>
                    <button
                      type="button"
                      className="day"
                      data-date={date}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-pressed={selected}
                      aria-disabled={reason ? true : undefined}
                      aria-label={`${longDate(date)}${reason ? `, ${reason}` : ''}`}
                      aria-describedby={props.invalid ? props.describedBy : undefined}
                      title={reason ?? undefined}
                      onKeyDown={(e) => onKey(e, date)}
                      onClick={() => {
                        setFocus(date);
                        if (!reason) props.onChange(date);
                      }}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="legend">Striped days are closed or not bookable online.</p>
    </div>
  );
}
