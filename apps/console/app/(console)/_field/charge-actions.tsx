'use client';

import { ActionButton } from '../../../components/action-button';
import { api, call } from '../../../lib/api';
import type { FieldCharge } from './types';
import { chargeActions, chargeFor } from './words';

/**
 * What the office may still do to a charge: Hold (not charged until released) and Release at once, Adjust and
 * Waive through their dialog (ChargeDialog), each named with its charge for a screen reader's list of buttons.
 */
export function ChargeActions(props: {
  charge: FieldCharge;
  onAct: (action: 'adjust' | 'waive') => void;
  onChanged: (charge: FieldCharge) => void;
}) {
  const { charge, onAct, onChanged } = props;
  const actions = chargeActions(charge.status);
  if (!actions.length) return <span className="muted">Nothing to do</span>;
  const what = chargeFor(charge);
  const toggle = actions.includes('hold') ? 'hold' : actions.includes('release') ? 'release' : null;
  const decide = (action: 'hold' | 'release') =>
    call(api.POST('/field-charges/{id}', { params: { path: { id: charge.id } }, body: { action } }));
  return (
    <span className="row-actions">
      {toggle ? (
        // One button that reads Hold or Release: it stays where it is (and keeps focus) as the status flips.
        <ActionButton
          key="toggle"
          action={() => decide(toggle)}
          pendingLabel={toggle === 'hold' ? 'Holding…' : 'Releasing…'}
          successMessage={`The charge for ${what} is ${toggle === 'hold' ? 'held' : 'released'}.`}
          onSuccess={onChanged}
          aria-label={`${toggle === 'hold' ? 'Hold' : 'Release'} the charge for ${what}`}
        >
          {toggle === 'hold' ? 'Hold' : 'Release'}
        </ActionButton>
      ) : null}
      <button
        type="button"
        className="btn"
        onClick={() => onAct('adjust')}
        aria-label={`Adjust the charge for ${what}`}
      >
        Adjust
      </button>
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => onAct('waive')}
        aria-label={`Waive the charge for ${what}`}
      >
        Waive
      </button>
    </span>
  );
}
