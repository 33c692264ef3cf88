import type { Quote, Size } from '@svc/sdk';
import { money, shortDate } from '../format';
import type { Answers } from './answers';

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
