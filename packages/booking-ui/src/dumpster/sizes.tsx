import type { Size } from '@svc/sdk';
import { money } from '../format';
import { ErrorText, Section } from '../ui/fields';
import type { Answers, FieldProps, SetAnswers } from './answers';
import type { Material } from './material';

/** The sizes that take the chosen material, at its price (null: the size's own prices). */
export function offeredSizes(sizes: Size[], material: Material | undefined, priced: boolean) {
  if (!material || material.size_policy === 'all') return sizes.map((size) => ({ size, materialPrice: null }));
  return material.sizes.flatMap((entry) => {
    const size = sizes.find((s) => s.id === entry.id);
    return size ? [{ size, materialPrice: priced ? entry.price : null }] : [];
  });
}

export function SizeSection(
  props: FieldProps & {
    offered: ReturnType<typeof offeredSizes>;
    answers: Answers;
    set: SetAnswers;
    currency: string;
    debrisOptions: Material[] | null;
    waitForMaterial: boolean;
  },
) {
  const { offered, answers, set, id, errors, currency } = props;
  return (
    <Section title="Choose your dumpster" id={id('size')}>
      {props.waitForMaterial ? (
        <p className="hint">Choose what you are throwing away first: the sizes and prices depend on it.</p>
      ) : null}
      <fieldset aria-describedby={errors.size ? `${id('size')}-err` : undefined}>
        <legend className="sr">Dumpster size</legend>
        <div className="cards">
          {offered.map(({ size, materialPrice }) => (
            <label className="card" key={size.id}>
              <input
                type="radio"
                name={id('size')}
                value={size.yards}
                checked={answers.sizeYards === size.yards}
                onChange={() => set({ sizeYards: size.yards })}
              />
              <span className="badges">
                {size.is_popular ? <span className="badge">Most popular</span> : null}
                {size.is_default ? <span className="badge default">Recommended</span> : null}
              </span>
              <span className="title">{size.label}</span>
              <span className="price">
                {materialPrice !== null
                  ? `${money(materialPrice, currency)} for 7 days`
                  : `from ${money(size.price_from, currency)}`}
              </span>
              <span className="meta">
                {size.included_tons} tons included
                {size.overage_per_ton !== null ? `, then ${money(size.overage_per_ton, currency)} per ton` : ''}
              </span>
              {size.description ? <span className="meta">{size.description}</span> : null}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorText id={id} errors={errors} field="size" />
      {props.debrisOptions ? (
        <div>
          <label htmlFor={id('debris')}>
            What will go in it? <span className="hint">Optional: helps us send the right truck.</span>
          </label>
          <select id={id('debris')} value={answers.debris} onChange={(e) => set({ debris: e.target.value })}>
            <option value="">Not sure yet</option>
            {props.debrisOptions.map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.label}
              </option>
            ))}
            {answers.debris && !props.debrisOptions.some((m) => m.slug === answers.debris) ? (
              <option value={answers.debris}>{answers.debris}</option>
            ) : null}
          </select>
        </div>
      ) : null}
    </Section>
  );
}
