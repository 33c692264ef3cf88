import type { JunkQuote } from '@svc/sdk';
import type { Pending } from '../engine/types';
import { longDate, money, shortDate } from '../format';
import { type JunkAnswers, windowEnds, windowLabel } from './answers';

/** The live price beside the form: every line, the card fee and what the card is charged. */
export function JunkQuoteSummary(props: { quote: JunkQuote | null; busy: boolean; answers: JunkAnswers }) {
  const { quote, answers } = props;
  const cur = quote?.currency ?? 'USD';
  const v = (n: number | undefined) => (n === undefined ? '—' : money(n, cur));
  const l = quote?.lines;
  const fee = quote?.card_fee_handling === 'customer_pays';
  const w = windowEnds(answers.window);
  // Every line is always rendered, so the panel keeps its size while prices update.
  const rows: [string, string][] = [
    [quote ? quote.load.label : 'Junk removal', v(l?.base)],
    ['Promo discount', l && l.promo_discount > 0 ? `−${money(l.promo_discount, cur)}` : v(l ? 0 : undefined)],
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
        {answers.date ? `Pickup ${shortDate(answers.date)}${w ? `, ${windowLabel(w.start, w.end)}` : ''}.` : ''}{' '}
        Loading, hauling and disposal are included; extra fees apply only on site.
      </p>
    </section>
  );
}

/** The booking on the payment screen. */
export function JunkSummary({ pending, onEdit }: { pending: Pending<JunkAnswers>; onEdit?: () => void }) {
  const { answers: a, intent } = pending;
  const w = windowEnds(a.window);
  return (
    <section className="section" aria-label="Your booking">
      <dl className="sum">
        <div>
          <dt>Load</dt>
          <dd>{pending.label}</dd>
        </div>
        <div>
          <dt>Pickup</dt>
          <dd>{longDate(a.date)}</dd>
        </div>
        <div>
          <dt>Arrival window</dt>
          <dd>{w ? windowLabel(w.start, w.end) : ''}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            {a.address}, {a.zip}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{money(intent.amount.total, intent.currency)}</dd>
        </div>
        {intent.amount.processing_fee > 0 && intent.amount.card_fee_handling === 'customer_pays' ? (
          <div>
            <dt>Card processing fee</dt>
            <dd>{money(intent.amount.processing_fee, intent.currency)}</dd>
          </div>
        ) : null}
        <div className="total">
          <dt>Charged to your card</dt>
          <dd>{money(intent.amount.gross_total, intent.currency)}</dd>
        </div>
      </dl>
      {onEdit ? (
        <button type="button" className="btn secondary" onClick={onEdit}>
          Change details
        </button>
      ) : null}
    </section>
  );
}
