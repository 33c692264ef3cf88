import type { Quote, Size } from '@svc/sdk';
import { useHydrated } from '../ui/hydrated';
import { type Answers, type Field, type FieldErrors, pickupDate } from './answers';
import { AddressSection, CustomerSection } from './contact';
import { type Material, MaterialSection } from './material';
import { QuoteSummary } from './quote-summary';
import { type offeredSizes, SizeSection } from './sizes';
import type { Loaded } from './use-catalog';
import { WhenSection } from './when';

export type DumpsterFormProps = {
  data: Loaded;
  answers: Answers;
  set(patch: Partial<Answers>): void;
  id(f: Field): string;
  errors: FieldErrors;
  offered: ReturnType<typeof offeredSizes>;
  size: Size | undefined;
  material: Material | undefined;
  materialsOn: boolean;
  waitForMaterial: boolean;
  quote: Quote | null;
  quoteBusy: boolean;
  busy: boolean;
  preview?: boolean;
  companyName: string;
  onSubmit(): void;
};

/** The dumpster form: material, size, days and date, address, customer, and the live quote beside them. */
export function DumpsterForm(props: DumpsterFormProps) {
  const { data, answers, set, id, errors, materialsOn, quote, preview } = props;
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
            Preview: these are the real sizes and prices; ordering is switched off.
          </p>
        ) : null}
        {materialsOn ? (
          <MaterialSection
            materials={data.materials}
            {...fields}
            requiresAck={props.material?.requires_ack ? props.material : undefined}
          />
        ) : null}
        <SizeSection
          offered={props.offered}
          {...fields}
          currency={data.profile.currency}
          debrisOptions={materialsOn ? null : data.materials.materials}
          waitForMaterial={props.waitForMaterial}
        />
        <WhenSection
          {...fields}
          availability={data.availability}
          size={props.size}
          closed={data.profile.non_working_days}
        />
        <AddressSection {...fields} canadian={data.profile.currency === 'CAD'} />
        <CustomerSection
          {...fields}
          companyName={props.companyName}
          promoApplied={quote?.promo?.ok ? (quote.lines.promo_discount ?? 0) : null}
          currency={data.profile.currency}
        />
      </div>
      <div className="row aside">
        <QuoteSummary
          quote={quote}
          busy={props.quoteBusy}
          size={props.size}
          answers={answers}
          pickup={pickupDate(answers.date, answers.days)}
        />
        <div className="alert" role="alert" id={id('form')} tabIndex={-1}>
          {errors.form ?? ''}
        </div>
        {preview ? (
          <button type="button" className="btn" aria-disabled="true" aria-describedby={previewId}>
            Ordering is off in preview
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
