'use client';

import { useId, useState } from 'react';
import { ActionButton } from '../../../components/action-button';
import { type ApiError, api, call } from '../../../lib/api';
import { words } from './format';
import { PermitOverride } from './permit-override';
import type { JobStatus, OrderStatus } from './types';

/** The move as the API takes it: `to` is one of the moves the record offered. */
const move = (kind: 'order' | 'job', number: number, to: string) =>
  kind === 'order'
    ? api.POST('/orders/{order_number}/status', {
        params: { path: { order_number: number } },
        body: { status: to as OrderStatus },
      })
    : api.POST('/jobs/{job_number}/status', {
        params: { path: { job_number: number } },
        body: { status: to as JobStatus },
      });

/**
 * Moves an order or job to one of the statuses its rule allows (the API says which): a select and a button.
 * The API emits the Data API's status event and records who moved it. A delivery refused for its missing
 * street permit says why, with the owner's override (PermitOverride).
 */
export function MoveControl(props: { kind: 'order' | 'job'; number: number; moves: string[]; onMoved: () => void }) {
  const { kind, number, moves, onMoved } = props;
  const [picked, setTo] = useState(moves[0] ?? '');
  const [refused, setRefused] = useState<ApiError | null>(null);
  const id = useId();
  // After a move the allowed moves change: a choice no longer offered falls back to the first.
  const to = moves.includes(picked) ? picked : (moves[0] ?? '');
  if (!moves.length) return <span className="muted">No further moves</span>;
  const label = `${kind === 'order' ? 'Order' : 'Job'} #${number}`;
  return (
    <span className="action">
      <label htmlFor={id} className="visually-hidden">
        {`Move ${label} to`}
      </label>
      <select id={id} value={to} onChange={(e) => setTo(e.target.value)}>
        {moves.map((m) => (
          <option key={m} value={m}>
            {words(m)}
          </option>
        ))}
      </select>{' '}
      <ActionButton
        action={async () => {
          const result = await call(move(kind, number, to));
          setRefused(!result.ok && result.error.code === 'permit_required' ? result.error : null);
          return result;
        }}
        pendingLabel="Moving…"
        successMessage={`${label} moved to ${words(to)}.`}
        onSuccess={onMoved}
        aria-label={`Move ${label}`}
      >
        Move
      </ActionButton>
      {refused && kind === 'order' ? (
        <PermitOverride
          number={number}
          refusal={refused}
          onDone={() => {
            setRefused(null);
            onMoved();
          }}
        />
      ) : null}
    </span>
  );
}
