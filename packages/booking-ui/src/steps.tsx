import type { ConfirmOutcome, Intent } from '@svc/sdk';
import type { Ref } from 'react';
import { type Answers, type Field, type FieldErrors, pickupDate } from './answers';
import { longDate, money } from './format';
import { described, ErrorText, Section, TextField } from './sections';

type Set = (patch: Partial<Answers>) => void;
type FieldProps = { id: (f: Field) => string; errors: FieldErrors; answers: Answers; set: Set };

export function AddressSection({ answers, set, id, errors }: FieldProps) {
  return (
    <Section title="Where should we deliver?" id={id('address')}>
      <TextField
        id={id}
        errors={errors}
        field="address"
        label="Street address"
        autoComplete="address-line1"
        value={answers.address}
        onChange={(address) => set({ address })}
      />
      <div className="row three">
        <TextField
          id={id}
          errors={errors}
          field="city"
          label="City"
          autoComplete="address-level2"
          value={answers.city}
          onChange={(city) => set({ city })}
          maxLength={80}
        />
        <TextField
          id={id}
          errors={errors}
          field="state"
          label="State"
          autoComplete="address-level1"
          value={answers.state}
          onChange={(state) => set({ state })}
          maxLength={40}
        />
        <TextField
          id={id}
          errors={errors}
          field="zip"
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          value={answers.zip}
          onChange={(zip) => set({ zip })}
          maxLength={10}
        />
      </div>
    </Section>
  );
}

export function CustomerSection(
  props: FieldProps & { companyName: string; promoApplied: number | null; currency: string },
) {
  const { answers, set, id, errors } = props;
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
      <TextField
        id={id}
        errors={errors}
        field="name"
        label="Full name"
        autoComplete="name"
        value={answers.name}
        onChange={(name) => set({ name })}
        maxLength={120}
      />
      {answers.type === 'contractor' ? (
        <TextField
          id={id}
          errors={errors}
          field="companyName"
          label="Company name"
          autoComplete="organization"
          value={answers.companyName}
          onChange={(companyName) => set({ companyName })}
          maxLength={120}
        />
      ) : null}
      <div className="row two">
        <TextField
          id={id}
          errors={errors}
          field="email"
          type="email"
          label="E-mail"
          hint="Your receipt and delivery updates go here."
          autoComplete="email"
          inputMode="email"
          value={answers.email}
          onChange={(email) => set({ email })}
        />
        <TextField
          id={id}
          errors={errors}
          field="phone"
          type="tel"
          label="Mobile phone"
          hint="The driver calls or texts on delivery day."
          autoComplete="tel"
          inputMode="tel"
          value={answers.phone}
          onChange={(phone) => set({ phone })}
          maxLength={40}
        />
      </div>
      <TextField
        id={id}
        errors={errors}
        field="promo"
        label="Promo code (optional)"
        value={answers.promo}
        onChange={(promo) => set({ promo: promo.toUpperCase() })}
        maxLength={40}
      />
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

type Pending = { intent: Intent; answers: Answers; sizeLabel: string };

export function PaymentSummary({ pending, onEdit }: { pending: Pending; onEdit?: () => void }) {
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

type Done = { outcome: ConfirmOutcome; email: string; amount: number; currency: string };

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
