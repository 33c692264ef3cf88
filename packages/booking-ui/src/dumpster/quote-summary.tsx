import type { Quote, Size } from '@svc/sdk';
import { money, shortDate } from '../format';
import { PricePanel } from '../ui/price-panel';
import type { Answers } from './answers';
import type { StreetAnswer } from './placement';

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
        // On the street, the permit's line (after the promo: a promo never discounts it); a dash until the
        // street's quote (asked with the ZIP) is in.
        const street = (quote as (Quote & StreetAnswer) | null)?.placement === 'street';
        const permitFee = (l as { permit_fee?: number } | undefined)?.permit_fee;
        const permit: [string, string][] =
          answers.placement === 'street' ? [['Street permit fee', street ? price(permitFee ?? 0) : '—']] : [];
        return {
          before: [
            [
              size ? `${size.label}, ${answers.days} days` : 'Dumpster rental',
              price(l ? l.base + l.extra_days : undefined),
            ],
            ['Fuel & environmental fee', price(l?.fuel_environmental_fee)],
          ],
          after: [
            ...permit,
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
