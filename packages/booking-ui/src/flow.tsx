import {
  type Availability,
  type Company,
  type ConfirmOutcome,
  confirmWithRetry,
  type Materials,
  type Quote,
  type Size,
  SvcApiError,
} from '@svc/sdk';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type Answers,
  EMPTY_ANSWERS,
  FIELD_MESSAGES,
  type Field,
  type FieldErrors,
  pickupDate,
  resolveDebris,
  validateAnswers,
} from './answers';
import type { Attribution } from './attribution';
import { explainCheck, explainError, promoMessage, type Who } from './messages';
import { type PayFn, PaymentComponent } from './payment';
import { confirmedPageUrl, intentBody, makeClient, replacementKey } from './requests';
import { MaterialSection, offeredSizes, QuoteSummary, SizeSection, WhenSection } from './sections';
import { AddressSection, CustomerSection, Outcome, PaymentStep } from './steps';
import { type AnswerStore, readJson, writeJson } from './storage';
import { bookingCss } from './styles';
import type { BookingComplete, BookingUnconfirmed, Channel, CompanyEmbed, Done, Pending } from './types';

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
  store: AnswerStore;
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
};

type Loaded = { profile: Company; sizes: Size[]; materials: Materials; availability: Availability };
type Phase =
  | { kind: 'form' }
  | { kind: 'payment'; pending: Pending }
  | { kind: 'confirming'; pending: Pending }
  | { kind: 'done'; done: Done };

const FIELD_ORDER: Field[] = [
  'form',
  'material',
  'ack',
  'size',
  'debris',
  'days',
  'date',
  'address',
  'city',
  'state',
  'zip',
  'type' as Field,
  'name',
  'email',
  'phone',
  'companyName',
  'promo',
  'terms',
];

/**
 * The whole dumpster booking, following the order flow rules of the Booking API (section 4): company,
 * materials, sizes and quotes while the customer chooses; /check before payment; /intents; the processor's
 * component; /confirm with retries; the outcome. Used as it is by the hosted page and the widget.
 */
export function BookingFlow(props: BookingFlowProps) {
  const { company, apiBaseUrl, store } = props;
  const uid = useId().replace(/:/g, '');
  const id = useCallback((f: Field) => `svc${uid}-${f}`, [uid]);
  const keys = useMemo(
    () => ({ pending: `svc:${company.slug}:pending`, done: `svc:${company.slug}:done` }),
    [company.slug],
  );
  // The key the page was given; replaced once if the API refuses it (a key changed since the page loaded).
  const [key, setKey] = useState(company.publishable_key);
  const askedAgain = useRef(false);
  const client = useMemo(
    () => makeClient(props.apiBaseUrl, key, props.channel),
    [props.apiBaseUrl, key, props.channel],
  );

  const [data, setData] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Answers>(EMPTY_ANSWERS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteBusy, setQuoteBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const [pay, setPay] = useState<PayFn | null>(null);
  const onReady = useCallback((fn: PayFn | null) => setPay(() => fn), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingFocus = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  const who: Who = { companyName: company.name, phone: data?.profile.contact.phone ?? null };

  // Load the company's catalog once; restore answers, a payment in progress or a finished booking.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per company
  useEffect(() => {
    let live = true;
    (async () => {
      const [profile, sizes, materials, availability] = await Promise.all([
        client.company(),
        client.sizes(),
        client.materials(),
        client.availability(),
      ]);
      if (!live) return;
      const slugs = materials.materials.map((m) => m.slug);
      let restored: Answers = { ...EMPTY_ANSWERS, ...props.initial, ...store.load() };
      restored = resolveDebris(restored, slugs, materials.enabled);
      if (restored.sizeYards === null || !sizes.some((s) => s.yards === restored.sizeYards)) {
        restored.sizeYards = (sizes.find((s) => s.is_default) ?? sizes[0])?.yards ?? null;
      }
      setAnswers(restored);
      setData({ profile, sizes, materials, availability });
      const done = readJson<Done>(keys.done);
      if (done) return setPhase({ kind: 'done', done });
      const pending = readJson<Pending>(keys.pending);
      if (pending) await resume(pending);
    })().catch(async (err) => {
      if (!live) return;
      if (!askedAgain.current && err instanceof SvcApiError && err.code === 'unauthorized') {
        askedAgain.current = true;
        const replacement = await replacementKey(apiBaseUrl, company.slug, key);
        // A new key makes a new client, and this effect runs again with it.
        if (replacement && live) return setKey(replacement);
      }
      if (!live) return;
      setLoadError(explainError(err, who).message);
      props.onLoadError?.(err);
    });
    return () => {
      live = false;
    };
  }, [client]);

  const materialsOn = Boolean(data?.materials.enabled);
  const material = data?.materials.materials.find((m) => m.slug === answers.material);
  const needs = {
    material: Boolean(data?.profile.booking.materials.required),
    ack: Boolean(material?.requires_ack),
    closed: data?.profile.non_working_days,
  };
  // Rule 1: with a required material, sizes (and their prices) come only after it is chosen.
  const waitForMaterial = materialsOn && needs.material && !material;
  const offered = useMemo(
    () => (data && !waitForMaterial ? offeredSizes(data.sizes, materialsOn ? material : undefined, materialsOn) : []),
    [data, material, materialsOn, waitForMaterial],
  );
  const size = offered.find((o) => o.size.yards === answers.sizeYards)?.size;

  // Persist every change (URL and/or sessionStorage, as the page chose).
  useEffect(() => {
    if (data && phase.kind === 'form') store.save(answers);
  }, [answers, data, phase.kind, store]);

  // The live quote: every change of size, length, material or promo asks the server again.
  const quoteKey = size
    ? `${size.id}|${answers.days}|${materialsOn ? answers.material : ''}|${answers.promo.trim()}`
    : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: quoteKey carries every input of the quote
  useEffect(() => {
    if (!quoteKey || !size) return;
    let live = true;
    setQuoteBusy(true);
    const timer = setTimeout(() => {
      client
        .quote({
          size_id: size.id,
          rental_days: answers.days,
          ...(answers.promo.trim() ? { promo_code: answers.promo.trim() } : {}),
          ...(materialsOn && answers.material ? { material: answers.material } : {}),
        })
        .then((q) => {
          if (!live) return;
          setQuote(q);
          setErrors((e) => ({ ...e, promo: q.promo && !q.promo.ok ? promoMessage(q.promo.message) : undefined }));
        })
        .catch((err) => {
          if (!live) return;
          const { field, message } = explainError(err, who);
          setErrors((e) => ({ ...e, [field]: message }));
        })
        .finally(() => live && setQuoteBusy(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [quoteKey]);

  const set = useCallback((patch: Partial<Answers>) => {
    setAnswers((a) => ({ ...a, ...patch }));
    setErrors((e) => {
      const cleared = { ...e, form: undefined };
      for (const k of Object.keys(patch)) delete cleared[(k === 'sizeYards' ? 'size' : k) as Field];
      return cleared;
    });
  }, []);

  // Keep a valid size when the material changes the sizes on offer.
  useEffect(() => {
    if (!data || offered.length === 0) return;
    if (!offered.some((o) => o.size.yards === answers.sizeYards)) {
      const fallback = offered.find((o) => o.size.is_default) ?? offered[0];
      setAnswers((a) => ({ ...a, sizeYards: fallback?.size.yards ?? null }));
    }
  }, [offered, data, answers.sizeYards]);

  // Screen readers and keyboards follow the flow: each new screen's heading takes focus after it renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    if (!headingFocus.current) return;
    headingFocus.current = false;
    heading.current?.focus();
  }, [phase.kind]);

  function focusFirst(errs: FieldErrors) {
    const field = FIELD_ORDER.find((f) => errs[f]);
    if (!field) return;
    requestAnimationFrame(() => {
      const scope = root.current;
      const el =
        field === 'date'
          ? scope?.querySelector<HTMLElement>('.day[tabindex="0"]')
          : field === 'size' || field === 'material'
            ? scope?.querySelector<HTMLElement>(`input[name="${id(field)}"]`)
            : field === 'form'
              ? scope?.querySelector<HTMLElement>(`#${id('form')}`)
              : scope?.querySelector<HTMLElement>(`#${id(field)}`);
      el?.focus();
    });
  }

  function fail(errs: FieldErrors) {
    setErrors(errs);
    focusFirst(errs);
  }

  async function submit() {
    if (!data || props.preview) return;
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
      const intent = await client.createIntent(intentBody(answers, size, materialsOn, props.attribution));
      const pending: Pending = { intent, answers, sizeLabel: size.label };
      writeJson(keys.pending, pending);
      setPay(null);
      setPhase({ kind: 'payment', pending });
      focusHeading();
    } catch (err) {
      const { field, message } = explainError(err, who);
      fail({ [field]: message });
    } finally {
      setBusy(false);
    }
  }

  /** Asks for the next screen's heading to take focus, once React has put it on the page. */
  function focusHeading() {
    headingFocus.current = true;
  }

  /** After a reload or a 3-D Secure return: is the order already made, or is the card still to be given? */
  async function resume(pending: Pending) {
    const back = new URL(window.location.href).searchParams.get('payment_intent');
    if (back === pending.intent.payment_intent_id) return confirm(pending);
    try {
      finish(pending, (await client.confirm(pending.intent)) as ConfirmOutcome);
    } catch {
      setPhase({ kind: 'payment', pending });
    }
  }

  async function payNow(pending: Pending) {
    if (!pay) return;
    setBusy(true);
    setErrors({});
    const result = await pay().catch(() => ({ error: 'The card form did not answer. Please try again.' }));
    setBusy(false);
    if (result.error) return fail({ card: result.error });
    await confirm(pending);
  }

  async function confirm(pending: Pending) {
    setPhase({ kind: 'confirming', pending });
    focusHeading();
    try {
      finish(pending, await confirmWithRetry(client, pending.intent));
    } catch (err) {
      const code = err instanceof SvcApiError ? err.code : null;
      setPhase({ kind: 'payment', pending });
      fail({
        card:
          code === 'unconfirmed'
            ? 'Your card was not authorized. Please check the details or try another card.'
            : explainError(err, who).message,
      });
    }
  }

  function finish(pending: Pending, outcome: ConfirmOutcome) {
    const { intent, answers: a } = pending;
    const done: Done = {
      outcome,
      email: a.email,
      amount: intent.amount.gross_total,
      currency: intent.currency,
    };
    writeJson(keys.pending, null);
    writeJson(keys.done, done);
    setPhase({ kind: 'done', done });
    focusHeading();
    if (outcome.state === 'unconfirmed') {
      props.onUnconfirmed?.({ reference: outcome.session_id });
      return;
    }
    props.onComplete?.({ order_number: outcome.order_number, amount: intent.amount.gross_total });
    const target = data?.profile.confirmed_page_url;
    if (outcome.state === 'confirmed' && target) {
      const url = confirmedPageUrl(target, a, pending.sizeLabel, outcome.order_number);
      (props.navigate ?? ((u: string) => window.location.assign(u)))(url);
    }
  }

  function startOver() {
    writeJson(keys.done, null);
    writeJson(keys.pending, null);
    setAnswers((a) => ({ ...a, date: '', terms: false, ack: false }));
    setQuote(null);
    setPhase({ kind: 'form' });
    focusHeading();
  }

  const color = company.branding.primary_color;
  const style = { '--svc-primary': color, '--svc-focus': `${color}66` } as React.CSSProperties;

  let body: React.ReactNode;
  if (loadError) {
    body = (
      <div className="alert" role="alert">
        {loadError}
      </div>
    );
  } else if (!data) {
    body = (
      <div className="layout" aria-busy="true">
        <p className="sr" role="status">
          Loading sizes and prices…
        </p>
        <div className="skeleton" style={{ minHeight: 420 }} />
        <div className="skeleton aside" style={{ minHeight: 320 }} />
      </div>
    );
  } else if (phase.kind === 'done') {
    body = <Outcome done={phase.done} headingRef={heading} companyName={company.name} onStartOver={startOver} />;
  } else if (phase.kind === 'payment' || phase.kind === 'confirming') {
    const { pending } = phase;
    body = (
      <PaymentStep
        pending={pending}
        confirming={phase.kind === 'confirming'}
        headingRef={heading}
        cardId={id('card')}
        error={errors.card ?? errors.form}
        canPay={Boolean(pay) && !busy}
        busy={busy}
        onPay={() => payNow(pending)}
        onEdit={() => {
          writeJson(keys.pending, null);
          setPhase({ kind: 'form' });
        }}
      >
        <PaymentComponent
          intent={pending.intent}
          apiBaseUrl={apiBaseUrl}
          returnUrl={props.returnUrl()}
          color={color}
          onReady={onReady}
        />
      </PaymentStep>
    );
  } else {
    const promoOk = quote?.promo?.ok;
    const fields = { answers, set, id, errors };
    body = (
      <form
        className="layout"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        aria-describedby={props.preview ? `${id('form')}-preview` : undefined}
      >
        <div className="row">
          {props.preview ? (
            <p className="note" id={`${id('form')}-preview`}>
              Preview: these are the real sizes and prices; ordering is switched off.
            </p>
          ) : null}
          {materialsOn ? (
            <MaterialSection
              materials={data.materials}
              answers={answers}
              set={set}
              id={id}
              errors={errors}
              requiresAck={material?.requires_ack ? material : undefined}
            />
          ) : null}
          <SizeSection
            offered={offered}
            {...fields}
            currency={data.profile.currency}
            debrisOptions={materialsOn ? null : data.materials.materials}
            waitForMaterial={waitForMaterial}
          />
          <WhenSection {...fields} availability={data.availability} size={size} closed={needs.closed} />
          <AddressSection {...fields} />
          <CustomerSection
            {...fields}
            companyName={company.name}
            promoApplied={promoOk ? (quote?.lines.promo_discount ?? 0) : null}
            currency={data.profile.currency}
          />
        </div>
        <div className="row aside">
          <QuoteSummary
            quote={quote}
            busy={quoteBusy}
            size={size}
            answers={answers}
            pickup={pickupDate(answers.date, answers.days)}
          />
          <div className="alert" role="alert" id={id('form')} tabIndex={-1}>
            {errors.form ?? ''}
          </div>
          {props.preview ? (
            <button type="button" className="btn" aria-disabled="true" aria-describedby={`${id('form')}-preview`}>
              Ordering is off in preview
            </button>
          ) : (
            <button type="submit" className="btn" disabled={busy}>
              {busy ? <span className="spin" aria-hidden="true" /> : null}
              {busy ? 'Checking…' : 'Continue to payment'}
            </button>
          )}
          <p className="hint">Nothing is charged until you confirm the payment on the next step.</p>
        </div>
      </form>
    );
  }

  return (
    <div className="svc-b" style={style} ref={root}>
      <style>{bookingCss}</style>
      {body}
    </div>
  );
}
