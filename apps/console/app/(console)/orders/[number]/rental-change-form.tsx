'use client';

import { useId, useState } from 'react';
import { ActionButton } from '../../../../components/action-button';
import { Field } from '../../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../../components/form';
import { LiveRegion } from '../../../../components/live-region';
import { type ApiResult, api, call } from '../../../../lib/api';
import { money } from '../../_office/format';
import {
  type ChangeKind,
  type ChangeQuote,
  type ChangeRequest,
  changeBody,
  changeOutcome,
  KIND_FIELDS,
  KIND_LABELS,
  newAttemptKey,
  type RentalBooking,
  type RentalChange,
} from './rental';
import { QuoteSummary } from './rental-quote';

/** A priced change waiting for the office's go, with the one Idempotency-Key its attempts share. */
type Pending = { quote: ChangeQuote; body: ChangeRequest; key: string };

/**
 * A change made for a customer on the phone: the kind and its field, "See the price" (nothing is written),
 * then the change, charged to the card saved at booking when it costs something. A double click or a retry
 * sends the same Idempotency-Key, so the card is charged once; changing the form prices it again.
 */
export function RentalChangeForm(props: { number: number; rental: RentalBooking; onChanged: () => void }) {
  const { number, rental, onChanged } = props;
  const kinds = rental.changes_allowed;
  const [picked, setKind] = useState<ChangeKind>(kinds[0] ?? 'extend');
  const kind = kinds.includes(picked) ? picked : (kinds[0] ?? 'extend');
  const [value, setValue] = useState('');
  const [pending, setPending] = useState<Pending>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'warning'; text: string }>();
  const field = KIND_FIELDS[kind];
  const quoteId = useId();
  const path = { order_number: number };

  const form = useApiForm(
    async (): Promise<ApiResult<Pending>> => {
      setOutcome(undefined);
      if (!value.trim()) {
        const text = `Enter the ${field.label.toLowerCase()}.`;
        return { ok: false as const, status: 400, error: { code: 'invalid_body', message: text, field: field.name } };
      }
      const body = changeBody(kind, value.trim());
      const result = await call(api.POST('/orders/{order_number}/changes/quote', { params: { path }, body }));
      return result.ok ? { ...result, data: { quote: result.data, body, key: newAttemptKey() } } : result;
    },
    (priced: Pending) => setPending(priced),
  );

  const edit = (apply: () => void) => {
    apply();
    setPending(undefined);
    form.setErrors({ fields: {} });
  };

  if (!kinds.length)
    return (
      <p className="muted">No change can be made to this booking now (its status or its days do not allow one).</p>
    );

  const gross = pending?.quote.amounts.gross_total ?? 0;
  const label =
    gross > 0
      ? rental.card_saved
        ? `Charge ${money(gross, pending?.quote.amounts.currency)} to the saved card and change`
        : 'Make the change (the customer pays on their page)'
      : 'Change';

  return (
    <form {...form.formProps} aria-labelledby={`${quoteId}-title`}>
      <h3 id={`${quoteId}-title`}>Make a change for the customer</h3>
      <Field label="Change" name="kind">
        {(control) => (
          <select
            {...control}
            value={kind}
            onChange={(e) =>
              edit(() => {
                setKind(e.target.value as ChangeKind);
                setValue('');
              })
            }
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        key={kind}
        label={field.label}
        name={field.name}
        type={field.type}
        inputMode={field.type === 'number' ? 'numeric' : undefined}
        min={field.type === 'number' ? 1 : undefined}
        max={field.type === 'number' ? 30 : undefined}
        value={value}
        error={form.errors[field.name]}
        hint={hintFor(kind, rental)}
        onChange={(e) => edit(() => setValue(e.target.value))}
      />
      <FormMessage message={form.formError} />
      {pending ? <QuoteSummary quote={pending.quote} /> : null}
      <div className="form-actions">
        {pending ? (
          <>
            <ActionButton<RentalChange>
              tone="primary"
              pendingLabel="Changing…"
              action={() =>
                call(
                  api.POST('/orders/{order_number}/changes', {
                    params: { path, header: { 'idempotency-key': pending.key } },
                    body: pending.body,
                  }),
                )
              }
              onSuccess={(change) => {
                setPending(undefined);
                setValue('');
                setOutcome(changeOutcome(change, rental.card_saved));
                onChanged();
              }}
            >
              {label}
            </ActionButton>
            <button type="button" className="btn" onClick={() => setPending(undefined)}>
              Cancel
            </button>
          </>
        ) : (
          <SubmitButton pending={form.pending} pendingLabel="Pricing…">
            See the price
          </SubmitButton>
        )}
      </div>
      {outcome ? <div className={`notice tone-${outcome.tone}`}>{outcome.text}</div> : null}
      <LiveRegion message={outcome?.text} />
    </form>
  );
}

/** Under the field: what one day costs, until when a delivery moves, the swap's fee, no refund for an early end. */
function hintFor(kind: ChangeKind, r: RentalBooking): string {
  switch (kind) {
    case 'extend':
      return `1 to 30 days, ${money(r.extra_day_price, r.currency)} a day before tax and card fee.`;
    case 'end_early':
      return 'From tomorrow, before the booked pickup day. No refund: the days already paid for are not paid back.';
    case 'move_delivery':
      return r.move_cutoff
        ? `The rental keeps its length. The delivery can move until ${r.move_cutoff}.`
        : 'The rental keeps its length.';
    case 'swap':
      return r.swap_price === null
        ? 'Between delivery and pickup.'
        : `Between delivery and pickup; ${money(r.swap_price, r.currency)} before tax and card fee.`;
  }
}
