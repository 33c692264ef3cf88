'use client';

import { Input, money, SectionForm } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

type Fees = NonNullable<Settings['sections']['card_fees']>;

/** Who pays the card fee (owners only: the API refuses staff). */
export function CardFeesForm({ initial, onSaved }: SectionProps<Fees>) {
  const form = useSection<Record<string, unknown>>('card-fees', initial as Record<string, unknown>, onSaved);
  const pays = form.values.handling === 'customer_pays';
  const choose = (handling: string) =>
    form.setValues(
      handling === 'customer_pays' ? { handling, percent: 2.9, fixed: 0.3, ...initialFees(initial) } : { handling },
    );
  return (
    <SectionForm form={form} label="Card fees">
      <fieldset>
        <legend>Who pays the card fee</legend>
        <label className="inline-check">
          <input type="radio" name="handling" checked={!pays} onChange={() => choose('company_absorbs')} /> The company
          (prices include it)
        </label>
        <label className="inline-check">
          <input type="radio" name="handling" checked={pays} onChange={() => choose('customer_pays')} /> The customer
          (added to the total)
        </label>
      </fieldset>
      {pays ? (
        <>
          <Input
            form={form}
            path="percent"
            label="Percent of the total"
            kind="number"
            inputMode="decimal"
            hint="At most 10"
          />
          <Input form={form} path="fixed" label="Plus a fixed amount ($)" {...money} kind="number" />
        </>
      ) : null}
    </SectionForm>
  );
}

const initialFees = (fees: Fees) =>
  fees.handling === 'customer_pays' ? { percent: fees.percent, fixed: fees.fixed } : {};
