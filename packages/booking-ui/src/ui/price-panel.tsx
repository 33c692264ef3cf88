import type { ReactNode } from 'react';
import { money } from '../format';

/** What every quote answers, whatever was priced (POST /quote, POST /junk/quote). */
type Priced = {
  currency: string;
  total: number;
  processing_fee: number;
  card_fee_handling: string;
  gross_total: number;
  lines: { promo_discount: number };
};

/** An amount of the quote as shown, or a dash while there is none yet. */
export type Price = (amount: number | undefined) => string;

/**
 * "Your price", beside a form: the form's own lines (`lines`, given the quote's lines and the way to show an
 * amount), then the promo, the total, the card fee and what the card is charged. Every line is always
 * rendered, so the panel keeps its size while prices update.
 */
export function PricePanel<Q extends Priced>(props: {
  quote: Q | null;
  busy: boolean;
  /** The lines before the promo discount, and those between it and the total (the dumpster's tax). */
  lines(quote: Q | null, price: Price): { before: [string, string][]; after?: [string, string][] };
  hint: ReactNode;
}) {
  const { quote } = props;
  const currency = quote?.currency ?? 'USD';
  const price: Price = (n) => (n === undefined ? '—' : money(n, currency));
  const discount = quote?.lines.promo_discount;
  const fee = quote?.card_fee_handling === 'customer_pays';
  const { before, after = [] } = props.lines(quote, price);
  const rows: [string, string][] = [
    ...before,
    ['Promo discount', discount ? `−${money(discount, currency)}` : price(quote ? 0 : undefined)],
    ...after,
    ['Total', price(quote?.total)],
    [fee ? 'Card processing fee' : 'Card processing fee (paid by us)', fee ? price(quote?.processing_fee) : price(0)],
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
          <dd data-testid="gross-total">{price(quote?.gross_total)}</dd>
        </div>
      </dl>
      <p className="hint">{props.hint}</p>
    </section>
  );
}
