import type { JunkQuote } from '@svc/sdk';
import { OrderSummary } from '../engine/order-summary';
import type { Pending } from '../engine/types';
import { longDate, shortDate } from '../format';
import { PricePanel } from '../ui/price-panel';
import { type JunkAnswers, windowEnds, windowLabel } from './answers';

/** The live price beside the form: the load, then what every quote shows. */
export function JunkQuoteSummary(props: { quote: JunkQuote | null; busy: boolean; answers: JunkAnswers }) {
  const { answers } = props;
  const w = windowEnds(answers.window);
  return (
    <PricePanel
      quote={props.quote}
      busy={props.busy}
      lines={(quote, price) => ({ before: [[quote ? quote.load.label : 'Junk removal', price(quote?.lines.base)]] })}
      hint={
        <>
          {answers.date ? `Pickup ${shortDate(answers.date)}${w ? `, ${windowLabel(w.start, w.end)}` : ''}.` : ''}{' '}
          Loading, hauling and disposal are included; extra fees apply only on site.
        </>
      }
    />
  );
}

/** The booking on the payment screen: what, when, where, and what the card is charged. */
export function JunkSummary({ pending, onEdit }: { pending: Pending<JunkAnswers>; onEdit?: () => void }) {
  const { answers: a } = pending;
  const w = windowEnds(a.window);
  return (
    <OrderSummary
      label="Your booking"
      intent={pending.intent}
      onEdit={onEdit}
      rows={[
        ['Load', pending.label],
        ['Pickup', longDate(a.date)],
        ['Arrival window', w ? windowLabel(w.start, w.end) : ''],
        ['Address', `${a.address}, ${a.zip}`],
      ]}
    />
  );
}
