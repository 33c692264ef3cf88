import type { Quote, Size } from '@svc/sdk';
import { FormShell } from '../engine/form-shell';
import { type Answers, type Field, type FieldErrors, pickupDate } from './answers';
import type { Loaded } from './catalog';
import { AddressSection, CustomerSection } from './contact';
import { type Material, MaterialSection } from './material';
import { PlacementSection } from './placement-section';
import { QuoteSummary } from './quote-summary';
import { type offeredSizes, SizeSection } from './sizes';
import type { FleetDays } from './use-fleet';
import type { StreetDays } from './use-street';
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
  /** The chosen size's sold-out delivery days (a size whose cans the company counts). */
  fleet: FleetDays;
  /** "Where will it sit?" is asked (a company with permit rules), and the street's closed days. */
  asksPlacement: boolean;
  street: StreetDays;
  busy: boolean;
  preview?: boolean;
  companyName: string;
  onSubmit(): void;
};

/**
 * The dumpster form: material, size, days and date, address, customer, and the live quote beside them. A
 * company with permit rules asks the address and where the can sits before the date: the street's first
 * delivery day depends on them.
 */
export function DumpsterForm(props: DumpsterFormProps) {
  const { data, answers, set, id, errors, materialsOn, quote, preview } = props;
  const fields = { answers, set, id, errors };
  const address = <AddressSection {...fields} canadian={data.profile.currency === 'CAD'} />;
  const where = props.asksPlacement ? (
    <>
      {address}
      <PlacementSection {...fields} quote={quote} currency={data.profile.currency} companyName={props.companyName} />
    </>
  ) : null;
  return (
    <FormShell
      errorId={id('form')}
      error={errors.form}
      busy={props.busy}
      preview={
        preview
          ? {
              note: 'Preview: these are the real sizes and prices; ordering is switched off.',
              button: 'Ordering is off in preview',
            }
          : undefined
      }
      onSubmit={props.onSubmit}
      price={
        <QuoteSummary
          quote={quote}
          busy={props.quoteBusy}
          size={props.size}
          answers={answers}
          pickup={pickupDate(answers.date, answers.days)}
        />
      }
    >
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
        soonest={data.availability.min_date}
      />
      {where}
      <WhenSection
        {...fields}
        availability={data.availability}
        size={props.size}
        closed={data.profile.non_working_days}
        fleet={props.fleet}
        street={props.asksPlacement ? props.street : undefined}
      />
      {where ? null : address}
      <CustomerSection
        {...fields}
        companyName={props.companyName}
        promoApplied={quote?.promo?.ok ? (quote.lines.promo_discount ?? 0) : null}
        currency={data.profile.currency}
      />
    </FormShell>
  );
}
