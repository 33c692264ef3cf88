'use client';

import { KIND_LABELS, REASON_LABELS, type ShownStop } from '../../../lib/field-queue';
import { type ActInput, StopActions } from './stop-actions';

const STATE: Record<ShownStop['state'], { label: string; tone: string }> = {
  assigned: { label: 'To do', tone: 'neutral' },
  on_the_way: { label: 'On the way', tone: 'info' },
  done: { label: 'Done', tone: 'success' },
  failed: { label: 'Could not complete', tone: 'danger' },
};

/** "14:00" → "2:00 PM"; anything else as it came. */
export function clock(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

const money = (dollars: number) => dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
/** A link the API gave, only when it is a web address. */
const webLink = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/**
 * One stop as a card: what and where (a maps link), whom to call, the notes, what to bring back, its state,
 * its photos and ticket, what waits to be sent, and the buttons for what the driver may do now.
 */
export function StopCard({
  stop,
  headingId,
  onAct,
}: {
  stop: ShownStop;
  headingId: string;
  onAct: (input: ActInput) => Promise<boolean>;
}) {
  const state = STATE[stop.state];
  const maps = webLink(stop.maps_url);
  return (
    <article className={`stop-card state-${stop.state}`} aria-labelledby={headingId}>
      <header className="stop-head">
        <h2 id={headingId} tabIndex={-1}>
          {stop.position}. {KIND_LABELS[stop.kind]} #{stop.number}
        </h2>
        <span className={`badge tone-${state.tone}`}>
          {state.label}
          {stop.state === 'failed' && stop.failure ? `: ${REASON_LABELS[stop.failure].split(':')[0]}` : ''}
        </span>
        {stop.waiting || stop.waitingPhotos.length ? <span className="badge tone-warning">Waiting to send</span> : null}
      </header>
      {stop.window ? (
        <p className="stop-window">
          Arrive {clock(stop.window.start)} to {clock(stop.window.end)}
        </p>
      ) : null}
      <dl className="stop-facts">
        <dt>Address</dt>
        <dd>
          {maps ? (
            <a href={maps} target="_blank" rel="noopener noreferrer">
              {stop.address}
              <span className="visually-hidden"> (opens maps)</span>
            </a>
          ) : (
            stop.address
          )}
        </dd>
        <dt>Customer</dt>
        <dd>
          {stop.customer_name}
          {stop.customer_phone ? (
            <>
              {' '}
              <a className="btn call" href={`tel:${dialable(stop.customer_phone)}`}>
                Call {stop.customer_phone}
              </a>
            </>
          ) : null}
        </dd>
        <dt>{stop.kind === 'junk' ? 'Load' : 'Size'}</dt>
        <dd>{stop.what}</dd>
        {stop.bring_back ? (
          <>
            <dt>Bring back</dt>
            <dd>{stop.bring_back}</dd>
          </>
        ) : null}
        {stop.notes ? (
          <>
            <dt>Notes</dt>
            <dd className="stop-notes">{stop.notes}</dd>
          </>
        ) : null}
        {stop.ticket ? (
          <>
            <dt>Weigh ticket</dt>
            <dd data-testid="ticket">
              {stop.ticket.net_tons} tons, landfill {money(stop.ticket.landfill_cost)}
            </dd>
          </>
        ) : null}
        {stop.photos.length || stop.waitingPhotos.length ? (
          <>
            <dt>Photos</dt>
            <dd>
              <Photos stop={stop} />
            </dd>
          </>
        ) : null}
      </dl>
      <StopActions stop={stop} onAct={onAct} />
    </article>
  );
}

/** The stop's photos the API has, and how many wait on the phone. */
function Photos({ stop }: { stop: ShownStop }) {
  return (
    <>
      {stop.photos.length ? (
        <ul className="photo-thumbs">
          {stop.photos.map((id, i) => (
            <li key={id}>
              <a href={`/console/v1/field-photos/${id}`} target="_blank" rel="noopener">
                <img
                  src={`/console/v1/field-photos/${id}`}
                  alt={`#${stop.number}, ${i + 1} of ${stop.photos.length}`}
                  width={64}
                  height={64}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {stop.waitingPhotos.length ? (
        <span className="muted">
          {stop.waitingPhotos.length === 1 ? '1 photo' : `${stop.waitingPhotos.length} photos`} waiting to send
        </span>
      ) : null}
    </>
  );
}
