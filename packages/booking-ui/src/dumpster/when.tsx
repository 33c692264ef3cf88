import type { Availability, Size } from '@svc/sdk';
import { useMemo } from 'react';
import { longDate, shortDate } from '../format';
import { Calendar } from '../ui/calendar';
import { described, ErrorText, Section } from '../ui/fields';
import { type Answers, type ClosedDays, type FieldProps, pickupClosed, type SetAnswers } from './answers';
import { earliestNote } from './placement';
import { cansOf, type FleetDays, soldOutReason } from './use-fleet';
import type { StreetDays } from './use-street';

const REASONS: Record<string, string> = {
  past: 'not available',
  holiday_or_blackout: 'closed (holiday)',
  non_working_day: 'no deliveries this weekday',
};

const LENGTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 21, 30, 45, 60, 90];

export function WhenSection(
  props: FieldProps & {
    answers: Answers;
    set: SetAnswers;
    availability: Availability;
    size: Size | undefined;
    closed?: ClosedDays;
    fleet: FleetDays;
    /** The street's days before its permit's earliest delivery (the street chosen at a permit's address). */
    street?: StreetDays;
  },
) {
  const { fleet, street } = props;
  const { answers, set, id, errors } = props;
  const tiers = props.size?.prices;
  const tierDays = new Set(
    tiers
      ? (['d3', 'd7', 'd10', 'd14', 'd30'] as const).filter((k) => tiers[k] !== null).map((k) => Number(k.slice(1)))
      : [],
  );
  const lengths = [...new Set([...LENGTHS, answers.days])].sort((a, b) => a - b);
  const closed = useMemo(() => {
    const days = new Map(props.availability.closed.map((c) => [c.date, REASONS[c.reason] ?? 'closed']));
    for (const date of fleet.full) if (!days.has(date)) days.set(date, soldOutReason(fleet));
    for (const [date, why] of street?.closed ?? []) if (!days.has(date)) days.set(date, why);
    return days;
  }, [props.availability, fleet, street]);
  const firstOpen = firstOpenDay(props.availability, new Set(closed.keys()));
  const permitNote = street?.closed.size ? earliestNote(street.permit, firstOpen) : null;
  return (
    <Section title="When do you need it?" id={id('date')}>
      <div>
        <label htmlFor={id('days')}>Rental length</label>
        <select
          {...described(id, errors, 'days')}
          value={answers.days}
          onChange={(e) => set({ days: Number(e.target.value) })}
        >
          {lengths.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '1 day' : `${d} days`}
              {tierDays.has(d) ? ' (best rate)' : ''}
            </option>
          ))}
        </select>
        <ErrorText id={id} errors={errors} field="days" />
      </div>
      <div>
        <span className="label" id={`${id('date')}-label`}>
          Delivery date
          <span className="hint">
            {answers.date
              ? `Delivery ${longDate(answers.date)}`
              : firstOpen
                ? `Earliest delivery: ${shortDate(firstOpen)}`
                : 'No delivery days are open online right now.'}
          </span>
        </span>
        <Calendar
          first={props.availability.min_date}
          last={props.availability.to}
          closedReason={(date) => closed.get(date) ?? pickupClosed(date, answers.days, props.closed)}
          value={answers.date}
          onChange={(date) => set({ date })}
          labelId={`${id('date')}-label`}
          describedBy={`${id('date')}-err`}
          invalid={Boolean(errors.date)}
        />
        {fleet.full.size ? (
          <p className="hint" data-testid="fleet-note">
            Greyed days: all {cansOf(fleet.sizeLabel)} are out for a {fleet.days}-day rental from then.{' '}
            {fleet.next
              ? `The first free delivery day is ${longDate(fleet.next)}.`
              : 'None is free in the coming weeks.'}
          </p>
        ) : null}
        {permitNote ? (
          <p className="hint" data-testid="permit-days-note">
            {permitNote}
          </p>
        ) : null}
        <ErrorText id={id} errors={errors} field="date" />
      </div>
    </Section>
  );
}

/** The first day /availability leaves open (min_date itself may be a closed day), and no can sold out. */
export function firstOpenDay(availability: Availability, soldOut: ReadonlySet<string> = new Set()): string | null {
  const closed = new Set(availability.closed.map((c) => c.date));
  for (let d = availability.min_date; d <= availability.to; ) {
    if (!closed.has(d) && !soldOut.has(d)) return d;
    const next = new Date(`${d}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    d = next.toISOString().slice(0, 10);
  }
  return null;
}
