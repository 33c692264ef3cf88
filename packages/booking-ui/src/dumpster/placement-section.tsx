import type { Quote } from '@svc/sdk';
import { ErrorText, Section } from '../ui/fields';
import type { Answers, FieldProps, SetAnswers } from './answers';
import { type PermitTerms, permitSentence, type StreetAnswer, streetQuery } from './placement';

const CHOICES = [
  { value: 'private', label: 'Driveway or private property', hint: 'Your driveway, yard or a private lot.' },
  { value: 'street', label: 'On the street', hint: 'The public road in front: many cities need a permit.' },
] as const;

/**
 * "Where will it sit?", asked of a company with permit rules, after the address (the street's rule is the
 * address's): a radio group with its legend, and for the street what the city requires and who applies,
 * from the street's quote.
 */
export function PlacementSection(
  props: FieldProps & { answers: Answers; set: SetAnswers; quote: Quote | null; currency: string; companyName: string },
) {
  const { answers, set, id, errors } = props;
  const noteId = `${id('placement')}-note`;
  const street = (props.quote ?? {}) as StreetAnswer & Partial<Quote>;
  // The quote is the street's only once it was asked with the ZIP (absent: the driveway's quote).
  const asked = street.placement === 'street';
  const permit: PermitTerms | null = asked ? (street.permit ?? null) : null;
  const fee = (props.quote?.lines as { permit_fee?: number } | undefined)?.permit_fee ?? 0;
  const describedBy = [answers.placement === 'street' ? noteId : '', errors.placement ? `${id('placement')}-err` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Section title="Where will it sit?" id={id('placement')}>
      <fieldset aria-describedby={describedBy || undefined}>
        <legend className="sr">Where will the dumpster sit?</legend>
        <div className="row two">
          {CHOICES.map((c) => (
            <label className="check" key={c.value}>
              <input
                type="radio"
                name={id('placement')}
                value={c.value}
                checked={answers.placement === c.value}
                aria-invalid={errors.placement ? true : undefined}
                onChange={() => set({ placement: c.value })}
              />
              <span>
                {c.label}
                <span className="hint">{c.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorText id={id} errors={errors} field="placement" />
      {answers.placement === 'street' ? (
        <p className="hint" id={noteId} data-testid="permit-note" role="status">
          {!streetQuery(answers)
            ? 'Enter the delivery ZIP code above to see what the city requires for the street.'
            : asked && !errors.placement
              ? `${permitSentence(permit, fee, props.currency, props.companyName)}${permit?.instructions ? ` ${permit.instructions}` : ''}`
              : ''}
        </p>
      ) : null}
    </Section>
  );
}
