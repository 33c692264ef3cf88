import { FlowScreens } from '../engine/flow-screens';
import { settleJob } from '../engine/settle';
import { type FlowProps, type Order, useBookingFlow } from '../engine/use-booking-flow';
import { longDate } from '../format';
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

export type JunkFlowProps = FlowProps<JunkAnswers, JunkPreload>;

const FIELD_ORDER: JunkField[] = ['form', 'load', 'date', 'window', 'address', 'city', 'zip', 'notes'];
FIELD_ORDER.push('name', 'email', 'phone', 'promo', 'terms');

/**
 * The whole junk removal booking on the flow engine: load, day and window with the seats left, address
 * (ZIP checked against the company's area when the field is left), details, what is not taken and what costs extra,
 * terms, the live quote; /junk/intents; the card; /junk/confirm with retries; the job number with photos.
 */
export function JunkFlow(props: JunkFlowProps) {
  const { company, apiBaseUrl } = props;
  const flow = useBookingFlow<JunkAnswers, JunkField, JunkLoaded>(props, {
    service: 'junk',
    storageKey: `svc:${company.slug}:junk`,
    empty: EMPTY_JUNK,
    load: loadJunk,
    starting: (data) => startingJunk(data, props.preload?.answers ?? {}, props.initial ?? {}, props.store.load()),
    settle: settleJob,
    explain: explainJunkError,
    fieldOf: (answer) => answer as JunkField,
    order: FIELD_ORDER,
    focusTarget: (field, root, id) => {
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
  const { client, data, answers, setAnswers, setErrors, set, id, errors, busy, who } = flow;
  const { quote, quoteBusy } = useJunkQuote(client, answers.load, answers.promo, who, setErrors, props.preload?.quote);

  /** The form's own checks, then /junk/intents. */
  function order(data: JunkLoaded): Order<JunkField> {
    const local = validateJunk(answers, data.config.locations, company.name);
    const w = windowEnds(answers.window);
    const load = data.config.loads.find((l) => l.load_fraction === answers.load);
    if (Object.keys(local).length || !w || !load) return { errors: local };
    return {
      label: load.label,
      intent: (replaces) =>
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
      refused: (_err, { field }) => (field === 'date' || field === 'window' ? reseat() : undefined),
    };
  }

  /** The ZIP checked against the company's area when the field is left, not at payment. */
  function checkZip() {
    if (!data || !/^\S{5,}/.test(answers.zip.trim())) return;
    if (!zipServed(answers.zip, data.config.locations)) {
      setErrors((e) => ({ ...e, zip: outOfArea(company.name) }));
    }
  }

  /** A day or window refused: the seats changed since the page loaded; show them as they are now. */
  async function reseat() {
    const fresh = await flow.reload().catch(() => null);
    if (fresh) setAnswers((a) => startingJunk(fresh, a, { date: a.date }));
  }

  return (
    <FlowScreens
      flow={flow}
      loading="loads and prices"
      closed={(data) =>
        !props.preview && (!data.config.junk_online || !data.config.payments_ready) ? (
          <div className="note" role="status">
            {company.name} is not taking junk removal bookings online at the moment.{' '}
            {who.phone ? `To book, call ${who.phone}.` : 'Please contact them directly to book.'}
          </div>
        ) : null
      }
      form={(data) => (
        <JunkForm
          {...{ data, answers, set, id, errors, quote, quoteBusy, busy }}
          preview={props.preview}
          companyName={company.name}
          onZipDone={checkZip}
          onSubmit={() => void flow.submit(order)}
        />
      )}
      summary={(pending, onEdit) => <JunkSummary pending={pending} onEdit={onEdit} />}
      labels={{
        booked: 'Your junk removal is booked',
        held: 'Booking received, under review',
        again: 'Book another pickup',
        number: 'Job number',
      }}
      onStartOver={() => {
        setAnswers((a) => ({ ...a, date: '', window: '', terms: false, notes: '' }));
        void flow.reload().catch(() => null);
      }}
      afterDone={(done) =>
        done.settled.state !== 'unconfirmed' && done.settled.job ? (
          <>
            <p>
              The crew arrives {longDate(done.settled.job.date)},{' '}
              <strong>{windowLabel(done.settled.job.start, done.settled.job.end)}</strong>, and calls 30 minutes ahead.
            </p>
            <PhotoUpload
              target={{
                apiBaseUrl,
                publishableKey: flow.key,
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
  );
}
