import type { Availability, Materials, Quote, Size } from '@svc/sdk';
import type { ReactNode } from 'react';
import { type Answers, type ClosedDays, type Field, type FieldErrors, pickupClosed } from './answers';
import { Calendar } from './calendar';
import { longDate, money, shortDate } from './format';

export type Material = Materials['materials'][number];
type Set = (patch: Partial<Answers>) => void;
type FieldProps = { id: (f: Field) => string; errors: FieldErrors };

/** The error line under a field: always in the DOM (so nothing moves when it appears), announced. */
export function ErrorText({ id, field, errors }: FieldProps & { field: Field }) {
  return (
    <span className="err" id={`${id(field)}-err`}>
      {errors[field] ?? ''}
    </span>
  );
}

/** Attributes that tie an input to its label, hint and error. */
export function described(id: (f: Field) => string, errors: FieldErrors, field: Field, hint = false) {
  const ids = [hint ? `${id(field)}-hint` : '', errors[field] ? `${id(field)}-err` : ''].filter(Boolean).join(' ');
  return {
    id: id(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

export function TextField(
  props: FieldProps & {
    field: Field;
    label: string;
    value: string;
    onChange(value: string): void;
    type?: 'text' | 'email' | 'tel';
    autoComplete?: string;
    inputMode?: 'numeric' | 'text' | 'email' | 'tel';
    hint?: string;
    maxLength?: number;
  },
) {
  return (
    <div>
      <label htmlFor={props.id(props.field)}>
        {props.label}
        {props.hint ? (
          <span className="hint" id={`${props.id(props.field)}-hint`}>
            {props.hint}
          </span>
        ) : null}
      </label>
      <input
        type={props.type ?? 'text'}
        {...described(props.id, props.errors, props.field, Boolean(props.hint))}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength ?? 200}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <ErrorText {...props} />
    </div>
  );
}

/** A titled part of the form; `id` is a base for the heading's id (fields keep the plain ids). */
export function Section(props: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** Rule 1 of the order flow: the material before the size, when the company prices by material. */
export function MaterialSection(
  props: FieldProps & { materials: Materials; answers: Answers; set: Set; requiresAck: Material | undefined },
) {
  const { materials, answers, set, id, errors } = props;
  return (
    <Section title="What are you throwing away?" id={id('material')}>
      <fieldset aria-describedby={errors.material ? `${id('material')}-err` : undefined}>
        <legend className="sr">Material</legend>
        <div className="cards">
          {materials.materials.map((m) => (
            <label className="card" key={m.slug}>
              <input
                type="radio"
                name={id('material')}
                value={m.slug}
                checked={answers.material === m.slug}
                onChange={() => set({ material: m.slug, ack: false })}
              />
              <span className="title">{m.label}</span>
              {m.explanation ? <span className="meta">{m.explanation}</span> : null}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorText id={id} errors={errors} field="material" />
      {materials.note ? <p className="hint">{materials.note}</p> : null}
      {props.requiresAck ? (
        <div>
          <label className="check" htmlFor={id('ack')}>
            <input
              type="checkbox"
              {...described(id, errors, 'ack')}
              checked={answers.ack}
              onChange={(e) => set({ ack: e.target.checked })}
            />
            <span>
              I confirm the load will be only <strong>{props.requiresAck.label.toLowerCase()}</strong>
              {props.requiresAck.explanation ? `: ${props.requiresAck.explanation}` : '.'}
            </span>
          </label>
          <ErrorText id={id} errors={errors} field="ack" />
        </div>
      ) : null}
    </Section>
  );
}

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
    set: Set;
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

const LENGTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 21, 30, 45, 60, 90];

export function WhenSection(
  props: FieldProps & {
    answers: Answers;
    set: Set;
    availability: Availability;
    size: Size | undefined;
    closed?: ClosedDays;
  },
) {
  const { answers, set, id, errors } = props;
  const tiers = props.size?.prices;
  const tierDays = new Set(
    tiers
      ? (['d3', 'd7', 'd10', 'd14', 'd30'] as const).filter((k) => tiers[k] !== null).map((k) => Number(k.slice(1)))
      : [],
  );
  const lengths = [...new Set([...LENGTHS, answers.days])].sort((a, b) => a - b);
  const firstOpen = firstOpenDay(props.availability);
  return (
    <Section title="When do you need it?" id={id('date')}>
      <div>
        <label htmlFor={id('days')}>Rental length</label>
        <select
          {...described(id, errors, 'days')}
          value={answers.days}
          onChange={(e) => set({ days: Number(e.target.value) })}
        >
          {lengths.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '1 day' : `${d} days`}
              {tierDays.has(d) ? ' (best rate)' : ''}
            </option>
          ))}
        </select>
        <ErrorText id={id} errors={errors} field="days" />
      </div>
      <div>
        <span className="label" id={`${id('date')}-label`}>
          Delivery date
          <span className="hint">
            {answers.date
              ? `Delivery ${longDate(answers.date)}`
              : firstOpen
                ? `Earliest delivery: ${shortDate(firstOpen)}`
                : 'No delivery days are open online right now.'}
          </span>
        </span>
        <Calendar
          availability={props.availability}
          value={answers.date}
          onChange={(date) => set({ date })}
          labelId={`${id('date')}-label`}
          describedBy={`${id('date')}-err`}
          invalid={Boolean(errors.date)}
          pickupReason={(date) => pickupClosed(date, answers.days, props.closed)}
        />
        <ErrorText id={id} errors={errors} field="date" />
      </div>
    </Section>
  );
}

export function QuoteSummary(props: {
  quote: Quote | null;
  busy: boolean;
  size: Size | undefined;
  answers: Answers;
  pickup: string;
}) {
  const { quote, answers } = props;
  const cur = quote?.currency ?? 'USD';
  const v = (n: number | undefined) => (n === undefined ? '—' : money(n, cur));
  const l = quote?.lines;
  const fee = quote?.card_fee_handling === 'customer_pays';
  // Every line is always rendered, so the panel keeps its size while prices update.
  const rows: [string, string][] = [
    [
      props.size ? `${props.size.label}, ${answers.days} days` : 'Dumpster rental',
      v(l ? l.base + l.extra_days : undefined),
    ],
    ['Fuel & environmental fee', v(l?.fuel_environmental_fee)],
    ['Promo discount', l && l.promo_discount > 0 ? `−${money(l.promo_discount, cur)}` : v(l ? 0 : undefined)],
    ['Subtotal', v(l?.subtotal)],
    [`Tax${l ? ` (${l.tax_percent}%)` : ''}`, v(l?.tax)],
    ['Total', v(quote?.total)],
    [fee ? 'Card processing fee' : 'Card processing fee (paid by us)', fee ? v(quote?.processing_fee) : v(0)],
  ];
  return (
    <section className="section" aria-labelledby="svc-summary-title">
      <h2 id="svc-summary-title">Your price</h2>
      <dl className={`sum${props.busy ? ' busy' : ''}`} aria-busy={props.busy}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="total">
          <dt>Charged to your card</dt>
          <dd data-testid="gross-total">{v(quote?.gross_total)}</dd>
        </div>
      </dl>
      <p className="hint">
        {answers.date
          ? `Delivery ${shortDate(answers.date)}, pickup ${shortDate(props.pickup)}.`
          : 'Pick a delivery date to see your pickup day.'}{' '}
        {props.size
          ? `${props.size.included_tons} tons included${props.size.overage_per_ton !== null ? `; extra weight ${money(props.size.overage_per_ton, cur)} per ton` : ''}.`
          : ''}
      </p>
    </section>
  );
}

/** The first day /availability leaves open (min_date itself may be a closed day). */
export function firstOpenDay(availability: Availability): string | null {
  const closed = new Set(availability.closed.map((c) => c.date));
  for (let d = availability.min_date; d <= availability.to; ) {
    if (!closed.has(d)) return d;
    const next = new Date(`${d}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    d = next.toISOString().slice(0, 10);
  }
  return null;
}
