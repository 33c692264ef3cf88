'use client';

import { Rows } from './rows';
import { SectionForm } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

type S = Settings['sections'];

export function ClosedDaysForm({ initial, onSaved }: SectionProps<S['closed_days']>) {
  const form = useSection('closed-days', initial, onSaved);
  return (
    <SectionForm form={form} label="Closed days">
      <p className="muted">Days nothing is delivered or picked up: holidays, and blackouts like a yard inventory.</p>
      <Rows
        form={form}
        path="closed_dates"
        noun="a closed day"
        title={(r) => (r.date as string) || 'New closed day'}
        blank={() => ({ date: '', kind: 'holiday', reason: '' })}
        columns={[
          { field: 'date', label: 'Date', type: 'date' },
          {
            field: 'kind',
            label: 'Kind',
            options: [
              ['holiday', 'Holiday'],
              ['blackout', 'Blackout'],
            ],
          },
          { field: 'reason', label: 'Reason' },
        ]}
      />
    </SectionForm>
  );
}

export function PromosForm({ initial, onSaved }: SectionProps<S['promos']>) {
  const form = useSection('promos', initial, onSaved);
  return (
    <SectionForm form={form} label="Promo codes">
      <Rows
        form={form}
        path="promo_codes"
        noun="a promo code"
        title={(r) => (r.code as string) || 'New promo code'}
        blank={() => ({
          code: '',
          type: 'percent',
          percent: 10,
          valid_from: null,
          valid_to: null,
          max_uses: null,
          active: true,
        })}
        columns={[
          { field: 'code', label: 'Code' },
          {
            field: 'type',
            label: 'Discount',
            options: [
              ['percent', 'Percent off'],
              ['amount', 'Dollars off'],
            ],
          },
          { field: 'percent', label: 'Percent', kind: 'optional-number' },
          { field: 'amount', label: 'Dollars', kind: 'optional-number' },
          { field: 'valid_from', label: 'From', type: 'date', kind: 'nullable-text' },
          { field: 'valid_to', label: 'Until', type: 'date', kind: 'nullable-text' },
          { field: 'max_uses', label: 'Uses at most', kind: 'nullable-number' },
          { field: 'active', label: 'Active', kind: 'check' },
        ]}
      />
    </SectionForm>
  );
}
