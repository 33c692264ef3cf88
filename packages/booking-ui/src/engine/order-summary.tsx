import type { Intent } from '@svc/sdk';
import type { ReactNode } from 'react';
import { money } from '../format';

/**
 * What is being paid for, on the payment screen: the form's own lines (what, when, where), then what the
 * payment intent charges, and the way back to the form while the card is not yet being confirmed.
 */
export function OrderSummary(props: {
  label: string;
  rows: [string, ReactNode][];
  intent: Intent;
  onEdit?: () => void;
}) {
  const { intent } = props;
  const { amount } = intent;
  return (
    <section className="section" aria-label={props.label}>
      <dl className="sum">
        {props.rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Total</dt>
          <dd>{money(amount.total, intent.currency)}</dd>
        </div>
        {amount.processing_fee > 0 && amount.card_fee_handling === 'customer_pays' ? (
          <div>
            <dt>Card processing fee</dt>
            <dd>{money(amount.processing_fee, intent.currency)}</dd>
          </div>
        ) : null}
        <div className="total">
          <dt>Charged to your card</dt>
          <dd>{money(amount.gross_total, intent.currency)}</dd>
        </div>
      </dl>
      {props.onEdit ? (
        <button type="button" className="btn secondary" onClick={props.onEdit}>
          Change details
        </button>
      ) : null}
    </section>
  );
}
