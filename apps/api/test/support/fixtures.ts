import { eq, sql } from 'drizzle-orm';
import { scopeOf } from '../../src/cli/common';
import type { CompanyConfigInput } from '../../src/company-config/schema';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import { apiKeys } from '../../src/db/schema';
import { addDays, todayIn } from '../../src/domain/dates';
import { createConsoleUser } from '../../src/use-cases/accounts/users';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createKey, revokeCompanyKey } from '../../src/use-cases/company/keys';
import { decideDataApi, requestDataApi, setPlan } from '../../src/use-cases/data/access';

/**
 * The companies every HTTP test runs against. Dates are relative to today in the company's timezone,
 * so the suite never goes stale. Prices are chosen so each rule shows in the totals.
 */
export const ACME_TZ = 'America/New_York';

export function acmeConfig(today: string): CompanyConfigInput {
  return {
    slug: 'acme',
    name: 'Acme Roll-Off',
    timezone: ACME_TZ,
    currency: 'USD',
    country: 'US',
    contact: { phone: '+1 212 555 0100', email: 'office@acme.example', website: 'https://acme.example' },
    address: { line1: '1 Main St', city: 'New York', state: 'NY', zip: '10001' },
    branding: { logo_url: 'https://acme.example/logo.png', primary_color: '#aa3300' },
    booking: {
      online: true,
      payments_ready: true,
      min_notice_days: 1,
      max_advance_days: 60,
      non_working_weekdays: ['sunday'],
    },
    card_fees: { handling: 'customer_pays', percent: 3, fixed: 0.3 },
    closed_dates: [
      { date: addDays(today, 5), kind: 'holiday', reason: 'Test Holiday' },
      { date: addDays(today, 6), kind: 'blackout', reason: 'Yard inventory' },
    ],
    service_area: { zips: ['10001', '10002'] },
    sizes: [
      {
        key: '10yd',
        label: '10 Yard',
        yards: 10,
        included_tons: 2,
        overage_per_ton: 70,
        prices: { d3: 300, d7: 350, d10: 400, d14: 450, d30: 600, extra_day: 20 },
        tax: { enabled: true, percent: 8.875 },
        fuel_environmental_fee: { enabled: true, amount: 30 },
        is_default: true,
      },
      {
        key: '20yd',
        label: '20 Yard',
        yards: 20,
        included_tons: 3,
        prices: { d7: 450, d14: 550, extra_day: 25 },
        tax: { enabled: true, percent: 8.875 },
        is_popular: true,
      },
      {
        key: '15yd',
        label: '15 Yard (retired)',
        yards: 15,
        included_tons: 2,
        prices: { d7: 1, extra_day: 1 },
        active: false,
      },
    ],
    materials: {
      enabled: true,
      required: false,
      note: 'Heavy debris is priced by material.',
      items: [
        { slug: 'household', label: 'Household junk', is_catch_all: true },
        {
          slug: 'concrete',
          label: 'Clean concrete',
          requires_ack: true,
          is_heavy: true,
          size_policy: 'listed',
          sizes: [{ size: '10yd', price: 500, max_weight_tons: 10, overage_mode: 'flat', overage_per_ton: 150 }],
        },
        {
          slug: 'shingles',
          label: 'Roofing shingles',
          size_policy: 'listed',
          sizes: [{ size: '20yd', price: null, max_weight_tons: 4, overage_mode: 'per_ton', overage_per_ton: 90 }],
        },
      ],
    },
    promo_codes: [
      { code: 'TENOFF', type: 'percent', percent: 10 },
      { code: 'FIFTY', type: 'amount', amount: 50 },
      { code: 'FUTURE', type: 'percent', percent: 5, valid_from: addDays(today, 10) },
      { code: 'PAST', type: 'percent', percent: 5, valid_to: addDays(today, -1) },
    ],
    commercial_accounts: [{ name: 'Big Builder', email: 'ap@bigbuilder.example' }],
    junk: acmeJunk(today),
    // A wasted trip costs $75 (docs/decisions/drivers-day.md); field charges wait the default 24 hours.
    field_work: { wasted_trip_fee: 75, notice_hours: 24 },
  };
}

/**
 * Acme's junk removal, fixed so every slot rule can be caused whatever the hour: same-day bookings close
 * at 00:00 (today is always slot_same_day_closed), tomorrow is inside the two days' notice (slot_past_date),
 * today + 9 is a blackout, Sundays are off, and the afternoon window has one seat (the race).
 */
export function acmeJunk(today: string): NonNullable<CompanyConfigInput['junk']> {
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
  return {
    online: true,
    loads: [
      { load_fraction: 'min', label: 'Single item', description: 'about 1 cubic yard', price: 99 },
      { load_fraction: '1/4', label: 'Quarter truck', description: 'about 4 cubic yards', price: 249.99 },
      { load_fraction: 'full', label: 'Full truck', description: 'about 16 cubic yards', price: 699 },
      { load_fraction: '3/4', label: 'Three quarters (retired)', price: 500, active: false },
    ],
    windows: [
      { start: '08:00', end: '10:00', capacity: 3, weekdays: [...weekdays] },
      { start: '10:00', end: '12:00', capacity: 2, weekdays: [...weekdays] },
      { start: '13:00', end: '15:00', capacity: 1, weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
    ],
    same_day: { allowed: true, cutoff: '00:00' },
    min_notice_days: 2,
    max_advance_days: 30,
    non_working_weekdays: ['sunday'],
    blackout_dates: [{ date: addDays(today, 9), reason: 'Truck maintenance' }],
    photos: { enabled: true, max_count: 3 },
    service_area: { zips: ['10001', '10002', '10003'] },
    not_accepted: [{ label: 'Paint and chemicals', note: null }],
    extra_fees: [{ label: 'Stairs (per flight)', amount: 25 }],
    terms: 'The crew confirms the load on site.',
    cancellation_policy: 'Free cancellation until 24 hours before the window.',
  };
}

const otherCompany = (slug: string, overrides: Partial<CompanyConfigInput>): CompanyConfigInput => ({
  slug,
  name: slug,
  timezone: 'America/Toronto',
  currency: 'CAD',
  country: 'CA',
  contact: {},
  address: { line1: '1 King St', city: 'Toronto', state: 'ON', zip: 'M5V 3L9' },
  booking: { online: false, payments_ready: false },
  card_fees: { handling: 'company_absorbs' },
  sizes: [{ key: '14yd', label: '14 Yard', yards: 14, included_tons: 2, prices: { d7: 400, extra_day: 10 } }],
  ...overrides,
});

export type Fixtures = {
  today: string;
  acme: {
    publishable: string;
    server: string;
    serverToRevoke: string;
    revoked: string;
    expired: string;
    sizes: Record<'10yd' | '20yd', string>;
  };
  sleepy: { server: string };
  offline: { server: string };
  /** Online and ready, set to Stripe: on a platform without Stripe keys it cannot take payments. */
  stripeco: { server: string };
  /** Acme's twin whose junk removal is switched off online. */
  junkoff: { server: string };
  /** Data API keys: acme and rival approved on the paid plan; freeco approved on the free plan. */
  data: { acme: string; rival: string; freeco: string };
  /** Console users (test/support/console.ts signs them in): sleepy's company is switched off. */
  console: ConsoleFixtures;
};

export type ConsoleLogin = { email: string; password: string; name: string };
export type ConsoleFixtures = {
  /** Two drivers: each sees only the stops the office gives it (driver-day.test.ts). */
  acme: { owner: ConsoleLogin; staff: ConsoleLogin; driver: ConsoleLogin; driver2: ConsoleLogin };
  /** `blocked`: signs in only in console-throttle.test.ts, which locks the account out for 15 minutes. */
  rival: { owner: ConsoleLogin; blocked: ConsoleLogin };
  sleepy: { owner: ConsoleLogin };
};
/** Every fixture user's password (12 characters or more, as the console asks). */
export const CONSOLE_PASSWORD = 'fixture-password-1234';

async function consoleUsers(database: Database): Promise<ConsoleFixtures> {
  const make = async (slug: string, role: 'owner' | 'staff' | 'driver', name: string, tag: string = role) => {
    const login = { email: `${tag}@${slug}.example`, password: CONSOLE_PASSWORD, name };
    await createConsoleUser(database.db, await scopeOf(database, slug), { ...login, role });
    return login;
  };
  return {
    acme: {
      owner: await make('acme', 'owner', 'Olive Owner'),
      staff: await make('acme', 'staff', 'Sam Staff'),
      driver: await make('acme', 'driver', 'Dana Driver'),
      driver2: await make('acme', 'driver', 'Drew Driver', 'driver2'),
    },
    rival: {
      owner: await make('rival', 'owner', 'Rita Rival'),
      blocked: await make('rival', 'staff', 'Tess Throttle'),
    },
    sleepy: { owner: await make('sleepy', 'owner', 'Sid Sleepy') },
  };
}

/** Approves a company's Data API access on a plan and gives it a key, as the platform would. */
async function dataAccess(database: Database, slug: string, plan: 'free' | 'paid'): Promise<string> {
  const now = new Date();
  const scope = await scopeOf(database, slug);
  await requestDataApi(database, scope, 'Orders and leads into our own systems', now);
  await decideDataApi(database, scope, 'approved', now);
  await setPlan(database, scope, plan);
  return (await createKey(database, scope, { kind: 'data', label: 'tests' }, now)).key;
}

export async function seedFixtures(database: Database): Promise<Fixtures> {
  const today = todayIn(ACME_TZ, new Date());
  await applyCompanyConfig(database, acmeConfig(today));
  await applyCompanyConfig(database, otherCompany('sleepy', { active: false }));
  await applyCompanyConfig(database, otherCompany('offline', {}));
  await applyCompanyConfig(database, {
    ...acmeConfig(today),
    slug: 'stripeco',
    name: 'Stripe Co',
    commercial_accounts: [],
    processor: { kind: 'stripe', account: null },
  });

  await applyCompanyConfig(database, {
    ...acmeConfig(today),
    slug: 'junkoff',
    name: 'Junk Off',
    junk: { ...acmeJunk(today), online: false },
  });

  await applyCompanyConfig(database, otherCompany('rival', {}));
  await applyCompanyConfig(database, otherCompany('freeco', {}));
  const data = {
    acme: await dataAccess(database, 'acme', 'paid'),
    rival: await dataAccess(database, 'rival', 'paid'),
    freeco: await dataAccess(database, 'freeco', 'free'),
  };

  const acme = await scopeOf(database, 'acme');
  const revoked = await createKey(database, acme, { kind: 'server', label: 'revoked' }, new Date());
  await revokeCompanyKey(database, acme, revoked.id);
  const expired = await createKey(
    database,
    acme,
    {
      kind: 'server',
      label: 'expired',
      expiresAt: new Date(Date.now() + 60_000),
    },
    new Date(),
  );
  await database.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 day'` }).where(eq(apiKeys.id, expired.id));

  const company = await findCompanyBySlug(database.db, 'acme');
  const catalog = await loadCatalog(database.db, company?.id as string);
  const sizeId = (key: string) => catalog?.sizes.find((s) => s.key === key)?.id as string;
  return {
    today,
    acme: {
      publishable: (
        await createKey(
          database,
          acme,
          { kind: 'publishable', domains: ['acme.example', '*.acme.example'] },
          new Date(),
        )
      ).key,
      server: (await createKey(database, acme, { kind: 'server', label: 'main' }, new Date())).key,
      serverToRevoke: (await createKey(database, acme, { kind: 'server', label: 'to revoke' }, new Date())).key,
      revoked: revoked.key,
      expired: expired.key,
      sizes: { '10yd': sizeId('10yd'), '20yd': sizeId('20yd') },
    },
    sleepy: {
      server: (await createKey(database, await scopeOf(database, 'sleepy'), { kind: 'server' }, new Date())).key,
    },
    offline: {
      server: (await createKey(database, await scopeOf(database, 'offline'), { kind: 'server' }, new Date())).key,
    },
    stripeco: {
      server: (await createKey(database, await scopeOf(database, 'stripeco'), { kind: 'server' }, new Date())).key,
    },
    junkoff: {
      server: (await createKey(database, await scopeOf(database, 'junkoff'), { kind: 'server' }, new Date())).key,
    },
    data,
    console: await consoleUsers(database),
  };
}
