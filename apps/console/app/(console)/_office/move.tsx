'use client';

import { useId, useState } from 'react';
import { ActionButton } from '../../../components/action-button';
import { consoleFetch } from '../../../lib/api';
import { words } from './format';

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
        action={() =>
          consoleFetch('POST', `/${kind === 'order' ? 'orders' : 'jobs'}/${number}/status`, { body: { status: to } })
        }
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
