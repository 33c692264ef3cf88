'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMe } from '../../../components/me';
import type { ApiError, ApiResult } from '../../../lib/api';
import { overridePermit } from '../../../lib/permit-api';
import { deadlineDay } from '../../../lib/permits';

type Details = { rule?: string; apply_by?: string };

/**
 * A delivery refused for "out for delivery" because its street permit is not recorded (409 permit_required):
 * why, where to record it, and for an owner the override: send it out anyway, with a reason kept in the
 * audit. Staff are told to ask an owner (the API refuses them the override).
 */
export function PermitOverride(props: { number: number; refusal: ApiError; onDone: () => void }) {
  const { number } = props;
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  const d = (props.refusal.details ?? {}) as Details;
  const about = [d.rule, d.apply_by ? `apply by ${deadlineDay(d.apply_by)}` : ''].filter(Boolean).join(', ');
  const why = `Order #${number} needs its street permit${about ? ` (${about})` : ''}.`;
  const send = (): Promise<ApiResult<unknown>> => {
    const text = reason.trim();
    if (!text || text.length > 500)
      return Promise.resolve({
        ok: false,
        status: 0,
        error: { code: 'invalid_body', message: 'Write why it goes out without a permit (up to 500 characters).' },
      });
    return overridePermit(number, text);
  };
  return (
    <span className="permit-refusal" data-testid={`permit-refusal-${number}`}>
      <span>
        {why} <Link href={`/orders/${number}#permit`}>Record the permit</Link>
        {me.isOwner ? ' or ' : '. Only an owner can send it out without one.'}
      </span>
      {me.isOwner ? (
        <button type="button" className="btn btn-link" onClick={() => setOpen(true)}>
          send it out without one
        </button>
      ) : null}
      <ConfirmDialog
        open={open}
        title={`Send order #${number} out without a permit?`}
        confirmLabel="Send it out"
        pendingLabel="Sending…"
        tone="danger"
        onConfirm={send}
        onDone={() => {
          setOpen(false);
          props.onDone();
        }}
        onCancel={() => setOpen(false)}
      >
        <p>
          The city may fine a dumpster on the street without its permit. Your reason and your name are kept on the
          order.
        </p>
        <label htmlFor={id}>Reason</label>
        <textarea id={id} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </ConfirmDialog>
    </span>
  );
}
