import type { Quote, Size } from '@svc/sdk';
import { money, shortDate } from '../format';
import { PricePanel } from '../ui/price-panel';
import type { Answers } from './answers';

export function QuoteSummary(props: {
  quote: Quote | null;
  busy: boolean;
  size: Size | undefined;
  answers: Answers;
  pickup: string;
}) {
  const { answers, size } = props;
  const cur = props.quote?.currency ?? 'USD';
  return (
    <PricePanel
      quote={props.quote}
      busy={props.busy}
      lines={(quote, price) => {
        const l = quote?.lines;
        return {
          before: [
            [
              size ? `${size.label}, ${answers.days} days` : 'Dumpster rental',
              price(l ? l.base + l.extra_days : undefined),
            ],
            ['Fuel & environmental fee', price(l?.fuel_environmental_fee)],
          ],
          after: [
            ['Subtotal', price(l?.subtotal)],
            [`Tax${l ? ` (${l.tax_percent}%)` : ''}`, price(l?.tax)],
          ],
        };
      }}
      hint={
        <>
          {answers.date
            ? `Delivery ${shortDate(answers.date)}, pickup ${shortDate(props.pickup)}.`
            : 'Pick a delivery date to see your pickup day.'}{' '}
          {size
            ? `${size.included_tons} tons included${size.overage_per_ton !== null ? `; extra weight ${money(size.overage_per_ton, cur)} per ton` : ''}.`
            : ''}
        </>
      }
    />
  );
}
