import type { Availability, Size } from '@svc/sdk';
import { useMemo } from 'react';
import { longDate, shortDate } from '../format';
import { Calendar } from '../ui/calendar';
import { described, ErrorText, Section } from '../ui/fields';
import { type Answers, type ClosedDays, type FieldProps, pickupClosed, type SetAnswers } from './answers';

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
  },
) {
  const { answers, set, id, errors } = props;
  const tiers = props.size?.prices;
  const tierDays = new Set(
    tiers
      ? (['d3', 'd7', 'd10', 'd14', 'd30'] as const).filter((k) => tiers[k] !== null).map((k) => Number(k.slice(1)))
      : [],
  );
  const lengths = [...new Set([...LENGTHS, answers.days])].sort((a, b) => a - b);
  const firstOpen = firstOpenDay(props.availability);
  const closed = useMemo(
    () => new Map(props.availability.closed.map((c) => [c.date, REASONS[c.reason] ?? 'closed'])),
    [props.availability],
  );
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
        <ErrorText id={id} errors={errors} field="date" />
      </div>
    </Section>
  );
}

/** The first day /availability leaves open (min_date itself may be a closed day). */
export function firstOpenDay(availability: Availability): string | null {
  const closed = new Set(availability.closed.map((c) => c.date));
  for (let d = availability.min_date; d <= availability.to; ) {
    if (!closed.has(d)) return d;
    const next = new Date(`${d}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    d = next.toISOString().slice(0, 10);
  }
  return null;
}
