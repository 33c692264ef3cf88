import type { ReactNode, Ref } from 'react';
import { money } from '../format';
import type { Done, Pending } from './types';

/** The payment screen: the order, the processor's card component (children), the pay button. */
export function PaymentStep(props: {
  pending: Pending<unknown>;
  /** The form's summary of the order, with its "Change details" button. */
  summary: ReactNode;
  confirming: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  cardId: string;
  error: string | undefined;
  canPay: boolean;
  busy: boolean;
  /** Named in the words of consent when the card is saved for later changes. */
  companyName: string;
  onPay(): void;
  children: ReactNode;
}) {
  const { pending, confirming } = props;
  return (
    <div className="layout">
      <div className="pay">
        <h2 ref={props.headingRef} tabIndex={-1}>
          {confirming ? 'Confirming your order…' : 'Payment'}
        </h2>
        {props.summary}
        <section className="section" aria-labelledby={props.cardId}>
          <h3 id={props.cardId}>Card</h3>
          {props.children}
          <div className="alert" role="alert" id={`${props.cardId}-err`}>
            {props.error ?? ''}
          </div>
          <button type="button" className="btn" disabled={!props.canPay || confirming} onClick={props.onPay}>
            {props.busy || confirming ? <span className="spin" aria-hidden="true" /> : null}
            {confirming ? 'Confirming…' : `Pay ${money(pending.intent.amount.gross_total, pending.intent.currency)}`}
          </button>
          <p className="hint" role="status">
            {confirming
              ? 'Your card is authorized. We are creating your order; please keep this page open.'
              : 'Your card is charged only when the order is confirmed.'}
          </p>
          {pending.intent.card_saved ? (
            <p className="hint" id={`${props.cardId}-saved`}>
              By paying, you agree that {props.companyName} keeps this card to charge changes you ask for later on your
              booking page (more days, a swap), at the price shown there before you confirm. Nothing else is charged to
              it.
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** The outcome screen's words that depend on what was booked. */
export type OutcomeLabels = { booked: string; held: string; again: string; number: string };

export function Outcome(props: {
  done: Done;
  headingRef: Ref<HTMLHeadingElement>;
  companyName: string;
  labels: OutcomeLabels;
  onStartOver(): void;
  /** What the form adds under a made booking (a junk job's window and its photos). */
  children?: ReactNode;
}) {
  const { settled, email, amount, currency } = props.done;
  const title =
    settled.state === 'confirmed'
      ? props.labels.booked
      : settled.state === 'held'
        ? props.labels.held
        : 'We are finalizing your booking';
  return (
    <div className="done" data-state={settled.state}>
      <h2 ref={props.headingRef} tabIndex={-1}>
        {title}
      </h2>
      {settled.state === 'unconfirmed' ? (
        <>
          <p>
            Your card is authorized for {money(amount, currency)}, and {props.companyName} is finalizing your booking.
            You will get an e-mail at <strong>{email}</strong> as soon as it is confirmed; you do not need to book
            again.
          </p>
          <p className="hint">Reference: {settled.reference}</p>
        </>
      ) : (
        <>
          <p>
            {props.labels.number} <span className="num">#{settled.number}</span>
          </p>
          {settled.state === 'confirmed' ? (
            <p>
              {money(amount, currency)} was charged to your card. A confirmation is on its way to{' '}
              <strong>{email}</strong>.
            </p>
          ) : (
            <p>
              {props.companyName} reviews some bookings before confirming them. Your card is authorized for{' '}
              {money(amount, currency)} but not charged yet; you will get an e-mail at <strong>{email}</strong> once it
              is confirmed.
            </p>
          )}
          {'manageUrl' in settled && settled.manageUrl ? (
            <p>
              <a href={settled.manageUrl} target="_blank" rel="noopener noreferrer">
                See or change your booking
              </a>{' '}
              (extend it, end it early, move the delivery): the same private link is in your e-mail. Keep it to
              yourself.
            </p>
          ) : null}
          {props.children}
        </>
      )}
      <button type="button" className="btn secondary" onClick={props.onStartOver}>
        {props.labels.again}
      </button>
    </div>
  );
}
