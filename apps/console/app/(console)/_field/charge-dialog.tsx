'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type ApiResult, api, call } from '../../../lib/api';
import { money } from '../_office/format';
import type { FieldCharge } from './types';
import { chargeFor } from './words';

export type Acting = { charge: FieldCharge; action: 'adjust' | 'waive' };

const refuse = (message: string, field: string): Promise<ApiResult<FieldCharge>> =>
  Promise.resolve({ ok: false, error: { code: 'invalid_body', message, field }, status: 0 });

/** A new overage as typed: dollars and cents from 0 to 100,000, or why not. */
function amountOf(text: string): number | string {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100_000) {
    return 'Give the new overage in dollars, from 0 to 100,000.';
  }
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return 'Give the amount in dollars and cents.';
  return value;
}

/**
 * Adjusting a field charge (the new overage before tax, and why) or waiving it (why), in the console's modal
 * dialog: focus starts on the first field, Esc or Cancel closes it, the API's refusal stays in it. Tax and
 * the card fee are worked out again by the API from the new amount.
 */
export function ChargeDialog(props: {
  acting: Acting | undefined;
  onDone: (charge: FieldCharge) => void;
  onCancel: () => void;
}) {
  const { acting, onDone, onCancel } = props;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const first = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const adjusting = acting?.action === 'adjust';
  useEffect(() => {
    if (!acting) return;
    setAmount(String(acting.charge.amount));
    setReason('');
    // After the dialog opened (its own effect ran first and focused Cancel): the first field takes focus.
    (acting.action === 'adjust' ? first.current : reasonField.current)?.focus();
  }, [acting]);

  function confirm(): Promise<ApiResult<FieldCharge>> {
    if (!acting) return refuse('Nothing to change.', 'action');
    const why = reason.trim();
    if (why.length < 3 || why.length > 500) return refuse('Say why, in 3 to 500 characters.', 'reason');
    const path = { params: { path: { id: acting.charge.id } } };
    if (acting.action === 'waive') {
      return call(api.POST('/field-charges/{id}', { ...path, body: { action: 'waive', reason: why } }));
    }
    const value = amountOf(amount);
    if (typeof value === 'string') return refuse(value, 'amount');
    return call(api.POST('/field-charges/{id}', { ...path, body: { action: 'adjust', amount: value, reason: why } }));
  }

  const what = acting ? `${chargeFor(acting.charge)}, ${acting.charge.customer_name}` : '';
  return (
    <ConfirmDialog<FieldCharge>
      open={acting !== undefined}
      title={adjusting ? `Adjust the charge for ${what}` : `Waive the charge for ${what}`}
      confirmLabel={adjusting ? 'Save the new amount' : 'Waive the charge'}
      pendingLabel={adjusting ? 'Saving…' : 'Waiving…'}
      tone={adjusting ? 'primary' : 'danger'}
      onConfirm={confirm}
      onDone={onDone}
      onCancel={onCancel}
    >
      {acting ? (
        <>
          <p>
            {adjusting
              ? `Now ${money(acting.charge.amount, acting.charge.currency)} before tax. Tax and the card fee follow the new amount.`
              : `The customer owes nothing for it and is not charged ${money(acting.charge.gross_total, acting.charge.currency)}.`}
          </p>
          {adjusting ? (
            <div className="field">
              <label htmlFor={`${id}-amount`}>New amount before tax (dollars)</label>
              <input
                ref={first}
                id={`${id}-amount`}
                name="amount"
                type="number"
                inputMode="decimal"
                min={0}
                max={100000}
                step={0.01}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <span className="hint" id={`${id}-reason-hint`}>
              Kept with the charge for the office (3 to 500 characters).
            </span>
            <textarea
              ref={reasonField}
              id={`${id}-reason`}
              name="reason"
              rows={3}
              maxLength={500}
              aria-describedby={`${id}-reason-hint`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
