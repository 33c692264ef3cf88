import { z } from 'zod';
import { WEEKDAY_NAMES } from '../domain/dates';
import { normalizePostalCode } from '../domain/service-area';
import { date, dollars, time } from './fields';

/** The config file's `junk` block (docs/company-config.md, "Junk removal"). */
export const JunkConfig = z
  .strictObject({
    online: z.boolean().describe('junk removal bookings are taken online'),
    loads: z
      .array(
        z.strictObject({
          load_fraction: z
            .string()
            .regex(/^[a-z0-9][a-z0-9/_-]{0,15}$/, 'like min, 1/8, 1/4, 1/2, 3/4 or full')
            .describe('the stable value requests send'),
          label: z.string().min(1).max(80),
          description: z.string().max(300).default('').describe('what fits, for example the cubic yards'),
          price: dollars.min(1),
          active: z.boolean().default(true),
        }),
      )
      .min(1),
    windows: z
      .array(
        z
          .strictObject({
            start: time,
            end: time,
            capacity: z.number().int().min(1).max(100).describe('jobs per window (crews)'),
            weekdays: z
              .array(z.enum(WEEKDAY_NAMES))
              .min(1)
              .default([...WEEKDAY_NAMES])
              .describe('the days this window is offered'),
          })
          .refine((w) => w.start < w.end, { message: 'a window ends after it starts', path: ['end'] }),
      )
      .min(1),
    same_day: z
      .strictObject({ allowed: z.boolean(), cutoff: time.default('12:00') })
      .default({ allowed: false, cutoff: '12:00' }),
    min_notice_days: z.number().int().min(1).max(60).default(1).describe('for days after today (1 = tomorrow)'),
    max_advance_days: z.number().int().min(1).max(365).default(60),
    non_working_weekdays: z.array(z.enum(WEEKDAY_NAMES)).default([]),
    blackout_dates: z
      .array(z.strictObject({ date, reason: z.string().min(1, 'say why there is no junk removal that day').max(120) }))
      .default([]),
    photos: z
      .strictObject({ enabled: z.boolean().default(true), max_count: z.number().int().min(1).max(3).default(3) })
      .default({ enabled: true, max_count: 3 }),
    service_area: z
      .strictObject({
        zips: z.array(z.string().refine((v) => normalizePostalCode(v) !== null || v.trim().length === 3)),
      })
      .nullable()
      .default(null)
      .describe("the junk service area; null uses the company's"),
    not_accepted: z
      .array(z.strictObject({ label: z.string().min(1).max(120), note: z.string().max(300).nullable().default(null) }))
      .default([]),
    extra_fees: z
      .array(
        z.strictObject({
          label: z.string().min(1).max(120),
          amount: dollars,
          note: z.string().max(300).nullable().default(null),
        }),
      )
      .default([])
      .describe('charged on site when they apply (stairs, heavy items), never online'),
    terms: z.string().max(5000).default(''),
    cancellation_policy: z.string().max(5000).default(''),
  })
  .superRefine((junk, ctx) => {
    const fractions = new Set<string>();
    junk.loads.forEach((l, i) => {
      if (fractions.has(l.load_fraction)) {
        ctx.addIssue({
          code: 'custom',
          message: `duplicate load ${l.load_fraction}`,
          path: ['loads', i, 'load_fraction'],
        });
      }
      fractions.add(l.load_fraction);
    });
    const starts = new Set<string>();
    junk.windows.forEach((w, i) => {
      for (const day of w.weekdays) {
        if (starts.has(`${day} ${w.start}`)) {
          ctx.addIssue({
            code: 'custom',
            message: `two windows start at ${w.start} on ${day}`,
            path: ['windows', i, 'start'],
          });
        }
        starts.add(`${day} ${w.start}`);
      }
    });
    const dates = new Set<string>();
    junk.blackout_dates.forEach((b, i) => {
      if (dates.has(b.date))
        ctx.addIssue({ code: 'custom', message: `duplicate blackout ${b.date}`, path: ['blackout_dates', i, 'date'] });
      dates.add(b.date);
    });
  });
