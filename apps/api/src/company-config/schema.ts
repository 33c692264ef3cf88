import { z } from 'zod';
import { DEFAULT_PAYMENT_LIMITS } from '../domain/catalog';
import { isValidTimezone, WEEKDAY_NAMES } from '../domain/dates';
import { normalizePostalCode } from '../domain/service-area';
import { FieldWorkConfig } from './field-work';
import { color, date, dollars, httpsUrl, percent } from './fields';
import { JunkConfig } from './junk';
import { PermitsConfig } from './permits';
import { RentalChangesConfig } from './rental-changes';

/**
 * The company config file (docs/company-config.md): everything the booking read side needs. Money in
 * dollars and percentages as decimals here, as a person writes them; converted to cents on apply.
 */

export const SizeConfig = z.strictObject({
  key: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, - and _'),
  label: z.string().min(1).max(80),
  yards: z.number().positive().max(100),
  description: z.string().max(500).default(''),
  image_url: httpsUrl.nullable().default(null),
  included_tons: z.number().min(0).max(100),
  overage_per_ton: dollars.nullable().default(null),
  prices: z
    .strictObject({
      d3: dollars.nullable().default(null),
      d7: dollars.nullable().default(null),
      d10: dollars.nullable().default(null),
      d14: dollars.nullable().default(null),
      d30: dollars.nullable().default(null),
      extra_day: dollars,
    })
    .refine((p) => [p.d3, p.d7, p.d10, p.d14, p.d30].some((v) => v !== null), 'at least one of d3..d30 is needed'),
  tax: z.strictObject({ enabled: z.boolean(), percent }).default({ enabled: false, percent: 0 }),
  fuel_environmental_fee: z
    .strictObject({ enabled: z.boolean(), amount: dollars })
    .default({ enabled: false, amount: 0 }),
  is_default: z.boolean().default(false),
  is_popular: z.boolean().default(false),
  active: z.boolean().default(true),
});

export const MaterialConfig = z.strictObject({
  slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, - and _'),
  label: z.string().min(1).max(80),
  explanation: z.string().max(1000).nullable().default(null),
  requires_ack: z.boolean().default(false),
  is_catch_all: z.boolean().default(false),
  is_heavy: z.boolean().default(false),
  size_policy: z.enum(['all', 'listed']).default('all'),
  sizes: z
    .array(
      z.strictObject({
        size: z.string().describe('a size key'),
        price: dollars.nullable().default(null),
        max_weight_tons: z.number().positive().nullable().default(null),
        overage_mode: z.enum(['inherit', 'flat', 'per_ton']).default('inherit'),
        overage_per_ton: dollars.nullable().default(null),
      }),
    )
    .default([]),
  active: z.boolean().default(true),
});

export const PromoConfig = z
  .strictObject({
    code: z.string().regex(/^[A-Za-z0-9_-]{2,32}$/, '2 to 32 letters, digits, - and _'),
    type: z.enum(['percent', 'amount']),
    percent: percent.optional(),
    amount: dollars.optional(),
    valid_from: date.nullable().default(null),
    valid_to: date.nullable().default(null),
    max_uses: z.number().int().positive().nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((p) => (p.type === 'percent' ? p.percent !== undefined : p.amount !== undefined), {
    message: 'a percent promo needs percent, an amount promo needs amount',
  })
  .refine((p) => !p.valid_from || !p.valid_to || p.valid_from <= p.valid_to, {
    message: 'valid_from is after valid_to',
    path: ['valid_to'],
  });

/** The fleet (docs/decisions/fleet.md): a size listed here is sold only while one of its cans is free. */
export const FleetConfig = z.strictObject({
  turnaround_days: z
    .number()
    .int()
    .min(0)
    .max(30)
    .default(0)
    .describe('days a can stays in the yard after a pickup before it can go out again'),
  sizes: z
    .array(
      z.strictObject({
        size: z.string().describe('a size key'),
        cans: z.number().int().min(0).max(10_000).nullable().describe('null: this size is not counted'),
      }),
    )
    .default([]),
  out_of_service: z
    .array(
      z
        .strictObject({
          size: z.string().describe('a size key'),
          from: date,
          to: date,
          cans: z.number().int().min(1).max(10_000),
          note: z.string().max(200).nullable().default(null),
        })
        .refine((o) => o.from <= o.to, { message: 'from is after to', path: ['to'] }),
    )
    .max(500)
    .default([]),
});

export const CompanyConfig = z
  .strictObject({
    $schema: z.string().optional(),
    slug: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, 'lowercase letters, digits and -'),
    name: z.string().min(1).max(120),
    active: z.boolean().default(true),
    timezone: z.string().refine(isValidTimezone, 'expected an IANA timezone like America/Chicago'),
    currency: z.enum(['USD', 'CAD']),
    country: z.enum(['US', 'CA']),
    contact: z.strictObject({
      phone: z.string().max(40).nullable().default(null),
      email: z.email().nullable().default(null),
      website: httpsUrl.nullable().default(null),
    }),
    address: z.strictObject({
      line1: z.string().min(1).max(200),
      line2: z.string().max(200).nullable().default(null),
      city: z.string().min(1).max(100),
      state: z.string().min(1).max(100),
      zip: z.string().min(1).max(20),
    }),
    branding: z
      .strictObject({
        logo_url: httpsUrl.nullable().default(null),
        primary_color: color.default('#2563eb'),
        accent_color: color.nullable().default(null),
      })
      .default({ logo_url: null, primary_color: '#2563eb', accent_color: null }),
    booking: z.strictObject({
      online: z.boolean(),
      payments_ready: z.boolean(),
      min_notice_days: z.number().int().min(0).max(60).default(1),
      max_advance_days: z.number().int().min(1).max(365).default(90),
      non_working_weekdays: z.array(z.enum(WEEKDAY_NAMES)).default([]),
      confirmed_page_url: httpsUrl.nullable().default(null),
      payment_limits: z
        .strictObject({
          intents_per_ip_per_hour: z
            .number()
            .int()
            .min(1)
            .max(1000)
            .default(DEFAULT_PAYMENT_LIMITS.intentsPerIpPerHour),
          intents_per_hour: z.number().int().min(1).max(100_000).default(DEFAULT_PAYMENT_LIMITS.intentsPerHour),
          failed_payments_per_session: z
            .number()
            .int()
            .min(1)
            .max(20)
            .default(DEFAULT_PAYMENT_LIMITS.failedPaymentsPerSession),
          declines_per_ip_per_hour: z
            .number()
            .int()
            .min(1)
            .max(100)
            .default(DEFAULT_PAYMENT_LIMITS.declinesPerIpPerHour),
          declines_per_hour: z.number().int().min(1).max(100_000).default(DEFAULT_PAYMENT_LIMITS.declinesPerHour),
        })
        .default({
          intents_per_ip_per_hour: DEFAULT_PAYMENT_LIMITS.intentsPerIpPerHour,
          intents_per_hour: DEFAULT_PAYMENT_LIMITS.intentsPerHour,
          failed_payments_per_session: DEFAULT_PAYMENT_LIMITS.failedPaymentsPerSession,
          declines_per_ip_per_hour: DEFAULT_PAYMENT_LIMITS.declinesPerIpPerHour,
          declines_per_hour: DEFAULT_PAYMENT_LIMITS.declinesPerHour,
        }),
    }),
    card_fees: z.discriminatedUnion('handling', [
      z.strictObject({ handling: z.literal('customer_pays'), percent: percent.max(10), fixed: dollars.max(10) }),
      z.strictObject({ handling: z.literal('company_absorbs') }),
    ]),
    closed_dates: z
      .array(
        z.strictObject({
          date,
          kind: z.enum(['holiday', 'blackout']),
          reason: z.string().min(1, 'say why the day is closed, like Christmas Day').max(120),
        }),
      )
      .default([]),
    service_area: z
      .strictObject({
        zips: z.array(
          z
            .string()
            .refine((v) => v.trim().length === 3 || normalizePostalCode(v) !== null, 'not a ZIP or postal code'),
        ),
      })
      .default({ zips: [] }),
    sizes: z.array(SizeConfig).min(1),
    materials: z
      .strictObject({
        enabled: z.boolean().default(false),
        required: z.boolean().default(false),
        note: z.string().max(1000).default(''),
        items: z.array(MaterialConfig).default([]),
      })
      .default({ enabled: false, required: false, note: '', items: [] }),
    promo_codes: z.array(PromoConfig).default([]),
    commercial_accounts: z.array(z.strictObject({ name: z.string().min(1).max(120), email: z.email() })).default([]),
    processor: z
      .strictObject({
        kind: z.enum(['sandbox', 'stripe']).default('sandbox'),
        account: z.string().nullable().default(null),
      })
      .default({ kind: 'sandbox', account: null }),
    junk: JunkConfig.nullable().default(null).describe('junk removal; null when the company does not offer it online'),
    fleet: FleetConfig.nullable()
      .default(null)
      .describe('cans per size; null (or a size not listed): its cans are not counted'),
    rental_changes: RentalChangesConfig,
    field_work: FieldWorkConfig,
    permits: PermitsConfig,
  })
  .superRefine((config, ctx) => {
    const keys = new Set<string>();
    config.sizes.forEach((s, i) => {
      if (keys.has(s.key))
        ctx.addIssue({ code: 'custom', message: `duplicate size key ${s.key}`, path: ['sizes', i, 'key'] });
      keys.add(s.key);
    });
    for (const key of Object.keys(config.rental_changes?.swap_fees ?? {})) {
      if (!keys.has(key))
        ctx.addIssue({ code: 'custom', message: `no size ${key}`, path: ['rental_changes', 'swap_fees', key] });
    }
    if (config.sizes.filter((s) => s.is_default).length > 1) {
      ctx.addIssue({ code: 'custom', message: 'at most one size can be the default', path: ['sizes'] });
    }
    const slugs = new Set<string>();
    config.materials.items.forEach((m, i) => {
      if (slugs.has(m.slug))
        ctx.addIssue({
          code: 'custom',
          message: `duplicate material ${m.slug}`,
          path: ['materials', 'items', i, 'slug'],
        });
      slugs.add(m.slug);
      m.sizes.forEach((ms, j) => {
        if (!keys.has(ms.size)) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown size key ${ms.size}`,
            path: ['materials', 'items', i, 'sizes', j, 'size'],
          });
        }
      });
    });
    const listed = new Set<string>();
    const tracked = new Set<string>();
    config.fleet?.sizes.forEach((f, i) => {
      const path = ['fleet', 'sizes', i, 'size'];
      if (!keys.has(f.size)) ctx.addIssue({ code: 'custom', message: `unknown size key ${f.size}`, path });
      else if (listed.has(f.size)) ctx.addIssue({ code: 'custom', message: `duplicate size ${f.size}`, path });
      listed.add(f.size);
      if (f.cans !== null) tracked.add(f.size);
    });
    config.fleet?.out_of_service.forEach((o, i) => {
      if (!tracked.has(o.size)) {
        ctx.addIssue({
          code: 'custom',
          message: `size ${o.size} has no number of cans in fleet.sizes`,
          path: ['fleet', 'out_of_service', i, 'size'],
        });
      }
    });
    const codes = new Set<string>();
    config.promo_codes.forEach((p, i) => {
      const code = p.code.toUpperCase();
      if (codes.has(code))
        ctx.addIssue({ code: 'custom', message: `duplicate promo ${code}`, path: ['promo_codes', i, 'code'] });
      codes.add(code);
    });
    const dates = new Set<string>();
    config.closed_dates.forEach((c, i) => {
      if (dates.has(c.date))
        ctx.addIssue({ code: 'custom', message: `duplicate closed date ${c.date}`, path: ['closed_dates', i, 'date'] });
      dates.add(c.date);
    });
  });

export type CompanyConfig = z.infer<typeof CompanyConfig>;
export type CompanyConfigInput = z.input<typeof CompanyConfig>;
