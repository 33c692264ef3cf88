import { StatusBadge } from '../../../components/status-badge';
import type { StopRoute } from './types';
import { clock, FAILURE, STATE } from './words';

/**
 * A stop's state from the field: its badge, when the driver sent it, why it failed, and "Overdue" when its
 * day (a junk job: its window) is over and it is not done.
 */
export function StopState({ route }: { route: Pick<StopRoute, 'field_state' | 'state_at' | 'failure' | 'overdue'> }) {
  const state = STATE[route.field_state];
  return (
    <span className="stop-state">
      <StatusBadge status={route.field_state} label={state.label} tone={state.tone} />
      {route.state_at ? (
        <>
          {' '}
          <time className="muted" dateTime={route.state_at}>
            {clock(route.state_at)}
          </time>
        </>
      ) : null}
      {route.failure ? <span>: {FAILURE[route.failure]}</span> : null}
      {route.overdue ? (
        <>
          {' '}
          <StatusBadge status="overdue" label="Overdue" tone="warning" />
        </>
      ) : null}
    </span>
  );
}
