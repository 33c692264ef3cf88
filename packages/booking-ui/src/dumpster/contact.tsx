import { money } from '../format';
import { described, ErrorText, Section, textFields } from '../ui/fields';
import type { Answers, Field, FieldProps as SectionProps, SetAnswers } from './answers';

type FieldProps = SectionProps & { answers: Answers; set: SetAnswers };

type TextKey = 'address' | 'city' | 'state' | 'zip' | 'name' | 'companyName' | 'email' | 'phone' | 'promo';
const textField = (props: FieldProps) => textFields<Answers, TextKey>(props);

/** `canadian`: a Canadian company's customers type postal codes (A1A 1A1), letters included. */
export function AddressSection(props: FieldProps & { canadian?: boolean }) {
  const text = textField(props);
  return (
    <Section title="Where should we deliver?" id={props.id('address')}>
      {text('address', 'Street address', { autoComplete: 'address-line1' })}
      <div className="row three">
        {text('city', 'City', { autoComplete: 'address-level2', maxLength: 80 })}
        {text('state', 'State', { autoComplete: 'address-level1', maxLength: 40 })}
        {text('zip', props.canadian ? 'Postal code' : 'ZIP code', {
          autoComplete: 'postal-code',
          inputMode: props.canadian ? 'text' : 'numeric',
          maxLength: 10,
        })}
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
