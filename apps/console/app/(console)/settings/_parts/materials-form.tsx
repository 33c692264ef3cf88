'use client';

import { Rows } from './rows';
import { Check, Input, SectionForm } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

type Materials = Settings['sections']['materials'];

/** What customers may put in a dumpster: the question on the booking page and its answers. */
export function MaterialsForm({ initial, onSaved }: SectionProps<Materials>) {
  const form = useSection('materials', initial, onSaved);
  return (
    <SectionForm form={form} label="Materials">
      <Check form={form} path="enabled" label="Ask what goes in the dumpster" />
      <Check form={form} path="required" label="An answer is required" />
      <Input form={form} path="note" label="Note under the question" />
      <Rows
        form={form}
        path="items"
        noun="a material"
        title={(r) => (r.label as string) || 'New material'}
        blank={() => ({ slug: '', label: '', explanation: null, requires_ack: false, is_heavy: false, active: true })}
        columns={[
          { field: 'slug', label: 'Key' },
          { field: 'label', label: 'Name' },
          { field: 'explanation', label: 'Explanation', kind: 'nullable-text' },
          { field: 'requires_ack', label: 'Customer must agree', kind: 'check' },
          { field: 'is_heavy', label: 'Heavy', kind: 'check' },
          { field: 'active', label: 'Offered', kind: 'check' },
        ]}
      />
    </SectionForm>
  );
}
