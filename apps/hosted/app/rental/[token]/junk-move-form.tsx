import { type FormEvent, useId, useState } from 'react';
import { type ApiFailure, rentalApi } from '../../../lib/rental-api';
import { cutoff, day, type JunkBooking, type JunkChange, telHref, windowText } from '../../../lib/rental-format';
import { FormCard, LiveError, SubmitButton } from './form-card';

type Props = {
  booking: JunkBooking;
  api: string;
  token: string;
  ready: boolean;
  onMoved(change: JunkChange): Promise<void>;
  /** Reads the booking again (the seats left, whether it can still move) after a refusal. */
  onRefresh(): Promise<unknown>;
};

type Field = 'day' | 'window' | 'form';

/** Where the API's refusal is shown: next to the day, the window, or below the button. */
function fieldOf(error: ApiFailure): Field {
  if (error.code === 'change_not_allowed') return 'form';
  if (error.code === 'slot_bad_window' || error.field === 'time_window_start') return 'window';
  if (error.code.startsWith('slot_') || error.field === 'job_date') return 'day';
  return 'form';
}

/**
 * "Move to another window": a day with a free seat, then one of its arrival windows (seats left shown), until
 * the company's cutoff; free. Once the job cannot move, it says to call the company.
 */
export function JunkMoveForm({ booking, api, token, ready, onMoved, onRefresh }: Props) {
  const id = useId();
  const [date, setDate] = useState('');
  const [start, setStart] = useState('');
  const [error, setError] = useState<{ field: Field; failure: ApiFailure } | null>(null);
  const [busy, setBusy] = useState(false);
  const { company } = booking;
  const chosen = booking.windows.find((d) => d.date === date);
  const movable = booking.move_cutoff !== null && booking.windows.length > 0;
  const errorOf = (field: Field) => (error?.field === field ? error.failure : null);
  const fail = (field: Field, message: string) => setError({ field, failure: { code: 'invalid', message, status: 0 } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!chosen) return fail('day', 'Choose a day.');
    const window = chosen.windows.find((w) => w.start === start);
    if (!window) return fail('window', 'Choose an arrival window.');
    setError(null);
    setBusy(true);
    const res = await rentalApi.moveJob(api, token, {
      job_date: chosen.date,
      time_window_start: window.start,
      time_window_end: window.end,
    });
    setBusy(false);
    if (res.ok) {
      setDate('');
      setStart('');
      return onMoved(res.data);
    }
    const field = fieldOf(res.error);
    setError({ field, failure: res.error });
    if (field === 'window') setStart('');
    if (res.error.code !== 'network') await onRefresh();
  };

  const dayError = errorOf('day');
  const windowError = errorOf('window');
  const formError = <LiveError id={`${id}-form-error`} error={errorOf('form')} />;

  if (!movable)
    return (
      <div className="card" data-testid="junk-move-closed">
        <h3>Move to another window</h3>
        <p>
          This job can no longer be moved online.{' '}
          {company.phone ? (
            <>
              To change it, call {company.name} at <a href={telHref(company.phone)}>{company.phone}</a>.
            </>
          ) : (
            <>To change it, contact {company.name} (below).</>
          )}
        </p>
        {formError}
      </div>
    );

  return (
    <FormCard id={id} title="Move to another window" onSubmit={submit} ready={ready}>
      <p id={`${id}-hint`} className="hint lead">
        {booking.move_cutoff ? `You can move it until ${cutoff(booking.move_cutoff)}. ` : ''}Moving is free.
      </p>
      <label htmlFor={`${id}-day`}>New day</label>
      <select
        id={`${id}-day`}
        name="job_date"
        value={date}
        onChange={(e) => {
          setDate(e.target.value);
          setStart('');
          setError(null);
        }}
        aria-invalid={dayError ? true : undefined}
        aria-describedby={dayError ? `${id}-hint ${id}-day-error` : `${id}-hint`}
      >
        <option value="">Choose a day</option>
        {booking.windows.map((d) => (
          <option key={d.date} value={d.date}>
            {day(d.date)}
          </option>
        ))}
      </select>
      <LiveError id={`${id}-day-error`} error={dayError} />
      {chosen ? (
        <fieldset className="choices" aria-describedby={windowError ? `${id}-window-error` : undefined}>
          <legend>Arrival window on {day(chosen.date)}</legend>
          {chosen.windows.map((w) => {
            const current = chosen.date === booking.job_date && w.start === booking.time_window.start;
            const full = w.remaining < 1;
            return (
              <label key={w.start} className="choice">
                <input
                  type="radio"
                  name="time_window"
                  value={w.start}
                  checked={start === w.start}
                  disabled={current || full}
                  onChange={() => {
                    setStart(w.start);
                    setError(null);
                  }}
                />
                <span>
                  {windowText(w)}
                  <span className="seats">
                    {' · '}
                    {current ? 'your window now' : full ? 'Full' : `${w.remaining} left`}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
      <LiveError id={`${id}-window-error`} error={windowError} />
      <SubmitButton busy={busy} label="Move to this window" busyLabel="Moving…" primary />
      {formError}
    </FormCard>
  );
}
