import type { JunkSetup } from './junk';
import type { PermitSetup } from './permit-rules';

/**
 * The in-memory shape of one company's booking catalog: what every read-side rule needs, loaded once
 * and cached per company (see catalog-cache.ts). Money in cents, percentages in milli-percent.
 */
export const TIERS = [
  ['d3', 3],
  ['d7', 7],
  ['d10', 10],
  ['d14', 14],
  ['d30', 30],
] as const;
export type TierKey = (typeof TIERS)[number][0];

export type CardFeeHandling = 'customer_pays' | 'company_absorbs';

export type Company = {
  id: string;
  slug: string;
  name: string;
  active: boolean;
  timezone: string;
  currency: 'USD' | 'CAD';
  country: 'US' | 'CA';
  contact: { phone: string | null; email: string | null; website: string | null };
  address: { line1: string; line2: string | null; city: string; state: string; zip: string };
  branding: { logo_url: string | null; primary_color: string; accent_color: string | null };
  bookingOnline: boolean;
  paymentsReady: boolean;
  cardFee: { handling: CardFeeHandling; percentMilli: number; fixedCents: number };
  /** ISO weekday numbers, 1 = Monday .. 7 = Sunday. */
  nonWorkingWeekdays: number[];
  closedDates: ClosedDate[];
  minNoticeDays: number;
  maxAdvanceDays: number;
  serviceAreaZips: string[];
  materials: { enabled: boolean; required: boolean; note: string };
  bookingConfirmedUrl: string | null;
  processor: { kind: 'sandbox' | 'stripe'; account: string | null };
  paymentLimits: PaymentLimits;
  /** The Data API: the platform's approval, the company's own switch, its plan (domain/data-plan.ts). */
  dataApi: { access: 'none' | 'requested' | 'approved' | 'revoked'; enabled: boolean; plan: 'free' | 'paid' };
  /** The customer's changes after the booking (domain/rental-changes.ts). */
  rentalChanges: {
    saveCards: boolean;
    moveCutoffHour: number;
    swapFeeCents: Record<string, number>;
    remindBeforePickup: boolean;
  };
  /** The field's charges (domain/overage.ts, docs/decisions/drivers-day.md). */
  fieldWork: { wastedTripFeeCents: number | null; noticeHours: number };
  /** Street placement and permits (domain/permits.ts); null: the company does not ask where the can sits. */
  permits: PermitSetup | null;
};

/** Caps against card testing (docs/decisions/payment-caps.md). */
export type PaymentLimits = {
  /** New payments an hour per page visitor (publishable key, per address). */
  intentsPerIpPerHour: number;
  /** New payments an hour through the company's server keys (pages never count here). */
  intentsPerHour: number;
  /** Declined cards on one payment before the processor cancels it. */
  failedPaymentsPerSession: number;
  /** Declined cards an hour from one visitor before it opens no new payment. */
  declinesPerIpPerHour: number;
  /** Declined cards an hour at the company that mean card testing: a visitor with one opens no new payment. */
  declinesPerHour: number;
};
export const DEFAULT_PAYMENT_LIMITS: PaymentLimits = {
  intentsPerIpPerHour: 10,
  intentsPerHour: 100,
  failedPaymentsPerSession: 5,
  declinesPerIpPerHour: 5,
  declinesPerHour: 30,
};

/** A size's cans as a booking rule (domain/fleet.ts). */
export type SizeFleet = {
  cans: number;
  /** Days a can stays in the yard after a pickup before it can go out again. */
  turnaroundDays: number;
  /** Cans out of service from one day through another (inclusive). */
  outOfService: { from: string; to: string; cans: number; note: string | null }[];
};

export type ClosedDate = { date: string; kind: 'holiday' | 'blackout'; reason: string };

export type Size = {
  id: string;
  key: string;
  label: string;
  yards: number;
  description: string;
  imageUrl: string | null;
  includedTons: number;
  overagePerTonCents: number | null;
  prices: Record<TierKey, number | null>;
  extraDayCents: number;
  tax: { enabled: boolean; percentMilli: number };
  fuelFee: { enabled: boolean; amountCents: number };
  isDefault: boolean;
  isPopular: boolean;
  sortOrder: number;
  /** Its cans, when the company counts them (domain/fleet.ts); null: sold on every open day. */
  fleet: SizeFleet | null;
};

export type MaterialSize = {
  sizeId: string;
  priceCents: number | null;
  maxWeightTons: number | null;
  overageMode: 'inherit' | 'flat' | 'per_ton';
  overagePerTonCents: number | null;
};

export type Material = {
  id: string;
  slug: string;
  label: string;
  explanation: string | null;
  requiresAck: boolean;
  isCatchAll: boolean;
  isHeavy: boolean;
  sortOrder: number;
  sizePolicy: 'all' | 'listed';
  sizes: MaterialSize[];
};

export type Promo = {
  code: string;
  type: 'percent' | 'amount';
  percentMilli: number;
  amountCents: number;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  timesUsed: number;
};

export type Catalog = {
  company: Company;
  /** Active sizes, in display order. */
  sizes: Size[];
  /** Active materials, in display order. */
  materials: Material[];
  /** Active promos by upper-cased code. */
  promos: Map<string, Promo>;
  /** Lower-cased e-mails of the company's commercial accounts (account_customer). */
  commercialEmails: Set<string>;
  /** Junk removal: JUNK_OFF when the company has not set it up. */
  junk: JunkSetup;
};

/** The processor account a company's payments are taken on: Canadian companies use their connected account. */
export const accountOf = (company: Company) => (company.country === 'CA' ? company.processor.account : null);
