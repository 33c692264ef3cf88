import { type Availability, SvcApiError } from '@svc/sdk';
import { useEffect, useMemo, useRef } from 'react';
import { FlowScreens } from '../engine/flow-screens';
import { settleOrder } from '../engine/settle';
import { type FlowProps, type Order, useBookingFlow } from '../engine/use-booking-flow';
import { type Answers, EMPTY_ANSWERS, FIELD_MESSAGES, type Field, validateAnswers } from './answers';
import { type DumpsterPreload, type Loaded, loadCatalog, startingAnswers } from './catalog';
import { DumpsterForm } from './form';
import { explainCheck, explainError } from './messages';
import { asksPlacement, streetQuery, tooSoonForPermit } from './placement';
import { confirmedPageUrl, intentBody } from './requests';
import { offeredSizes } from './sizes';
import { DumpsterSummary } from './summary';
import { useFleetDays } from './use-fleet';
import { useLiveQuote } from './use-quote';
import { useStreetDays } from './use-street';

export type BookingFlowProps = FlowProps<Answers, DumpsterPreload> & {
  /** Leaves for the company's 'booking confirmed page' (the widget and the page may differ in how). */
  navigate?(url: string): void;
};

const NO_DAYS: Availability = { today: '', min_date: '', max_date: '', from: '', to: '', max_days: 0, closed: [] };

/** The order in which the first field in error takes focus. */
const FIELD_ORDER: Field[] = [
  ...['form', 'material', 'ack', 'size', 'debris', 'days', 'date', 'address', 'city', 'state', 'zip'],
  ...['type', 'name', 'email', 'phone', 'companyName', 'promo', 'terms'],
] as Field[];
/** With "Where will it sit?" asked, the address and the placement come before the date, as on the form. */
const PLACEMENT_ORDER: Field[] = [
  ...['form', 'material', 'ack', 'size', 'debris', 'address', 'city', 'state', 'zip', 'placement', 'days', 'date'],
  ...['type', 'name', 'email', 'phone', 'companyName', 'promo', 'terms'],
] as Field[];

/**
 * The whole dumpster booking, following the order flow rules of the Booking API (section 4): company,
 * materials, sizes and quotes while the customer chooses; /check before payment; /intents; then the
 * engine (engine/use-booking-flow.ts, engine/checkout.ts): the processor's component, /confirm with
 * retries, the outcome. Used as it is by the hosted page and the widget.
 */
export function BookingFlow(props: BookingFlowProps) {
  const { company } = props;
  // The form's order (for the first field in error) as last rendered: the catalog comes from the flow itself.
  const asks = useRef(asksPlacement(props.preload?.data.profile));
  const flow = useBookingFlow<Answers, Field, Loaded>(props, {
    service: 'dumpster',
    storageKey: `svc:${company.slug}`,
    empty: EMPTY_ANSWERS,
    load: loadCatalog,
    starting: (data) => startingAnswers(data, props.initial ?? {}, props.store.load()),
    settle: settleOrder,
    explain: explainError,
    fieldOf: (answer) => (answer === 'sizeYards' ? 'size' : answer) as Field,
    order: asks.current ? PLACEMENT_ORDER : FIELD_ORDER,
    focusTarget: (field, root, id) =>
      root.querySelector<HTMLElement>(
        field === 'date'
          ? '.day[tabindex="0"]'
          : field === 'size' || field === 'material' || field === 'placement'
            ? `input[name="${id(field)}"]`
            : `#${id(field)}`,
      ),
    confirmedPage: (pending, orderNumber, data) => {
      const target = data?.profile.confirmed_page_url;
      return target ? confirmedPageUrl(target, pending.answers, pending.label, orderNumber) : null;
    },
    navigate: props.navigate,
  });
  const { client, data, answers, setAnswers, set, id, errors, setErrors, busy, who } = flow;

  const materialsOn = Boolean(data?.materials.enabled);
  const material = data?.materials.materials.find((m) => m.slug === answers.material);
  // Rule 1: with a required material, sizes (and their prices) come only after it is chosen.
  const waitForMaterial = materialsOn && Boolean(data?.profile.booking.materials.required) && !material;
  const offered = useMemo(
    () => (data && !waitForMaterial ? offeredSizes(data.sizes, materialsOn ? material : undefined, materialsOn) : []),
    [data, material, materialsOn, waitForMaterial],
  );
  const size = offered.find((o) => o.size.yards === answers.sizeYards)?.size;
  // A size whose cans the company counts: the days with none free for this rental are greyed.
  const fleetDays = useFleetDays(client, size, answers.days, data?.availability ?? NO_DAYS);
  // The street at the address (a company with permit rules): its quote and its calendar.
  const placementAsked = asksPlacement(data?.profile);
  asks.current = placementAsked;
  const street = placementAsked ? streetQuery(answers) : null;
  const streetDays = useStreetDays(client, street, data?.availability ?? NO_DAYS);
  const { quote, quoteBusy, clearQuote } = useLiveQuote(
    client,
    size,
    answers,
    materialsOn,
    who,
    setErrors,
    props.preload?.quote,
    street,
  );

  // Keep a valid size when the material changes the sizes on offer.
  useEffect(() => {
    if (!data || offered.length === 0) return;
    if (!offered.some((o) => o.size.yards === answers.sizeYards)) {
      const fallback = offered.find((o) => o.size.is_default) ?? offered[0];
      setAnswers((a) => ({ ...a, sizeYards: fallback?.size.yards ?? null }));
    }
  }, [offered, data, answers.sizeYards, setAnswers]);

  /** The form's own checks, then /check's, then /intents. */
  function order(data: Loaded): Order<Field> {
    const needs = {
      material: Boolean(data.profile.booking.materials.required),
      ack: Boolean(material?.requires_ack),
      closed: data.profile.non_working_days,
      placement: placementAsked,
    };
    const local = validateAnswers(answers, needs);
    const tooSoon = street && !local.date ? tooSoonForPermit(answers.date, streetDays.permit) : null;
    if (tooSoon) local.date = tooSoon;
    if (!size && !local.material) local.size = FIELD_MESSAGES.size;
    if (!size || Object.keys(local).length) return { errors: local };
    return {
      label: size.label,
      check: async () =>
        explainCheck(
          await client.check({
            delivery_date: answers.date,
            zip: answers.zip.trim(),
            ...(answers.promo.trim() ? { promo_code: answers.promo.trim() } : {}),
          }),
          who,
        ),
      intent: (replaces) =>
        client.createIntent({ ...intentBody(answers, size, materialsOn, props.attribution), ...replaces }),
      // The last can went to someone else since the calendar was read: show it as it is now.
      refused: (err) => (err instanceof SvcApiError && err.code === 'size_sold_out' ? fleetDays.reload() : undefined),
    };
  }

  return (
    <FlowScreens
      flow={flow}
      loading="sizes and prices"
      form={(data) => (
        <DumpsterForm
          {...{ data, answers, set, id, errors, offered, size, material, materialsOn, waitForMaterial }}
          {...{ quote, quoteBusy, busy }}
          fleet={fleetDays.fleet}
          asksPlacement={placementAsked}
          street={streetDays}
          preview={props.preview}
          companyName={company.name}
          onSubmit={() => void flow.submit(order)}
        />
      )}
      summary={(pending, onEdit) => (
        <DumpsterSummary
          pending={pending}
          // Back from the card to the form (to change a detail, or after a refusal): the calendar as it is now.
          onEdit={
            onEdit &&
            (() => {
              void fleetDays.reload();
              onEdit();
            })
          }
        />
      )}
      labels={{
        booked: 'Your dumpster is booked',
        held: 'Order received, under review',
        again: 'Book another dumpster',
        number: 'Order number',
      }}
      onStartOver={() => {
        setAnswers((a) => ({ ...a, date: '', terms: false, ack: false }));
        clearQuote();
        void fleetDays.reload();
      }}
    />
  );
}
