'use client';

import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { LiveRegion } from '../../../../components/live-region';
import { api, call } from '../../../../lib/api';
import type { LinkResult } from './rental';

const earlier = (n: number) =>
  n === 0
    ? 'No earlier link was working.'
    : n === 1
      ? '1 earlier link stopped working.'
      : `${n} earlier links stopped working.`;

/**
 * The customer's My booking link: a fresh one sent by e-mail and text (earlier ones stop working), or every
 * link stopped. Each behind a confirm step; what the API did is said under the buttons.
 */
export function RentalLinkButtons({ number }: { number: number }) {
  const [open, setOpen] = useState<'send' | 'stop'>();
  const [said, setSaid] = useState<{ tone: 'success' | 'warning'; text: string }>();
  const path = { order_number: number };
  const done = (tone: 'success' | 'warning', text: string) => {
    setOpen(undefined);
    setSaid({ tone, text });
  };
  return (
    <div>
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          onClick={() => {
            setSaid(undefined);
            setOpen('send');
          }}
        >
          Send the customer a new link
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            setSaid(undefined);
            setOpen('stop');
          }}
        >
          Stop the link
        </button>
      </div>
      {said ? <div className={`notice tone-${said.tone}`}>{said.text}</div> : null}
      <LiveRegion message={said?.text} />
      <ConfirmDialog<LinkResult>
        open={open === 'send'}
        title={`Send a new My booking link for Order #${number}?`}
        confirmLabel="Send the new link"
        pendingLabel="Sending…"
        onConfirm={() => call(api.POST('/orders/{order_number}/rental-link', { params: { path } }))}
        onDone={(d) =>
          done(
            'success',
            `A new link was sent to ${d.sent_to ?? 'the customer'} by e-mail and text. ${earlier(d.revoked)}`,
          )
        }
        onCancel={() => setOpen(undefined)}
      >
        <p>The customer gets a fresh link to their booking by e-mail and text. Every link sent before stops working.</p>
      </ConfirmDialog>
      <ConfirmDialog<LinkResult>
        open={open === 'stop'}
        title={`Stop every My booking link of Order #${number}?`}
        confirmLabel="Stop the link"
        pendingLabel="Stopping…"
        tone="danger"
        onConfirm={() => call(api.DELETE('/orders/{order_number}/rental-link', { params: { path } }))}
        onDone={(d) =>
          done(
            'warning',
            `${d.revoked === 1 ? 'The link' : `${d.revoked} links`} stopped working. The customer cannot see or change the booking online until you send a new link.`,
          )
        }
        onCancel={() => setOpen(undefined)}
      >
        <p>
          The customer can no longer open their booking from any link sent before. Nothing is sent to them; send a new
          link when they need it again.
        </p>
      </ConfirmDialog>
    </div>
  );
}
