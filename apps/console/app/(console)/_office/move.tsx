'use client';

import { useId, useState } from 'react';
import { ActionButton } from '../../../components/action-button';
import { api, call } from '../../../lib/api';
import { words } from './format';
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
 * The API emits the Data API's status event and records who moved it.
 */
export function MoveControl(props: { kind: 'order' | 'job'; number: number; moves: string[]; onMoved: () => void }) {
  const { kind, number, moves, onMoved } = props;
  const [picked, setTo] = useState(moves[0] ?? '');
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
        action={() => call(move(kind, number, to))}
        pendingLabel="Moving…"
        successMessage={`${label} moved to ${words(to)}.`}
        onSuccess={onMoved}
        aria-label={`Move ${label}`}
      >
        Move
      </ActionButton>
    </span>
  );
}
