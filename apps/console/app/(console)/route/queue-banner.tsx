'use client';

import { bannerText } from '../../../lib/field-queue';
import type { FieldQueue } from './use-field-queue';

/**
 * What the phone has not sent yet, said plainly ("Offline: 2 actions waiting to send", "Sending…", "All
 * sent."), in a status region that is always there (so each change is read out), and each refusal as an alert
 * the driver dismisses.
 */
export function QueueBanner({ queue }: { queue: FieldQueue }) {
  const text = bannerText(queue);
  const tone = queue.sending ? 'info' : queue.queued.length ? 'warning' : text ? 'success' : 'none';
  return (
    <>
      <p
        className={`queue-banner tone-${tone}`}
        role="status"
        data-testid="queue-banner"
        data-waiting={queue.queued.length}
      >
        {text}
      </p>
      {queue.refusals.map((r) => (
        <div key={r.item.id} className="notice tone-danger refusal" role="alert">
          <p>{r.message}</p>
          <button type="button" className="btn" onClick={() => queue.dismiss(r)}>
            Dismiss
          </button>
        </div>
      ))}
    </>
  );
}
