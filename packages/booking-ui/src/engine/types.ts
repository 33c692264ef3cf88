import type { CompanyEmbed, Intent } from '@svc/sdk';
import type { Attribution } from '../attribution';

export type { CompanyEmbed } from '@svc/sdk';

/**
 * svc:booking:complete's detail: an order (or junk job) was confirmed, or received and held for review.
 * Junk bookings also carry `currency` and `service: "junk"`, with the job number as `order_number`.
 */
export type BookingComplete = { order_number: number; amount: number; currency?: string; service?: 'junk' };
/** svc:booking:unconfirmed's detail: the card is authorized, the order not made yet. Never a conversion. */
export type BookingUnconfirmed = { reference: string };

export type Channel = 'link' | 'widget';
export type Service = 'dumpster' | 'junk';

/** What a hosted page's flow takes, whichever its service (the page carries it as JSON: page.tsx). */
export type HostedProps<Preload> = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  preview: boolean;
  /** Absent when the page's server could not load it: the flow loads it in the browser. */
  preload?: Preload;
  attribution?: Attribution;
};

/**
 * What a widget's flow takes: the flow's own props but the page's (the widget books through channel
 * 'widget', keeps its answers in the tab and returns to the host page after 3-D Secure). `preload` is the
 * first screen its server rendered (the loader put it on the host page); without it the flow loads itself.
 */
export type WidgetProps<Answers, Preload> = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  /** Answers the tag's data-* attributes give; stored answers win over them. */
  initial?: Partial<Answers>;
  preload?: Preload;
  attribution?: Attribution;
  onLoadError?(error: unknown): void;
  onComplete?(detail: BookingComplete): void;
  onUnconfirmed?(detail: BookingUnconfirmed): void;
};

/**
 * A payment in progress: kept in sessionStorage so a reload or a 3-D Secure return resumes it. `answers`
 * are the form's own; `label` names what is booked (a dumpster size, a junk load).
 */
export type Pending<A> = { intent: Intent; answers: A; label: string };

/**
 * What confirming gave: the order or job made (confirmed, or held for review), or the card authorized and
 * the making still under way (unconfirmed). `job` carries what a junk job's confirmation screen shows.
 */
export type Settled =
  | {
      state: 'confirmed' | 'held';
      number: number;
      session_id: string;
      job?: JobReceipt;
      /** The customer's private My booking page, said only by the confirm that made the order. */
      manageUrl?: string;
    }
  | { state: 'unconfirmed'; session_id: string; reference: string };
export type JobReceipt = { date: string; start: string; end: string; photosUntil: string | null; maxPhotos: number };

/**
 * The booking the customer went back from to change the details: what the next intent names to end it (its
 * session and the client secret only this page was given).
 */
export type Replaced = { session_id: string; client_secret: string };

/** A finished booking, shown again after a reload instead of inviting a second order. */
export type Done = { settled: Settled; email: string; amount: number; currency: string };

/** Where a booking stands: the form, the card, the confirm, the outcome. */
export type Phase<A> =
  | { kind: 'form' }
  | { kind: 'payment'; pending: Pending<A> }
  | { kind: 'confirming'; pending: Pending<A> }
  | { kind: 'done'; done: Done };
