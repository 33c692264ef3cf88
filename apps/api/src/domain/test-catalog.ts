import { type Catalog, type Company, DEFAULT_PAYMENT_LIMITS, type Material, type Promo, type Size } from './catalog';
import type { JunkSetup } from './junk';

/** Small hand-built catalogs for the pure rules' tests (money in cents). */
export function size(overrides: Partial<Size> = {}): Size {
  return {
    id: '00000000-0000-4000-8000-000000000010',
    key: '10yd',
    label: '10 Yard',
    yards: 10,
    description: '',
    imageUrl: null,
    includedTons: 2,
    overagePerTonCents: 6500,
    prices: { d3: 29_500, d7: 34_500, d10: 39_500, d14: 44_500, d30: 59_500 },
    extraDayCents: 1_500,
    tax: { enabled: true, percentMilli: 8_250 },
    fuelFee: { enabled: true, amountCents: 2_500 },
    isDefault: true,
    isPopular: false,
    sortOrder: 0,
    fleet: null,
    ...overrides,
  };
}

export function company(overrides: Partial<Company> = {}): Company {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'acme',
    name: 'Acme',
    active: true,
    timezone: 'America/Chicago',
    currency: 'USD',
    country: 'US',
    contact: { phone: null, email: null, website: null },
    address: { line1: '1 Main', line2: null, city: 'Austin', state: 'TX', zip: '78701' },
    branding: { logo_url: null, primary_color: '#2563eb', accent_color: null },
    bookingOnline: true,
    paymentsReady: true,
    cardFee: { handling: 'customer_pays', percentMilli: 2_900, fixedCents: 30 },
    nonWorkingWeekdays: [7],
    closedDates: [],
    minNoticeDays: 1,
    maxAdvanceDays: 90,
    serviceAreaZips: [],
    materials: { enabled: true, required: false, note: '' },
    bookingConfirmedUrl: null,
    processor: { kind: 'sandbox', account: null },
    paymentLimits: DEFAULT_PAYMENT_LIMITS,
    dataApi: { access: 'approved', enabled: true, plan: 'paid' },
    rentalChanges: { saveCards: true, moveCutoffHour: 12, swapFeeCents: {}, remindBeforePickup: true },
    fieldWork: { wastedTripFeeCents: null, noticeHours: 24 },
    permits: null,
    ...overrides,
  };
}

export function material(overrides: Partial<Material> = {}): Material {
  return {
    id: '00000000-0000-4000-8000-000000000100',
    slug: 'concrete',
    label: 'Concrete',
    explanation: null,
    requiresAck: true,
    isCatchAll: false,
    isHeavy: true,
    sortOrder: 0,
    sizePolicy: 'listed',
    sizes: [],
    ...overrides,
  };
}

export function catalog(overrides: Partial<Catalog> = {}): Catalog {
  return {
    company: company(),
    sizes: [size()],
    materials: [],
    promos: new Map(),
    commercialEmails: new Set(),
    junk: junkSetup(),
    ...overrides,
  };
}

/** A junk setup: two windows of two seats on weekdays and Saturday, same day until noon. */
export function junkSetup(overrides: Partial<JunkSetup> = {}): JunkSetup {
  return {
    online: true,
    loads: [
      { fraction: 'min', label: 'Single item', description: '', priceCents: 9_900 },
      { fraction: '1/4', label: 'Quarter truck', description: '', priceCents: 24_900 },
      { fraction: 'full', label: 'Full truck', description: '', priceCents: 69_900 },
    ],
    windows: [
      { start: '08:00', end: '10:00', capacity: 2, weekdays: [1, 2, 3, 4, 5, 6] },
      { start: '13:00', end: '15:00', capacity: 2, weekdays: [1, 2, 3, 4, 5] },
    ],
    sameDay: { allowed: true, cutoff: '12:00' },
    minNoticeDays: 1,
    maxAdvanceDays: 30,
    nonWorkingWeekdays: [7],
    blackoutDates: [{ date: '2026-12-08', reason: 'Truck maintenance' }],
    photos: { enabled: true, maxCount: 3 },
    serviceAreaZips: null,
    notAccepted: [],
    extraFees: [],
    terms: '',
    cancellationPolicy: '',
    ...overrides,
  };
}

export function promo(overrides: Partial<Promo> = {}): Promo {
  return {
    code: 'SAVE',
    type: 'percent',
    percentMilli: 10_000,
    amountCents: 0,
    validFrom: null,
    validTo: null,
    maxUses: null,
    timesUsed: 0,
    ...overrides,
  };
}
