import type { Size } from '@svc/sdk';
import { longDate, money } from '../format';
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

/** Days within which a counted size's next free delivery reads as available "now" on its card. */
const SOON_DAYS = 14;

/** A counted size with no can free in the next weeks (GET /sizes' fleet.next_delivery_date). */
export function soldOutFor(size: Size, soonest: string): boolean {
  if (!size.fleet) return false;
  const next = size.fleet.next_delivery_date;
  if (!next || !soonest) return next === null;
  const gap = (Date.parse(`${next}T00:00:00Z`) - Date.parse(`${soonest}T00:00:00Z`)) / 86_400_000;
  return gap > SOON_DAYS;
}

export function SizeSection(
  props: FieldProps & {
    offered: ReturnType<typeof offeredSizes>;
    answers: Answers;
    set: SetAnswers;
    currency: string;
    debrisOptions: Material[] | null;
    waitForMaterial: boolean;
    /** The first delivery day the calendar offers: a counted size free only weeks later says so first. */
    soonest: string;
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
              {soldOutFor(size, props.soonest) ? (
                <span className="next" data-testid="size-next">
                  {size.fleet?.next_delivery_date
                    ? `All out for now: next available ${longDate(size.fleet.next_delivery_date)}`
                    : 'All out for now: call for the next available day'}
                </span>
              ) : null}
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
