'use client';

import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field';
import { useToast } from '../../../components/notice';
import { api, call } from '../../../lib/api';
import { countsChanged } from '../../../lib/counts';
import type { Decision } from './types';

type Target = { kind: 'order' | 'job'; number: number };
const approve = ({ kind, number }: Target) =>
  kind === 'order'
    ? api.POST('/orders/{order_number}/approve', { params: { path: { order_number: number } } })
    : api.POST('/jobs/{job_number}/approve', { params: { path: { job_number: number } } });
const reject = ({ kind, number }: Target, reason: string | undefined) =>
  kind === 'order'
    ? api.POST('/orders/{order_number}/reject', { params: { path: { order_number: number } }, body: { reason } })
    : api.POST('/jobs/{job_number}/reject', { params: { path: { job_number: number } }, body: { reason } });
const name = (t: Target) => `${t.kind === 'order' ? 'Order' : 'Job'} #${t.number}`;

/**
 * Approve and Reject of a held order or job, each behind a confirm dialog (reject asks a reason, kept in the
 * audit). The server refuses a second decision (409 with a sentence), so two tabs cannot charge twice.
 */
export function DecideButtons({ target, onDone }: { target: Target; onDone: () => void }) {
  const [open, setOpen] = useState<'approve' | 'reject'>();
  const [reason, setReason] = useState('');
  const toast = useToast();
  const done = (verb: string) => (d: Decision) => {
    setOpen(undefined);
    toast.show(`${name(target)} ${verb}: ${d.status.replaceAll('_', ' ')}.`);
    countsChanged();
    onDone();
  };
  return (
    <span className="action">
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => setOpen('approve')}
        aria-label={`Approve ${name(target)}`}
      >
        Approve
      </button>{' '}
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => setOpen('reject')}
        aria-label={`Reject ${name(target)}`}
      >
        Reject
      </button>
      <ConfirmDialog<Decision>
        open={open === 'approve'}
        title={`Approve ${name(target)}?`}
        confirmLabel="Approve and charge"
        pendingLabel="Approving…"
        onConfirm={() => call(approve(target))}
        onDone={done('approved')}
        onCancel={() => setOpen(undefined)}
      >
        <p>
          The customer&apos;s card is charged now and the booking is confirmed; your integrations get booking.released.
        </p>
      </ConfirmDialog>
      <ConfirmDialog<Decision>
        open={open === 'reject'}
        title={`Reject ${name(target)}?`}
        confirmLabel="Reject and release the card"
        pendingLabel="Rejecting…"
        tone="danger"
        onConfirm={() => call(reject(target, reason || undefined))}
        onDone={done('rejected')}
        onCancel={() => setOpen(undefined)}
      >
        <p>
          The authorization on the customer&apos;s card is released (nothing is charged) and they get an e-mail saying
          the booking could not be accepted.
        </p>
        <Field
          label="Reason (kept in the history, not sent to the customer)"
          name="reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </span>
  );
}
