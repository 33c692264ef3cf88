import { useCallback, useId, useLayoutEffect, useState } from 'react';
import type { Attribution } from '../attribution';
import { promoErrors, type Who } from '../dumpster/messages';
import { useCheckout } from '../engine/checkout';
import { CheckoutScreens, FlowFrame, LoadError, Loading } from '../engine/screens';
import { settleJob } from '../engine/settle';
import type { BookingComplete, BookingUnconfirmed, Channel, CompanyEmbed } from '../engine/types';
import { useForm } from '../engine/use-form';
import { useLoaded } from '../engine/use-loaded';
import { longDate } from '../format';
import type { AnswerStore } from '../stores';
import {
  EMPTY_JUNK,
  type JunkAnswers,
  type JunkField,
  outOfArea,
  validateJunk,
  windowEnds,
  windowLabel,
  zipServed,
} from './answers';
import { type JunkLoaded, type JunkPreload, loadJunk, startingJunk } from './catalog';
import { JunkForm } from './form';
import { explainJunkError } from './messages';
import { PhotoUpload } from './photos';
import { JunkSummary } from './quote-summary';
import { useJunkQuote } from './use-quote';

export type JunkFlowProps = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  channel: Channel;
  preview?: boolean;
  initial?: Partial<JunkAnswers>;
  store: AnswerStore<JunkAnswers>;
  returnUrl: () => string;
  attribution?: Attribution;
  onLoadError?(error: unknown): void;
  onComplete?(detail: BookingComplete): void;
  onUnconfirmed?(detail: BookingUnconfirmed): void;
  /** Rendered on the page's server: the data, the starting answers and their quote (hydrated as is). */
  preload?: JunkPreload;
};

const FIELD_ORDER: JunkField[] = ['form', 'load', 'date', 'window', 'address', 'city', 'zip', 'notes'];
FIELD_ORDER.push('name', 'email', 'phone', 'promo', 'terms');

/**
 * The whole junk removal booking on the flow engine: load, day and window with the seats left, address
 * (ZIP checked against the company's area when the field is left), details, what is not taken and what costs extra,
 * terms, the live quote; /junk/intents; the card; /junk/confirm with retries; the job number with photos.
 */
export function JunkFlow(props: JunkFlowProps) {
  const { company, apiBaseUrl } = props;
  const uid = useId().replace(/:/g, '');
  const id = useCallback((f: JunkField) => `svc${uid}-${f}`, [uid]);
  // A promo the page's link carried and the rendered quote refused is said from the first paint.
  const { answers, setAnswers, errors, setErrors, set, fail, root } = useForm<JunkAnswers, JunkField>({
    initial: props.preload?.answers ?? EMPTY_JUNK,
    initialErrors: () => promoErrors(props.preload?.quote?.promo),
    fieldOf: (answer) => answer as JunkField,
    order: FIELD_ORDER,
    focusTarget: (field, root) => {
      const radios = (name: JunkField) => `input[name="${id(name)}"]`;
      if (field === 'date') return root.querySelector<HTMLElement>('.day[tabindex="0"]');
      if (field === 'load') {
        return (
          root.querySelector<HTMLElement>(`${radios('load')}:checked`) ??
          root.querySelector<HTMLElement>(radios('load'))
        );
      }
      if (field === 'window') return root.querySelector<HTMLElement>(`${radios('window')}:not([disabled])`);
      return root.querySelector<HTMLElement>(`#${id(field)}`);
    },
  });
  const [busy, setBusy] = useState(false);
  // Whether the stored answers were read back: until then a save would overwrite them with the page's.
  const [restored, setRestored] = useState(false);

  const loaded = useLoaded<JunkLoaded>({
    ...props,
    preloaded: props.preload?.data,
    load: loadJunk,
    onLoaded: async (data) => {
      setAnswers(startingJunk(data, props.preload?.answers ?? {}, props.initial ?? {}, props.store.load()));
      setRestored(true);
      await checkout.restore();
    },
    explain: (err) => explainJunkError(err, { companyName: company.name, phone: null }).message,
  });
  const { client, data } = loaded;
  const who: Who = { companyName: company.name, phone: data?.profile.contact.phone ?? null };
  const checkout = useCheckout<JunkAnswers>({
    storageKey: `svc:${company.slug}:junk`,
    service: 'junk',
    settle: settleJob(client),
    email: (a) => a.email,
    confirmedPage: () => null,
    explain: (err) => explainJunkError(err, who).message,
    onComplete: props.onComplete,
    onUnconfirmed: props.onUnconfirmed,
  });
  const { quote, quoteBusy } = useJunkQuote(client, answers.load, answers.promo, who, setErrors, props.preload?.quote);

  // Persist every change (URL and/or sessionStorage, as the page chose), in the render that made it: an
  // effect runs after the next paint, and a reload before it lost the change (rules.spec, on a busy CPU).
  // Never before the stored answers are read back: the page's first render would overwrite them.
  useLayoutEffect(() => {
    if (restored && checkout.phase.kind === 'form') props.store.save(answers);
  }, [answers, restored, checkout.phase.kind, props.store]);

  /** The ZIP checked against the company's area when the field is left, not at payment. */
  function checkZip() {
    if (!data || !/^\S{5,}/.test(answers.zip.trim())) return;
    if (!zipServed(answers.zip, data.config.locations)) setErrors((e) => ({ ...e, zip: outOfArea(company.name) }));
  }

  async function submit() {
    if (!data || props.preview) return;
    const local = validateJunk(answers, data.config.locations, company.name);
    const w = windowEnds(answers.window);
    const load = data.config.loads.find((l) => l.load_fraction === answers.load);
    if (Object.keys(local).length || !w || !load) return fail(local);
    setBusy(true);
    try {
      const intent = await checkout.open((replaces) =>
        client.createJunkIntent({
          load_fraction: answers.load,
          job_date: answers.date,
          time_window_start: w.start,
          time_window_end: w.end,
          address_line1: answers.address.trim(),
          ...(answers.city.trim() ? { city: answers.city.trim() } : {}),
          zip: answers.zip.trim(),
          ...(answers.notes.trim() ? { notes: answers.notes.trim() } : {}),
          customer: { name: answers.name.trim(), email: answers.email.trim(), phone: answers.phone.trim() },
          ...(answers.promo.trim() ? { promo_code: answers.promo.trim() } : {}),
          terms_accepted: true,
          ...replaces,
          ...(props.attribution && Object.keys(props.attribution).length ? { attribution: props.attribution } : {}),
        }),
      );
      checkout.start({ intent, answers, label: load.label });
    } catch (err) {
      const { field, message } = explainJunkError(err, who);
      // A day or window refused: the seats changed since the page loaded; show them as they are now.
      if (field === 'date' || field === 'window') {
        const fresh = await loaded.reload().catch(() => null);
        if (fresh) setAnswers((a) => startingJunk(fresh, a, { date: a.date }));
      }
      fail({ [field]: message });
    } finally {
      setBusy(false);
    }
  }

  function startOver() {
    setAnswers((a) => ({ ...a, date: '', window: '', terms: false, notes: '' }));
    void loaded.reload().catch(() => null);
    checkout.startOver();
  }

  const color = company.branding.primary_color;
  return (
    <FlowFrame color={color} rootRef={root}>
      {loaded.loadError ? (
        <LoadError message={loaded.loadError} />
      ) : !data ? (
        <Loading what="loads and prices" />
      ) : !props.preview && (!data.config.junk_online || !data.config.payments_ready) ? (
        <div className="note" role="status">
          {company.name} is not taking junk removal bookings online at the moment.{' '}
          {who.phone ? `To book, call ${who.phone}.` : 'Please contact them directly to book.'}
        </div>
      ) : (
        <CheckoutScreens
          checkout={checkout}
          form={
            <JunkForm
              {...{ data, answers, set, id, errors, quote, quoteBusy, busy }}
              preview={props.preview}
              companyName={company.name}
              onZipDone={checkZip}
              onSubmit={() => void submit()}
            />
          }
          summary={(pending, onEdit) => <JunkSummary pending={pending} onEdit={onEdit} />}
          labels={{
            booked: 'Your junk removal is booked',
            held: 'Booking received, under review',
            again: 'Book another pickup',
            number: 'Job number',
          }}
          companyName={company.name}
          apiBaseUrl={apiBaseUrl}
          returnUrl={props.returnUrl}
          color={color}
          cardId={id('card')}
          onStartOver={startOver}
          afterDone={(done) =>
            done.settled.state !== 'unconfirmed' && done.settled.job ? (
              <>
                <p>
                  The crew arrives {longDate(done.settled.job.date)},{' '}
                  <strong>{windowLabel(done.settled.job.start, done.settled.job.end)}</strong>, and calls 30 minutes
                  ahead.
                </p>
                <PhotoUpload
                  target={{
                    apiBaseUrl,
                    publishableKey: loaded.key,
                    widget: props.channel === 'widget',
                    sessionId: done.settled.session_id,
                  }}
                  maxPhotos={done.settled.job.maxPhotos}
                  until={done.settled.job.photosUntil}
                />
              </>
            ) : null
          }
        />
      )}
    </FlowFrame>
  );
}
