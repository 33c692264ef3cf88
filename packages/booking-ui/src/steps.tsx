import type { ReactNode, Ref } from 'react';
import { type Answers, type Field, type FieldErrors, pickupDate } from './answers';
import { longDate, money } from './format';
import { described, ErrorText, Section, TextField } from './sections';
import type { Done, Pending } from './types';

type Set = (patch: Partial<Answers>) => void;
type FieldProps = { id: (f: Field) => string; errors: FieldErrors; answers: Answers; set: Set };

type TextKey = 'address' | 'city' | 'state' | 'zip' | 'name' | 'companyName' | 'email' | 'phone' | 'promo';
type TextOptions = Omit<Parameters<typeof TextField>[0], 'id' | 'errors' | 'field' | 'label' | 'value' | 'onChange'> & {
  onChange?(value: string): void;
};

/** A text field bound to one answer: its label, value, change and error in one call. */
function textField({ answers, set, id, errors }: FieldProps) {
  return (field: TextKey, label: string, options: TextOptions = {}) => (
    <TextField
      id={id}
      errors={errors}
      field={field}
      label={label}
      value={answers[field]}
      {...options}
      onChange={options.onChange ?? ((value) => set({ [field]: value }))}
    />
  );
}

export function AddressSection(props: FieldProps) {
  const text = textField(props);
  return (
    <Section title="Where should we deliver?" id={props.id('address')}>
      {text('address', 'Street address', { autoComplete: 'address-line1' })}
      <div className="row three">
        {text('city', 'City', { autoComplete: 'address-level2', maxLength: 80 })}
        {text('state', 'State', { autoComplete: 'address-level1', maxLength: 40 })}
        {text('zip', 'ZIP code', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 })}
      </div>
    </Section>
  );
}

export function CustomerSection(
  props: FieldProps & { companyName: string; promoApplied: number | null; currency: string },
) {
  const { answers, set, id, errors } = props;
  const text = textField(props);
  return (
    <Section title="Your details" id={id('name')}>
      <fieldset>
        <legend className="label">I am a</legend>
        <div className="row two">
          {(['homeowner', 'contractor'] as const).map((type) => (
            <label className="check" key={type}>
              <input
                type="radio"
                name={id('type' as Field)}
                checked={answers.type === type}
                onChange={() => set({ type })}
              />
              <span>{type === 'homeowner' ? 'Homeowner' : 'Contractor or business'}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {text('name', 'Full name', { autoComplete: 'name', maxLength: 120 })}
      {answers.type === 'contractor'
        ? text('companyName', 'Company name', { autoComplete: 'organization', maxLength: 120 })
        : null}
      <div className="row two">
        {text('email', 'E-mail', {
          type: 'email',
          hint: 'Your receipt and delivery updates go here.',
          autoComplete: 'email',
          inputMode: 'email',
        })}
        {text('phone', 'Mobile phone', {
          type: 'tel',
          hint: 'The driver calls or texts on delivery day.',
          autoComplete: 'tel',
          inputMode: 'tel',
          maxLength: 40,
        })}
      </div>
      {text('promo', 'Promo code (optional)', {
        maxLength: 40,
        onChange: (promo) => set({ promo: promo.toUpperCase() }),
      })}
      <p className="hint" role="status">
        {props.promoApplied && answers.promo
          ? `Promo applied: you save ${money(props.promoApplied, props.currency)}.`
          : ''}
      </p>
      <div>
        <label className="check" htmlFor={id('terms')}>
          <input
            type="checkbox"
            {...described(id, errors, 'terms')}
            checked={answers.terms}
            onChange={(e) => set({ terms: e.target.checked })}
          />
          <span>
            I accept {props.companyName}'s rental terms: no hazardous waste, tires or paint; weight over the included
            tons is billed after pickup.
          </span>
        </label>
        <ErrorText id={id} errors={errors} field="terms" />
      </div>
    </Section>
  );
}

/** The payment screen: the order, the processor's card component (children), the pay button. */
export function PaymentStep(props: {
  pending: Pending;
  confirming: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  cardId: string;
  error: string | undefined;
  canPay: boolean;
  busy: boolean;
  onPay(): void;
  onEdit(): void;
  children: ReactNode;
}) {
  const { pending, confirming } = props;
  return (
    <div className="layout">
      <div className="pay">
        <h2 ref={props.headingRef} tabIndex={-1}>
          {confirming ? 'Confirming your order…' : 'Payment'}
        </h2>
        <PaymentSummary pending={pending} onEdit={confirming ? undefined : props.onEdit} />
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
        </section>
      </div>
    </div>
  );
}

function PaymentSummary({ pending, onEdit }: { pending: Pending; onEdit?: () => void }) {
  const { answers: a, intent } = pending;
  return (
    <section className="section" aria-label="Your order">
      <dl className="sum">
        <div>
          <dt>Dumpster</dt>
          <dd>
            {pending.sizeLabel}, {a.days} days
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

export function Outcome(props: {
  done: Done;
  headingRef: Ref<HTMLHeadingElement>;
  companyName: string;
  onStartOver(): void;
}) {
  const { outcome, email, amount, currency } = props.done;
  const title =
    outcome.state === 'confirmed'
      ? 'Your dumpster is booked'
      : outcome.state === 'held'
        ? 'Order received, under review'
        : 'We are finalizing your order';
  return (
    <div className="done" data-state={outcome.state}>
      <h2 ref={props.headingRef} tabIndex={-1}>
        {title}
      </h2>
      {outcome.state === 'unconfirmed' ? (
        <>
          <p>
            Your card is authorized for {money(amount, currency)}, and {props.companyName} is finalizing your order. You
            will get an e-mail at <strong>{email}</strong> as soon as it is confirmed; you do not need to book again.
          </p>
          <p className="hint">Reference: {outcome.session_id}</p>
        </>
      ) : (
        <>
          <p>
            Order number <span className="num">#{outcome.order_number}</span>
          </p>
          {outcome.state === 'confirmed' ? (
            <p>
              {money(amount, currency)} was charged to your card. A confirmation is on its way to{' '}
              <strong>{email}</strong>.
            </p>
          ) : (
            <p>
              {props.companyName} reviews some orders before confirming them. Your card is authorized for{' '}
              {money(amount, currency)} but not charged yet; you will get an e-mail at <strong>{email}</strong> once the
              order is confirmed.
            </p>
          )}
        </>
      )}
      <button type="button" className="btn secondary" onClick={props.onStartOver}>
        Book another dumpster
      </button>
    </div>
  );
}
