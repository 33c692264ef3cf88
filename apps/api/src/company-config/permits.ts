import { z } from 'zod';
import { normalizePostalCode } from '../domain/service-area';
import { dollars } from './fields';

/** One city's (or ZIP list's) rule for a can on the street (docs/decisions/street-permits.md). */
export const PermitRuleConfig = z
  .strictObject({
    name: z.string().trim().min(1).max(80).describe('shown to customers and the office, e.g. "Erie, CO"'),
    zips: z
      .array(
        z.string().refine((v) => v.trim().length === 3 || normalizePostalCode(v) !== null, 'not a ZIP or postal code'),
      )
      .max(500)
      .default([])
      .describe('ZIP or postal codes the rule covers (a 3-character Canadian prefix covers its area)'),
    cities: z
      .array(z.string().trim().min(1).max(100))
      .max(50)
      .default([])
      .describe("city names matched case-insensitively against the address's city"),
    street: z
      .enum(['allowed', 'permit', 'not_allowed'])
      .describe('allowed: no permit; permit: a permit is needed; not_allowed: never on the street'),
    applies: z
      .enum(['company', 'customer'])
      .default('company')
      .describe('who applies for the permit: the company (an office task) or the customer (told how)'),
    lead_days: z.number().int().min(0).max(60).default(0).describe('days the city needs before the delivery'),
    city_fee: dollars.default(0).describe("the city's fee for the permit"),
    handling_fee: dollars.default(0).describe("the company's handling fee"),
    covers_days: z
      .number()
      .int()
      .min(1)
      .max(365)
      .nullable()
      .default(null)
      .describe('rental days one permit covers; null: no expiry'),
    extension_fee: dollars.default(0).describe("the city's fee for each further covers_days"),
    taxable: z.boolean().default(false).describe("the permit fee is taxed at the size's rate"),
    instructions: z.string().trim().max(1000).default('').describe('what the city requires, shown to the customer'),
  })
  .refine((r) => r.zips.length > 0 || r.cities.length > 0, {
    message: 'list at least one ZIP or city',
    path: ['zips'],
  });

/** Street placement and permits (company config `permits`); null: the company never asks where the can sits. */
export const PermitsConfig = z
  .strictObject({
    elsewhere: z
      .enum(['allowed', 'not_allowed'])
      .default('allowed')
      .describe('the street where no rule matches the address'),
    rules: z.array(PermitRuleConfig).max(200).default([]).describe('the first rule matching the address applies'),
  })
  .nullable()
  .default(null)
  .describe('street placement and permits by city or ZIP; null: placement is not asked');
