import { SvcApiError } from '@svc/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readJson, writeJson } from '../storage';
import type { PayFn } from './payment-types';
import type { BookingComplete, BookingUnconfirmed, Done, Pending, Phase, Replaced, Service, Settled } from './types';

/** What a form tells the engine; everything else about paying and confirming is the engine's. */
export type CheckoutOptions<A> = {
  /** Names the tab's saved payment and outcome: one booking in progress per company and service. */
  storageKey: string;
  service: Service;
  /**
   * The form's confirm, retried as the order flow rules say (the SDK's confirmWithRetry or
   * confirmJunkWithRetry); `once` is a single attempt, for a page that resumes.
   */
  settle(pair: { session_id: string; payment_intent_id: string; reference: string }, once?: boolean): Promise<Settled>;
  /** Where the receipt goes, for the outcome screen. */
  email(answers: A): string;
  /** The company's 'booking confirmed page' for a confirmed order, or null to stay. */
  confirmedPage(pending: Pending<A>, orderNumber: number): string | null;
  /** A failed confirm as one sentence for the customer. */
  explain(err: unknown): string;
  onComplete?(detail: BookingComplete): void;
  onUnconfirmed?(detail: BookingUnconfirmed): void;
  navigate?(url: string): void;
};

export type Checkout<A> = ReturnType<typeof useCheckout<A>>;
/** What an intent's body carries to replace the booking the customer went back from (both or neither). */
export type ReplacesFields = { replaces_session_id?: string; replaces_client_secret?: string };

const NOT_AUTHORIZED = 'Your card was not authorized. Please check the details or try another card.';

/**
 * The booking engine: from a payment intent to the outcome. It keeps the payment in progress in the tab
 * (a reload or a 3-D Secure return resumes it), confirms with retries, dispatches the outcome to the page
 * and sends a confirmed customer to the company's confirmed page. Each new screen's heading takes focus.
 */
export function useCheckout<A>(options: CheckoutOptions<A>) {
  const latest = useRef(options);
  latest.current = options;
  const keys = useMemo(
    () => ({
      pending: `${options.storageKey}:pending`,
      done: `${options.storageKey}:done`,
      replaces: `${options.storageKey}:replaces`,
    }),
    [options.storageKey],
  );
  const [phase, setPhase] = useState<Phase<A>>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [pay, setPay] = useState<PayFn | null>(null);
  const onReady = useCallback((fn: PayFn | null) => setPay(() => fn), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingFocus = useRef(false);

  // Screen readers and keyboards follow the flow: each new screen's heading takes focus after it renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    if (!headingFocus.current) return;
    headingFocus.current = false;
    heading.current?.focus();
  }, [phase.kind]);

  const show = (next: Phase<A>, focus = true) => {
    setPhase(next);
    if (focus) headingFocus.current = true;
  };

  function finish(pending: Pending<A>, settled: Settled) {
    const { intent } = pending;
    const o = latest.current;
    const done: Done = {
      settled,
      email: o.email(pending.answers),
      amount: intent.amount.gross_total,
      currency: intent.currency,
    };
    writeJson(keys.pending, null);
    writeJson(keys.done, done);
    show({ kind: 'done', done });
    if (settled.state === 'unconfirmed') {
      // The reference, never the session id: every script of the host page hears this event.
      o.onUnconfirmed?.({ reference: settled.reference });
      return;
    }
    const amount = intent.amount.gross_total;
    o.onComplete?.(
      o.service === 'junk'
        ? { order_number: settled.number, amount, currency: intent.currency, service: 'junk' }
        : { order_number: settled.number, amount },
    );
    const target = settled.state === 'confirmed' ? o.confirmedPage(pending, settled.number) : null;
    if (target) (o.navigate ?? ((u: string) => window.location.assign(u)))(target);
  }

  async function confirm(pending: Pending<A>) {
    show({ kind: 'confirming', pending });
    try {
      finish(pending, await latest.current.settle(pending.intent));
    } catch (err) {
      const code = err instanceof SvcApiError ? err.code : null;
      setPhase({ kind: 'payment', pending });
      setError(code === 'unconfirmed' ? NOT_AUTHORIZED : latest.current.explain(err));
    }
  }

  /** After a reload or a 3-D Secure return: is the order already made, or is the card still to be given? */
  async function resume(pending: Pending<A>) {
    const back = new URL(window.location.href).searchParams.get('payment_intent');
    if (back === pending.intent.payment_intent_id) return confirm(pending);
    try {
      finish(pending, await latest.current.settle(pending.intent, true));
    } catch {
      setPhase({ kind: 'payment', pending });
    }
  }

  return {
    phase,
    heading,
    busy,
    error,
    canPay: Boolean(pay) && !busy,
    onReady,
    /** A finished booking or a payment in progress, as the tab kept them (call once the form is ready). */
    async restore() {
      // What an older version of the page kept has another shape: forgotten, never half-read.
      const done = readJson<Done>(keys.done);
      const complete = done?.settled?.state && (done.settled.state !== 'unconfirmed' || done.settled.reference);
      if (complete) return setPhase({ kind: 'done', done });
      if (done) writeJson(keys.done, null);
      const pending = readJson<Pending<A>>(keys.pending);
      if (pending?.intent?.session_id && typeof pending.label === 'string') await resume(pending);
      else if (pending) writeJson(keys.pending, null);
    },
    /**
     * Opens the form's payment intent: one that names the booking the customer went back from (paid or not)
     * with its secret, so it ends and its payment is released, and one booking never becomes two orders
     * (docs/decisions/replaced-bookings.md). A booking the API no longer knows (404 on replaces_session_id:
     * another database, a stale tab) is forgotten and the intent opened without it; any other refusal stands.
     */
    async open<I>(make: (replaces: ReplacesFields) => Promise<I>): Promise<I> {
      const kept = readJson<Replaced>(keys.replaces);
      if (!kept?.session_id || !kept.client_secret) return make({});
      try {
        return await make({ replaces_session_id: kept.session_id, replaces_client_secret: kept.client_secret });
      } catch (err) {
        if (!(err instanceof SvcApiError && err.code === 'not_found' && err.field === 'replaces_session_id')) throw err;
        writeJson(keys.replaces, null);
        return make({});
      }
    },
    /** The form made its payment intent: on to the card. */
    start(pending: Pending<A>) {
      writeJson(keys.replaces, null);
      writeJson(keys.pending, pending);
      setPay(null);
      setError(undefined);
      show({ kind: 'payment', pending });
    },
    async payNow(pending: Pending<A>) {
      if (!pay) return;
      setBusy(true);
      setError(undefined);
      const result = await pay().catch(() => ({ error: 'The card form did not answer. Please try again.' }));
      setBusy(false);
      if (result.error) return setError(result.error);
      await confirm(pending);
    },
    /** Back to the form from the card: the payment in progress is replaced by the next one. */
    edit() {
      if (phase.kind === 'payment') {
        const { session_id, client_secret } = phase.pending.intent;
        writeJson(keys.replaces, { session_id, client_secret } satisfies Replaced);
      }
      writeJson(keys.pending, null);
      show({ kind: 'form' }, false);
    },
    startOver() {
      writeJson(keys.done, null);
      writeJson(keys.pending, null);
      writeJson(keys.replaces, null);
      show({ kind: 'form' });
    },
  };
}
