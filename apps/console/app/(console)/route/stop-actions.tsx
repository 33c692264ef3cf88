'use client';

import { useId, useRef, useState } from 'react';
import { ACTION_LABELS, type FailureReason, type FieldAction, type ShownStop } from '../../../lib/field-queue';
import { DeliveredForm, FailedForm, TicketForm } from './action-forms';

/** What a tap asks the page to queue: the action, and the photo, reason or ticket it takes. */
export type ActInput = {
  action: FieldAction;
  reason?: FailureReason;
  photo?: Blob;
  ticket?: { net_tons: number; landfill_cost: number };
};

/** The actions that ask for something first (a photo, a reason, a ticket) open a short form under the buttons. */
const ASKS = new Set<FieldAction>(['delivered', 'failed', 'weigh_ticket']);

/**
 * The big buttons of what the driver may do at a stop now, in the API's order: one tap for a status move,
 * a short form for the rest. A button is ignored while its tap is being kept (a double tap queues once).
 */
export function StopActions({ stop, onAct }: { stop: ShownStop; onAct: (input: ActInput) => Promise<boolean> }) {
  const [open, setOpen] = useState<FieldAction | null>(null);
  const busy = useRef(false);
  const panel = useId();
  if (stop.actions.length === 0) return null;

  async function run(input: ActInput) {
    if (busy.current) return false;
    busy.current = true;
    try {
      const kept = await onAct(input);
      if (kept) setOpen(null);
      return kept;
    } finally {
      busy.current = false;
    }
  }

  const where = `#${stop.number}`;
  const shownForm = open && stop.actions.includes(open) ? open : null;
  return (
    <div className="stop-actions">
      <div className="stop-buttons">
        {stop.actions.map((action) => {
          const tone = action === 'failed' ? 'btn-quiet' : 'btn-primary';
          return ASKS.has(action) ? (
            <button
              key={action}
              type="button"
              className={`btn btn-big ${tone}`}
              aria-expanded={shownForm === action}
              aria-controls={shownForm === action ? panel : undefined}
              onClick={() => setOpen(shownForm === action ? null : action)}
            >
              {ACTION_LABELS[action]}
            </button>
          ) : (
            <button key={action} type="button" className={`btn btn-big ${tone}`} onClick={() => run({ action })}>
              {ACTION_LABELS[action]}
            </button>
          );
        })}
      </div>
      {shownForm === 'delivered' ? (
        <DeliveredForm
          id={panel}
          where={where}
          onCancel={() => setOpen(null)}
          onSubmit={(photo) => run({ action: 'delivered', photo })}
        />
      ) : null}
      {shownForm === 'failed' ? (
        <FailedForm
          id={panel}
          where={where}
          onCancel={() => setOpen(null)}
          onSubmit={(reason) => run({ action: 'failed', reason })}
        />
      ) : null}
      {shownForm === 'weigh_ticket' ? (
        <TicketForm
          id={panel}
          where={where}
          onCancel={() => setOpen(null)}
          onSubmit={(ticket, photo) => run({ action: 'weigh_ticket', ticket, ...(photo ? { photo } : {}) })}
        />
      ) : null}
    </div>
  );
}
