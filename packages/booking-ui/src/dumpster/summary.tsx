import type { Pending } from '../engine/types';
import { longDate, money } from '../format';
import { type Answers, pickupDate } from './answers';

/** The order on the payment screen: what, when, where, and what the card is charged. */
export function DumpsterSummary({ pending, onEdit }: { pending: Pending<Answers>; onEdit?: () => void }) {
  const { answers: a, intent } = pending;
  return (
    <section className="section" aria-label="Your order">
      <dl className="sum">
        <div>
          <dt>Dumpster</dt>
          <dd>
            {pending.label}, {a.days} days
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{longDate(a.date)}</dd>
        </div>
        <div>
          <dt>Pickup</dt>
          <dd>{longDate(pickupDate(a.date, a.days))}</dd>
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
