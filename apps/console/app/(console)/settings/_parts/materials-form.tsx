'use client';

import { Rows } from './rows';
import { Check, Input, SectionForm } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

type Materials = Settings['sections']['materials'];
type Form = ReturnType<typeof useSection<Materials>>;

const POLICIES = [
  ['all', 'Every size'],
  ['listed', 'Only the sizes listed below'],
] as const;

const OVERAGE = [
  ['inherit', "The size's own"],
  ['flat', 'None: the price is flat'],
  ['per_ton', 'Per ton (set below)'],
] as const;

/**
 * What customers may put in a dumpster: the question on the booking page and its answers. A material can
 * have its own price, weight limit and overage in a size (heavy materials), and may be offered in the
 * listed sizes only.
 */
export function MaterialsForm({
  initial,
  onSaved,
  sizes,
}: SectionProps<Materials> & { sizes: readonly (readonly [string, string])[] }) {
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
        blank={() => ({
          slug: '',
          label: '',
          explanation: null,
          requires_ack: false,
          is_catch_all: false,
          is_heavy: false,
          size_policy: 'all',
          sizes: [],
          active: true,
        })}
        columns={[
          { field: 'slug', label: 'Key' },
          { field: 'label', label: 'Name' },
          { field: 'explanation', label: 'Explanation', kind: 'nullable-text' },
          { field: 'size_policy', label: 'Offered in', options: POLICIES },
          { field: 'requires_ack', label: 'Customer must agree', kind: 'check' },
          { field: 'is_heavy', label: 'Heavy', kind: 'check' },
          { field: 'is_catch_all', label: 'Everything else', kind: 'check' },
          { field: 'active', label: 'Offered', kind: 'check' },
        ]}
        more={(i) => <MaterialSizes form={form} index={i} sizes={sizes} />}
      />
    </SectionForm>
  );
}

/** One material's prices by size: a price left empty keeps the size's own. */
function MaterialSizes({
  form,
  index,
  sizes,
}: {
  form: Form;
  index: number;
  sizes: readonly (readonly [string, string])[];
}) {
  const item = form.values.items?.[index];
  const name = item?.label || 'this material';
  return (
    <div className="nested" data-testid={`material-${item?.slug || index}-sizes`}>
      <h4>Prices of {name} by size</h4>
      <p className="muted">
        A size not listed uses its own prices. With “Only the sizes listed below”, the others are not offered for {name}
        .
      </p>
      <Rows
        form={form}
        path={`items.${index}.sizes`}
        noun="a size"
        title={(r) => `${name} in ${sizes.find(([k]) => k === r.size)?.[1] ?? 'a size'}`}
        blank={() => ({
          size: sizes[0]?.[0] ?? '',
          price: null,
          max_weight_tons: null,
          overage_mode: 'inherit',
          overage_per_ton: null,
        })}
        columns={[
          { field: 'size', label: 'Size', options: sizes },
          { field: 'price', label: 'Price for 7 days ($)', kind: 'nullable-number' },
          { field: 'max_weight_tons', label: 'Weight limit (tons)', kind: 'nullable-number' },
          { field: 'overage_mode', label: 'Over the weight', options: OVERAGE },
          { field: 'overage_per_ton', label: 'Each ton over ($)', kind: 'nullable-number' },
        ]}
      />
    </div>
  );
}
