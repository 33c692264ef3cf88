import type { JunkQuote } from '@svc/sdk';
import { FormShell } from '../engine/form-shell';
import type { JunkAnswers, JunkErrors, JunkField, SetJunk } from './answers';
import type { JunkLoaded } from './catalog';
import { JunkAddressSection, JunkContactSection, JunkTermsSection } from './details';
import { LoadSection } from './loads';
import { JunkQuoteSummary } from './quote-summary';
import { JunkWhenSection } from './when';

/** The junk form: load, day and window, address, details, what to know before booking, and the live price. */
export function JunkForm(props: {
  data: JunkLoaded;
  answers: JunkAnswers;
  set: SetJunk;
  id(f: JunkField): string;
  errors: JunkErrors;
  quote: JunkQuote | null;
  quoteBusy: boolean;
  busy: boolean;
  preview?: boolean;
  companyName: string;
  onZipDone(): void;
  onSubmit(): void;
}) {
  const { data, answers, set, id, errors, quote, preview } = props;
  const fields = { answers, set, id, errors };
  return (
    <FormShell
      errorId={id('form')}
      error={errors.form}
      busy={props.busy}
      preview={
        preview
          ? {
              note: 'Preview: these are the real loads and prices; booking is switched off.',
              button: 'Booking is off in preview',
            }
          : undefined
      }
      onSubmit={props.onSubmit}
      price={<JunkQuoteSummary quote={quote} busy={props.quoteBusy} answers={answers} />}
    >
      <LoadSection loads={data.config.loads} currency={data.config.currency} {...fields} />
      <JunkWhenSection availability={data.availability} {...fields} />
      <JunkAddressSection {...fields} onZipDone={props.onZipDone} canadian={data.config.currency === 'CAD'} />
      <JunkContactSection
        {...fields}
        promoApplied={quote?.promo?.ok ? (quote.lines.promo_discount ?? 0) : null}
        currency={data.config.currency}
      />
      <JunkTermsSection {...fields} config={data.config} companyName={props.companyName} />
    </FormShell>
  );
}
