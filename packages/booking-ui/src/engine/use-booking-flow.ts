import type { BookingClient, Intent } from '@svc/sdk';
import { useCallback, useId, useLayoutEffect, useState } from 'react';
import type { Attribution } from '../attribution';
import type { AnswerStore } from '../stores';
import { type CheckoutOptions, type ReplacesFields, useCheckout } from './checkout';
import { type Explained, promoErrors, type Who } from './messages';
import type { BookingComplete, BookingUnconfirmed, Channel, CompanyEmbed, Pending, Service } from './types';
import { useForm } from './use-form';
import { useLoaded } from './use-loaded';

/** What the page's server rendered a form with: its data, the starting answers and their quote. */
type Preload<A, D> = { data: D; answers: A; quote: { promo: { ok: boolean; message?: string } | null } | null };

/** What a form's flow takes from the hosted page or the widget, whichever the form. */
export type FlowProps<A, P> = {
  /** Where the platform is (the SDK adds /booking/v1). */
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  /** 'link' from the hosted page (known by its origin), 'widget' from the widget (sent as a header). */
  channel: Channel;
  /** preview=1: real prices, ordering switched off. */
  preview?: boolean;
  /** Answers given by the embedding page (data-* attributes); stored answers win over them. */
  initial?: Partial<A>;
  store: AnswerStore<A>;
  /** The page a card's 3-D Secure step returns to. */
  returnUrl: () => string;
  /** utm_* and referrer of the visit, stored on the order (see attribution.ts). */
  attribution?: Attribution;
  /** The company's data could not be loaded (for example: this page's origin is not an allowed domain). */
  onLoadError?(error: unknown): void;
  onComplete?(detail: BookingComplete): void;
  onUnconfirmed?(detail: BookingUnconfirmed): void;
  /** Rendered on the page's server: the data, the starting answers and their quote (hydrated as is). */
  preload?: P;
};

/** What a form tells the flow about itself; the rest of a booking is the same for every form. */
export type FlowSpec<A, F extends string, D> = {
  service: Service;
  /** Names the tab's saved payment and outcome (engine/checkout.ts). */
  storageKey: string;
  /** The answers of the first render when the page's server rendered none. */
  empty: A;
  load(client: BookingClient): Promise<D>;
  /** The answers to start from once the data is here: the page's, then the stored ones, checked against it. */
  starting(data: D): A;
  settle(client: BookingClient): CheckoutOptions<A>['settle'];
  explain(err: unknown, who: Who): Explained<F>;
  /** The error field an answer's errors are under (engine/use-form.ts). */
  fieldOf(answer: string): F;
  /** The order in which the first field in error takes focus. */
  order: readonly F[];
  /** The element that takes focus for a field in error; `id` names the form's elements. */
  focusTarget(field: F, root: HTMLElement, id: (f: F) => string): HTMLElement | null | undefined;
  /** The company's 'booking confirmed page' for a confirmed booking; none by default. */
  confirmedPage?(pending: Pending<A>, orderNumber: number, data: D | null): string | null;
  navigate?(url: string): void;
};

type Errors<F extends string> = Partial<Record<F, string>>;

/** What the form books once its own checks pass, or the errors they found. */
export type Order<F extends string> =
  | { errors: Errors<F> }
  | {
      /** Names what is booked on the payment screen (a dumpster size, a junk load). */
      label: string;
      /** A request that may still refuse the answers before the payment is opened (the dumpster's /check). */
      check?(): Promise<Errors<F>>;
      /** The form's intent request; `replaces` ends the booking the customer went back from. */
      intent(replaces: ReplacesFields): Promise<Intent>;
      /** Before a refusal is shown: what the form reads again (fresh days or seats), when it does. */
      refused?(err: unknown, explained: Explained<F>): Promise<unknown> | undefined;
    };

/**
 * A form's whole booking but its sections: its answers and errors (engine/use-form.ts), its company data
 * (engine/use-loaded.ts) with the answers restored against it, the answers kept in the page's store, the
 * checkout (engine/checkout.ts), and the submit: the form's order, then the intent, then the card.
 */
export function useBookingFlow<
  A extends { email: string },
  F extends string,
  D extends { profile: { contact: { phone: string | null } } },
>(props: FlowProps<A, Preload<A, D>>, spec: FlowSpec<A, F, D>) {
  const { company } = props;
  const uid = useId().replace(/:/g, '');
  const id = useCallback((f: F | 'card') => `svc${uid}-${f}`, [uid]);
  // A promo the page's link carried and the rendered quote refused is said from the first paint.
  const { answers, setAnswers, errors, setErrors, set, fail, root } = useForm<A, F>({
    initial: props.preload?.answers ?? spec.empty,
    initialErrors: () => promoErrors(props.preload?.quote?.promo) as Errors<F>,
    fieldOf: spec.fieldOf,
    order: spec.order,
    focusTarget: (field, root) => spec.focusTarget(field, root, id),
  });
  const [busy, setBusy] = useState(false);
  // Whether the stored answers were read back: until then a save would overwrite them with the page's.
  const [restored, setRestored] = useState(false);

  const loaded = useLoaded<D>({
    ...props,
    preloaded: props.preload?.data,
    load: spec.load,
    onLoaded: async (data) => {
      setAnswers(spec.starting(data));
      setRestored(true);
      await checkout.restore();
    },
    explain: (err) => spec.explain(err, { companyName: company.name, phone: null }).message,
  });
  const { client, data } = loaded;
  const who: Who = { companyName: company.name, phone: data?.profile.contact.phone ?? null };
  const checkout = useCheckout<A>({
    storageKey: spec.storageKey,
    service: spec.service,
    settle: spec.settle(client),
    email: (a) => a.email,
    confirmedPage: (pending, orderNumber) => spec.confirmedPage?.(pending, orderNumber, data) ?? null,
    explain: (err) => spec.explain(err, who).message,
    onComplete: props.onComplete,
    onUnconfirmed: props.onUnconfirmed,
    navigate: spec.navigate,
  });

  // Persist every change (URL and/or sessionStorage, as the page chose), in the render that made it: an
  // effect runs after the next paint, and a reload before it lost the change (rules.spec, on a busy CPU).
  // Never before the stored answers are read back: the page's first render would overwrite them.
  useLayoutEffect(() => {
    if (restored && checkout.phase.kind === 'form') props.store.save(answers);
  }, [answers, restored, checkout.phase.kind, props.store]);

  /** The form's order, then its intent (naming the booking it replaces), then on to the card. */
  async function submit(prepare: (data: D) => Order<F>) {
    if (!data || props.preview) return;
    const order = prepare(data);
    if ('errors' in order) return fail(order.errors);
    setBusy(true);
    try {
      if (order.check) {
        const refused = await order.check();
        if (Object.keys(refused).length) return fail(refused);
      }
      const intent = await checkout.open(order.intent);
      checkout.start({ intent, answers, label: order.label });
    } catch (err) {
      const explained = spec.explain(err, who);
      // The error waits for what the form reads again (fresh days or seats), and only then.
      const rereading = order.refused?.(err, explained);
      if (rereading) await rereading;
      fail({ [explained.field]: explained.message } as Errors<F>);
    } finally {
      setBusy(false);
    }
  }

  // The data with its client, key and reload (engine/use-loaded.ts), the form's state, and the props.
  return { ...loaded, props, id, root, answers, setAnswers, errors, setErrors, set, busy, who, checkout, submit };
}
