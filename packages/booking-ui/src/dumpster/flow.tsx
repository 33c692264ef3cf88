import { type Availability, SvcApiError } from '@svc/sdk';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useState } from 'react';
import type { Attribution } from '../attribution';
import { useCheckout } from '../engine/checkout';
import { CheckoutScreens, FlowFrame, LoadError, Loading } from '../engine/screens';
import { settleOrder } from '../engine/settle';
import type { BookingComplete, BookingUnconfirmed, Channel, CompanyEmbed } from '../engine/types';
import { useForm } from '../engine/use-form';
import type { AnswerStore } from '../stores';
import { type Answers, EMPTY_ANSWERS, FIELD_MESSAGES, type Field, validateAnswers } from './answers';
import { DumpsterForm } from './form';
import { explainCheck, explainError, promoErrors, type Who } from './messages';
import { confirmedPageUrl, intentBody } from './requests';
import { offeredSizes } from './sizes';
import { DumpsterSummary } from './summary';
import { type DumpsterPreload, useCatalog } from './use-catalog';
import { useFleetDays } from './use-fleet';
import { useLiveQuote } from './use-quote';

export type BookingFlowProps = {
  /** Where the platform is (the SDK adds /booking/v1). */
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  /** 'link' from the hosted page (known by its origin), 'widget' from the widget (sent as a header). */
  channel: Channel;
  /** preview=1: real sizes and prices, ordering switched off. */
  preview?: boolean;
  /** Answers given by the embedding page (data-* attributes); stored answers win over them. */
  initial?: Partial<Answers>;
  store: AnswerStore<Answers>;
  /** The page a card's 3-D Secure step returns to. */
  returnUrl: () => string;
  /** utm_* and referrer of the visit, stored on the order (see attribution.ts). */
  attribution?: Attribution;
  /** The company's data could not be loaded (for example: this page's origin is not an allowed domain). */
  onLoadError?(error: unknown): void;
  onComplete?(detail: BookingComplete): void;
  onUnconfirmed?(detail: BookingUnconfirmed): void;
  /** Leaves for the company's 'booking confirmed page' (the widget and the page may differ in how). */
  navigate?(url: string): void;
  /** Rendered on the page's server: the catalog, the starting answers and their quote (hydrated as is). */
  preload?: DumpsterPreload;
};

const NO_DAYS: Availability = { today: '', min_date: '', max_date: '', from: '', to: '', max_days: 0, closed: [] };

/** The order in which the first field in error takes focus. */
const FIELD_ORDER: Field[] = [
  ...['form', 'material', 'ack', 'size', 'debris', 'days', 'date', 'address', 'city', 'state', 'zip'],
  ...['type', 'name', 'email', 'phone', 'companyName', 'promo', 'terms'],
] as Field[];

/**
 * The whole dumpster booking, following the order flow rules of the Booking API (section 4): company,
 * materials, sizes and quotes while the customer chooses; /check before payment; /intents; then the
 * engine (engine/checkout.ts): the processor's component, /confirm with retries, the outcome. Used as it is
 * by the hosted page and the widget.
 */
export function BookingFlow(props: BookingFlowProps) {
  const { company, apiBaseUrl } = props;
  const uid = useId().replace(/:/g, '');
  const id = useCallback((f: Field) => `svc${uid}-${f}`, [uid]);
  // A promo the page's link carried and the rendered quote refused is said from the first paint.
  const { answers, setAnswers, errors, setErrors, set, fail, root } = useForm<Answers, Field>({
    initial: props.preload?.answers ?? EMPTY_ANSWERS,
    initialErrors: () => promoErrors(props.preload?.quote?.promo),
    fieldOf: (answer) => (answer === 'sizeYards' ? 'size' : answer) as Field,
    order: FIELD_ORDER,
    focusTarget: (field, root) =>
      root.querySelector<HTMLElement>(
        field === 'date'
          ? '.day[tabindex="0"]'
          : field === 'size' || field === 'material'
            ? `input[name="${id(field)}"]`
            : `#${id(field)}`,
      ),
  });
  const [busy, setBusy] = useState(false);
  // Whether the stored answers were read back: until then a save would overwrite them with the page's.
  const [restored, setRestored] = useState(false);

  const { client, data, loadError } = useCatalog({ ...props, preloaded: props.preload?.data, onLoaded });
  const who: Who = { companyName: company.name, phone: data?.profile.contact.phone ?? null };
  const checkout = useCheckout<Answers>({
    storageKey: `svc:${company.slug}`,
    service: 'dumpster',
    settle: settleOrder(client),
    email: (a) => a.email,
    confirmedPage: (pending, orderNumber) => {
      const target = data?.profile.confirmed_page_url;
      return target ? confirmedPageUrl(target, pending.answers, pending.label, orderNumber) : null;
    },
    explain: (err) => explainError(err, who).message,
    onComplete: props.onComplete,
    onUnconfirmed: props.onUnconfirmed,
    navigate: props.navigate,
  });

  async function onLoaded(stored: Answers) {
    setAnswers(stored);
    setRestored(true);
    await checkout.restore();
  }

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
  const { quote, quoteBusy, clearQuote } = useLiveQuote(
    client,
    size,
    answers,
    materialsOn,
    who,
    setErrors,
    props.preload?.quote,
  );

  // Persist every change (URL and/or sessionStorage, as the page chose), in the render that made it: an
  // effect runs after the next paint, and a reload before it lost the change (rules.spec, on a busy CPU).
  // Never before the stored answers are read back: the page's first render would overwrite them.
  useLayoutEffect(() => {
    if (restored && checkout.phase.kind === 'form') props.store.save(answers);
  }, [answers, restored, checkout.phase.kind, props.store]);

  // Keep a valid size when the material changes the sizes on offer.
  useEffect(() => {
    if (!data || offered.length === 0) return;
    if (!offered.some((o) => o.size.yards === answers.sizeYards)) {
      const fallback = offered.find((o) => o.size.is_default) ?? offered[0];
      setAnswers((a) => ({ ...a, sizeYards: fallback?.size.yards ?? null }));
    }
  }, [offered, data, answers.sizeYards, setAnswers]);

  async function submit() {
    if (!data || props.preview) return;
    const needs = {
      material: Boolean(data.profile.booking.materials.required),
      ack: Boolean(material?.requires_ack),
      closed: data.profile.non_working_days,
    };
    const local = validateAnswers(answers, needs);
    if (!size && !local.material) local.size = FIELD_MESSAGES.size;
    if (!size || Object.keys(local).length) return fail(local);
    setBusy(true);
    try {
      const check = await client.check({
        delivery_date: answers.date,
        zip: answers.zip.trim(),
        ...(answers.promo.trim() ? { promo_code: answers.promo.trim() } : {}),
      });
      const refused = explainCheck(check, who);
      if (Object.keys(refused).length) return fail(refused);
      const intent = await checkout.open((replaces) =>
        client.createIntent({ ...intentBody(answers, size, materialsOn, props.attribution), ...replaces }),
      );
      checkout.start({ intent, answers, label: size.label });
    } catch (err) {
      const { field, message } = explainError(err, who);
      // The last can went to someone else since the calendar was read: show it as it is now.
      if (err instanceof SvcApiError && err.code === 'size_sold_out') await fleetDays.reload();
      fail({ [field]: message });
    } finally {
      setBusy(false);
    }
  }

  function startOver() {
    setAnswers((a) => ({ ...a, date: '', terms: false, ack: false }));
    clearQuote();
    void fleetDays.reload();
    checkout.startOver();
  }

  /** Back from the card to the form (to change a detail, or after a refusal): the calendar as it is now. */
  function edit() {
    void fleetDays.reload();
  }

  const color = company.branding.primary_color;
  const form = data ? (
    <DumpsterForm
      {...{ data, answers, set, id, errors, offered, size, material, materialsOn, waitForMaterial, quote, quoteBusy }}
      fleet={fleetDays.fleet}
      busy={busy}
      preview={props.preview}
      companyName={company.name}
      onSubmit={() => void submit()}
    />
  ) : null;
  return (
    <FlowFrame color={color} rootRef={root}>
      {loadError ? (
        <LoadError message={loadError} />
      ) : !data ? (
        <Loading what="sizes and prices" />
      ) : (
        <CheckoutScreens
          checkout={checkout}
          form={form}
          summary={(pending, onEdit) => (
            <DumpsterSummary
              pending={pending}
              onEdit={
                onEdit &&
                (() => {
                  edit();
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
          companyName={company.name}
          apiBaseUrl={apiBaseUrl}
          returnUrl={props.returnUrl}
          color={color}
          cardId={id('card')}
          onStartOver={startOver}
        />
      )}
    </FlowFrame>
  );
}
