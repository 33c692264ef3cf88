'use client';

import { Check, Input, money, SectionForm } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

type Sizes = Settings['sections']['sizes'];
const LENGTHS = [
  ['d3', '3 days'],
  ['d7', '7 days'],
  ['d10', '10 days'],
  ['d14', '14 days'],
  ['d30', '30 days'],
] as const;

const blank = (n: number) => ({
  key: `size-${n}`,
  label: '',
  yards: 10,
  description: '',
  image_url: null,
  included_tons: 1,
  overage_per_ton: null,
  prices: { d3: null, d7: null, d10: null, d14: null, d30: null, extra_day: 0 },
  tax: { enabled: false, percent: 0 },
  fuel_environmental_fee: { enabled: false, amount: 0 },
  is_default: false,
  is_popular: false,
  active: true,
});

/** Sizes and their prices by rental length, in dollars. A size switched off stays in the list. */
export function SizesForm({ initial, onSaved }: SectionProps<Sizes>) {
  const form = useSection('sizes', initial, onSaved);
  const sizes = form.values.sizes;
  return (
    <SectionForm form={form} label="Sizes and prices">
      {sizes.map((size, i) => (
        <fieldset key={`${size.key}-${i}`} className="size-card" data-testid={`size-${size.key}`}>
          <legend>{size.label || 'New size'}</legend>
          <div className="field-row">
            <Input form={form} path={`sizes.${i}.label`} label="Name" />
            <Input form={form} path={`sizes.${i}.key`} label="Key" hint="Stable, used by your site" />
            <Input form={form} path={`sizes.${i}.yards`} label="Cubic yards" kind="number" inputMode="decimal" />
            <Input
              form={form}
              path={`sizes.${i}.included_tons`}
              label="Tons included"
              kind="number"
              inputMode="decimal"
            />
          </div>
          <div className="field-row">
            {LENGTHS.map(([d, label]) => (
              <Input key={d} form={form} path={`sizes.${i}.prices.${d}`} label={`Price for ${label} ($)`} {...money} />
            ))}
            <Input
              form={form}
              path={`sizes.${i}.prices.extra_day`}
              label="Each extra day ($)"
              {...money}
              kind="number"
            />
            <Input form={form} path={`sizes.${i}.overage_per_ton`} label="Each ton over ($)" {...money} />
          </div>
          <div className="field-row">
            <Check form={form} path={`sizes.${i}.tax.enabled`} label="Charge tax" />
            <Input form={form} path={`sizes.${i}.tax.percent`} label="Tax (%)" kind="number" inputMode="decimal" />
            <Check form={form} path={`sizes.${i}.fuel_environmental_fee.enabled`} label="Fuel and environmental fee" />
            <Input
              form={form}
              path={`sizes.${i}.fuel_environmental_fee.amount`}
              label="Fee ($)"
              {...money}
              kind="number"
            />
          </div>
          <div className="field-row">
            <Check form={form} path={`sizes.${i}.active`} label="Offered" />
            <Check form={form} path={`sizes.${i}.is_popular`} label="Marked popular" />
            <Check form={form} path={`sizes.${i}.is_default`} label="Chosen first" />
          </div>
        </fieldset>
      ))}
      <p>
        <button type="button" className="btn" onClick={() => form.update('sizes', [...sizes, blank(sizes.length + 1)])}>
          Add a size
        </button>
      </p>
    </SectionForm>
  );
}
