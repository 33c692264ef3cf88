'use client';

import { Rows } from './rows';
import { Check, Input, TextArea } from './section-form';
import type { SectionFormApi } from './use-section';

/**
 * The rest of junk removal: its own closed days, where it is offered, what the crews do not take, the fees
 * charged on site, the customer's photos and the texts the customer agrees to.
 */
export function JunkExtras({ form }: { form: SectionFormApi }) {
  return (
    <>
      <h3>Days without junk removal</h3>
      <p className="muted">Besides the company's closed days: days the crews do not work (a truck in the shop).</p>
      <Rows
        form={form}
        path="junk.blackout_dates"
        noun="a day without junk removal"
        title={(r) => (r.date as string) || 'New day'}
        blank={() => ({ date: '', reason: '' })}
        columns={[
          { field: 'date', label: 'Date', type: 'date' },
          { field: 'reason', label: 'Reason' },
        ]}
      />
      <h3>Where junk removal is offered</h3>
      <TextArea
        form={form}
        path="junk.service_area.zips"
        label="ZIP and postal codes for junk removal"
        hint="One per line or separated by commas; empty uses the codes of the booking rules"
        lines={{ nullWhenEmpty: true }}
      />
      <h3>What the crews do not take</h3>
      <Rows
        form={form}
        path="junk.not_accepted"
        noun="an item not taken"
        title={(r) => (r.label as string) || 'New item'}
        blank={() => ({ label: '', note: null })}
        columns={[
          { field: 'label', label: 'Item' },
          { field: 'note', label: 'Note', kind: 'nullable-text' },
        ]}
      />
      <h3>Fees charged on site</h3>
      <p className="muted">Shown on the booking page and charged on site when they apply, never online.</p>
      <Rows
        form={form}
        path="junk.extra_fees"
        noun="a fee"
        title={(r) => (r.label as string) || 'New fee'}
        blank={() => ({ label: '', amount: 0, note: null })}
        columns={[
          { field: 'label', label: 'Fee' },
          { field: 'amount', label: 'Amount ($)', kind: 'number' },
          { field: 'note', label: 'When it applies', kind: 'nullable-text' },
        ]}
      />
      <h3>Photos</h3>
      <div className="field-row">
        <Check form={form} path="junk.photos.enabled" label="Customers may add photos" />
        <Input form={form} path="junk.photos.max_count" label="Photos at most (1 to 3)" kind="number" />
      </div>
      <h3>Terms</h3>
      <TextArea form={form} path="junk.terms" label="Terms the customer agrees to" rows={5} />
      <TextArea form={form} path="junk.cancellation_policy" label="Cancellation policy" rows={3} />
    </>
  );
}
