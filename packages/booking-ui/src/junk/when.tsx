import type { JunkAvailability } from '@svc/sdk';
import { useMemo } from 'react';
import { longDate, shortDate } from '../format';
import { Calendar } from '../ui/calendar';
import { ErrorText, Section } from '../ui/fields';
import { type JunkAnswers, type JunkErrors, type JunkField, type SetJunk, windowLabel } from './answers';

const REASONS: Record<string, string> = {
  past: 'not available',
  same_day_closed: 'same-day bookings are closed',
  too_far: 'too far ahead to book online',
  non_working_day: 'the crew does not work this day',
  blackout: 'closed',
  full: 'fully booked',
};

type Day = JunkAvailability['days'][number];

/** The pickup day on the calendar, then that day's arrival windows with the seats left. */
export function JunkWhenSection(props: {
  availability: JunkAvailability;
  answers: JunkAnswers;
  set: SetJunk;
  id(f: JunkField): string;
  errors: JunkErrors;
}) {
  const { availability, answers, set, id, errors } = props;
  const days = useMemo(() => new Map(availability.days.map((d) => [d.date, d])), [availability]);
  const firstOpen = availability.days.find((d) => d.open)?.date ?? null;
  const closedReason = (date: string) => {
    const day = days.get(date);
    if (!day) return 'not available';
    if (day.open) return null;
    const reason = REASONS[day.reason ?? ''] ?? 'closed';
    return day.reason === 'blackout' && day.note ? `${reason} (${day.note})` : reason;
  };
  const day = answers.date ? days.get(answers.date) : undefined;
  return (
    <Section title="When should the crew come?" id={id('date')}>
      <div>
        <span className="label" id={`${id('date')}-label`}>
          Pickup date
          <span className="hint">
            {answers.date
              ? `Pickup ${longDate(answers.date)}`
              : firstOpen
                ? `Earliest pickup: ${shortDate(firstOpen)}`
                : 'No pickup days are open online right now.'}
          </span>
        </span>
        <Calendar
          first={availability.from}
          last={availability.to}
          closedReason={closedReason}
          value={answers.date}
          onChange={(date) => set({ date, window: keepWindow(days.get(date), answers.window) })}
          labelId={`${id('date')}-label`}
          describedBy={`${id('date')}-err`}
          invalid={Boolean(errors.date)}
        />
        <ErrorText id={id} errors={errors} field="date" />
      </div>
      <WindowPicker day={day} {...props} />
    </Section>
  );
}

/** The chosen window, when the new day still has a seat in it. */
function keepWindow(day: Day | undefined, window: string): string {
  return day?.windows.some((w) => `${w.start}-${w.end}` === window && w.remaining > 0) ? window : '';
}

function WindowPicker(props: {
  day: Day | undefined;
  answers: JunkAnswers;
  set: SetJunk;
  id(f: JunkField): string;
  errors: JunkErrors;
}) {
  const { day, answers, set, id, errors } = props;
  return (
    <fieldset aria-describedby={errors.window ? `${id('window')}-err` : undefined} id={id('window')} tabIndex={-1}>
      <legend className="label">
        Arrival window
        <span className="hint">The crew arrives within the window and calls 30 minutes ahead.</span>
      </legend>
      {!day ? (
        <p className="hint">Pick a day first: its windows and the seats left show here.</p>
      ) : (
        <div className="windows">
          {day.windows.map((w) => {
            const value = `${w.start}-${w.end}`;
            const full = w.remaining <= 0;
            return (
              <label className={`window${full ? ' full' : ''}`} key={value}>
                <input
                  type="radio"
                  name={id('window')}
                  value={value}
                  checked={answers.window === value}
                  disabled={full}
                  onChange={() => set({ window: value })}
                />
                <span className="title">{windowLabel(w.start, w.end)}</span>
                <span className="meta">{full ? 'Full' : w.remaining === 1 ? '1 left' : `${w.remaining} left`}</span>
              </label>
            );
          })}
        </div>
      )}
      <ErrorText id={id} errors={errors} field="window" />
    </fieldset>
  );
}
