import type { JunkQuote } from '@svc/sdk';
import { useHydrated } from '../ui/hydrated';
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
  const previewId = `${id('form')}-preview`;
  const hydrated = useHydrated();
  return (
    <form
      className="layout"
      noValidate
      // Until the flow runs, nothing can be typed or chosen: a server-rendered field would lose it.
      inert={!hydrated}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
      aria-describedby={preview ? previewId : undefined}
    >
      <div className="row">
        {preview ? (
          <p className="note" id={previewId}>
            Preview: these are the real loads and prices; booking is switched off.
          </p>
        ) : null}
        <LoadSection loads={data.config.loads} currency={data.config.currency} {...fields} />
        <JunkWhenSection availability={data.availability} {...fields} />
        <JunkAddressSection {...fields} onZipDone={props.onZipDone} canadian={data.config.currency === 'CAD'} />
        <JunkContactSection
          {...fields}
          promoApplied={quote?.promo?.ok ? (quote.lines.promo_discount ?? 0) : null}
          currency={data.config.currency}
        />
        <JunkTermsSection {...fields} config={data.config} companyName={props.companyName} />
      </div>
      <div className="row aside">
        <JunkQuoteSummary quote={quote} busy={props.quoteBusy} answers={answers} />
        <div className="alert" role="alert" id={id('form')} tabIndex={-1}>
          {errors.form ?? ''}
        </div>
        {preview ? (
          <button type="button" className="btn" aria-disabled="true" aria-describedby={previewId}>
            Booking is off in preview
          </button>
        ) : (
          <button type="submit" className="btn" disabled={props.busy || !hydrated}>
            {props.busy ? <span className="spin" aria-hidden="true" /> : null}
            {props.busy ? 'Checking…' : 'Continue to payment'}
          </button>
        )}
        <p className="hint">Nothing is charged until you confirm the payment on the next step.</p>
      </div>
    </form>
  );
}
