import type { JunkConfig } from '@svc/sdk';
import { money } from '../format';
import { ErrorText, Section } from '../ui/fields';
import type { JunkAnswers, JunkErrors, JunkField, SetJunk } from './answers';

type Load = JunkConfig['loads'][number];

/** How full the truck is for a load fraction ("1/4" is a quarter; "min" a single item; "full" all of it). */
export function fillOf(fraction: string): number {
  if (fraction === 'full') return 1;
  if (fraction === 'min') return 0.06;
  const m = /^(\d+)\/(\d+)$/.exec(fraction);
  return m ? Math.min(1, Number(m[1]) / Number(m[2])) : 0.5;
}

/** A box truck seen from the side, its cargo box filled to the load. Decorative: the label says it in words. */
export function Truck({ fill }: { fill: number }) {
  const box = { x: 4, y: 6, w: 66, h: 30 };
  return (
    <svg className="truck" viewBox="0 0 104 48" width="104" height="48" aria-hidden="true" focusable="false">
      <rect x={box.x} y={box.y} width={box.w} height={box.h} rx="2" fill="#f3f4f6" stroke="#374151" strokeWidth="2" />
      <rect
        x={box.x + 1}
        y={box.y + 1}
        width={Math.max(2, (box.w - 2) * fill)}
        height={box.h - 2}
        fill="var(--svc-primary)"
        opacity="0.85"
      />
      <path d="M72 16h16l10 10v10H72z" fill="#e5e7eb" stroke="#374151" strokeWidth="2" />
      <rect x="78" y="19" width="10" height="7" fill="#bfdbfe" stroke="#374151" strokeWidth="1.5" />
      <circle cx="20" cy="40" r="6" fill="#374151" />
      <circle cx="86" cy="40" r="6" fill="#374151" />
    </svg>
  );
}

export function LoadSection(props: {
  loads: Load[];
  currency: string;
  answers: JunkAnswers;
  set: SetJunk;
  id(f: JunkField): string;
  errors: JunkErrors;
}) {
  const { loads, answers, set, id, errors } = props;
  return (
    <Section title="How much junk is there?" id={id('load')}>
      <p className="hint">
        Not sure? Pick the closest size: the crew confirms the load on site before loading, and you pay for what they
        take.
      </p>
      <fieldset aria-describedby={errors.load ? `${id('load')}-err` : undefined}>
        <legend className="sr">Load size</legend>
        <div className="cards loads">
          {loads.map((load) => (
            <label className="card" key={load.load_fraction}>
              <input
                type="radio"
                name={id('load')}
                value={load.load_fraction}
                checked={answers.load === load.load_fraction}
                onChange={() => set({ load: load.load_fraction })}
              />
              <Truck fill={fillOf(load.load_fraction)} />
              <span className="title">{load.label}</span>
              <span className="price">{money(load.price, props.currency)}</span>
              {load.description ? <span className="meta">{load.description}</span> : null}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorText id={id} errors={errors} field="load" />
    </Section>
  );
}
