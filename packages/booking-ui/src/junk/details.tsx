import type { JunkConfig } from '@svc/sdk';
import { money } from '../format';
import { described, ErrorText, Section, textFields } from '../ui/fields';
import type { JunkAnswers, JunkErrors, JunkField, SetJunk } from './answers';

type Props = { answers: JunkAnswers; set: SetJunk; id(f: JunkField): string; errors: JunkErrors };
type TextKey = 'address' | 'city' | 'zip' | 'name' | 'email' | 'phone' | 'promo';
const textField = (props: Props) => textFields<JunkAnswers, TextKey>(props);

/** `canadian`: a Canadian company's customers type postal codes (A1A 1A1), letters included. */
export function JunkAddressSection(props: Props & { onZipDone(): void; canadian?: boolean }) {
  const text = textField(props);
  return (
    <Section title="Where is the junk?" id={props.id('address')}>
      {text('address', 'Street address', { autoComplete: 'address-line1' })}
      <div className="row two">
        {text('city', 'City', { autoComplete: 'address-level2', maxLength: 100 })}
        {text('zip', props.canadian ? 'Postal code' : 'ZIP code', {
          autoComplete: 'postal-code',
          inputMode: props.canadian ? 'text' : 'numeric',
          maxLength: 10,
          onBlur: props.onZipDone,
        })}
      </div>
      <div>
        <label htmlFor={props.id('notes')}>
          Anything the crew should know? <span className="hint">Optional: stairs, gate code, where the items are.</span>
        </label>
        <textarea
          {...described(props.id, props.errors, 'notes')}
          value={props.answers.notes}
          maxLength={2000}
          rows={3}
          onChange={(e) => props.set({ notes: e.target.value })}
        />
        <ErrorText id={props.id} errors={props.errors} field="notes" />
      </div>
    </Section>
  );
}

export function JunkContactSection(props: Props & { promoApplied: number | null; currency: string }) {
  const text = textField(props);
  return (
    <Section title="Your details" id={props.id('name')}>
      {text('name', 'Full name', { autoComplete: 'name', maxLength: 120 })}
      <div className="row two">
        {text('email', 'E-mail', {
          type: 'email',
          hint: 'Your receipt and the crew’s updates go here.',
          autoComplete: 'email',
          inputMode: 'email',
        })}
        {text('phone', 'Mobile phone', {
          type: 'tel',
          hint: 'The crew calls 30 minutes before they arrive.',
          autoComplete: 'tel',
          inputMode: 'tel',
          maxLength: 40,
        })}
      </div>
      {text('promo', 'Promo code (optional)', {
        maxLength: 40,
        onChange: (promo: string) => props.set({ promo: promo.toUpperCase() }),
      })}
      <p className="hint" role="status">
        {props.promoApplied && props.answers.promo
          ? `Promo applied: you save ${money(props.promoApplied, props.currency)}.`
          : ''}
      </p>
    </Section>
  );
}

/** What the crew will not take, what costs extra, the terms and the cancellation policy: before payment. */
export function JunkTermsSection(props: Props & { config: JunkConfig; companyName: string }) {
  const { config, answers, set, id, errors } = props;
  return (
    <Section title="Before you book" id={id('terms')}>
      {config.not_accepted.length ? (
        <div>
          <h3>Items we cannot take</h3>
          <ul className="list">
            {config.not_accepted.map((item) => (
              <li key={item.label}>
                {item.label}
                {item.note ? <span className="hint">{item.note}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {config.extra_fee.length ? (
        <div>
          <h3>Extra fees, charged on site only when they apply</h3>
          <dl className="sum">
            {config.extra_fee.map((fee) => (
              <div key={fee.label}>
                <dt>
                  {fee.label}
                  {fee.note ? <span className="hint">{fee.note}</span> : null}
                </dt>
                <dd>{money(fee.amount, config.currency)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {config.terms.text ? (
        <div>
          <h3>Terms</h3>
          <p className="hint">{config.terms.text}</p>
        </div>
      ) : null}
      {config.cancellation_policy.text ? (
        <div>
          <h3>Cancellation policy</h3>
          <p className="hint">{config.cancellation_policy.text}</p>
        </div>
      ) : null}
      <div>
        <label className="check" htmlFor={id('terms')}>
          <input
            type="checkbox"
            {...described(id, errors, 'terms')}
            checked={answers.terms}
            onChange={(e) => set({ terms: e.target.checked })}
          />
          <span>
            I accept {props.companyName}'s terms and cancellation policy, and none of my items are on the list above.
          </span>
        </label>
        <ErrorText id={id} errors={errors} field="terms" />
      </div>
    </Section>
  );
}
