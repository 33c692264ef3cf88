import { day, money } from '../../_office/format';
import { type ChangeQuote, daysMove, KIND_LABELS } from './rental';

/** A priced change before it is made: the days before and after, and each amount down to what is charged. */
export function QuoteSummary({ quote }: { quote: ChangeQuote }) {
  const { before, after, amounts: a } = quote;
  const currency = a.currency;
  const rows: [string, string][] = [
    ['Days', daysMove(before.rental_days, after.rental_days)],
    ...(before.delivery_date !== after.delivery_date
      ? ([['Delivery', `${day(before.delivery_date)} → ${day(after.delivery_date)}`]] as [string, string][])
      : []),
    ...(before.pickup_date !== after.pickup_date
      ? ([['Pickup', `${day(before.pickup_date)} → ${day(after.pickup_date)}`]] as [string, string][])
      : []),
    ...(quote.swap_date ? ([['Swap day', day(quote.swap_date)]] as [string, string][]) : []),
  ];
  const lines: [string, number][] = [
    ...(a.extra_days ? ([[`Extra days (${a.days})`, a.extra_days]] as [string, number][]) : []),
    ...(a.fee ? ([['Swap fee', a.fee]] as [string, number][]) : []),
    ...(a.tax ? ([['Tax', a.tax]] as [string, number][]) : []),
    ...(a.processing_fee ? ([['Card fee', a.processing_fee]] as [string, number][]) : []),
  ];
  return (
    <div className="notice tone-info">
      <p>
        <strong>{KIND_LABELS[quote.kind]}</strong>
      </p>
      <dl className="pairs">
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt className="muted">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <table className="data">
        <caption className="visually-hidden">What the change costs</caption>
        <tbody>
          {lines.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="end">{money(amount, currency)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Charged for this change</th>
            <td className="end">{a.gross_total > 0 ? money(a.gross_total, currency) : 'Nothing (free)'}</td>
          </tr>
        </tbody>
      </table>
      {quote.kind === 'end_early' ? (
        <p>
          <strong>No refund for an early end:</strong> the days already paid for are not paid back.
        </p>
      ) : null}
    </div>
  );
}
