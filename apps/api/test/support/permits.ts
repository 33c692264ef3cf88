import { scopeOf } from '../../src/cli/common';
import { addDays, weekday } from '../../src/domain/dates';
import { createConsoleUser } from '../../src/use-cases/accounts/users';
import { acmeTwin } from './companies';
import { CONSOLE_PASSWORD } from './fixtures';
import type { Target } from './servers';
import { withTargetDb } from './target-db';

/**
 * Two companies with street permit rules (docs/decisions/street-permits.md), each acme's config under its own
 * slug (acme itself keeps none, so every other test reads it as before):
 * - "erie": ZIP 10002 needs a permit the company applies for, 14 days ahead, $10 + $5 handling, 7 days a
 *   permit, $25 an extension, untaxed; elsewhere the street is free.
 * - "dennison": the city of Dennison needs a permit the customer applies for, 3 days ahead, $2.50 handling,
 *   taxed; the street anywhere else is not allowed.
 */
export const ERIE_RULE = {
  name: 'Erie, CO',
  zips: ['10002'],
  street: 'permit',
  applies: 'company',
  lead_days: 14,
  city_fee: 10,
  handling_fee: 5,
  covers_days: 7,
  extension_fee: 25,
  instructions: 'A right-of-way permit from the town, applied for 14 days ahead.',
} as const;

export const DENNISON_RULE = {
  name: 'Dennison, OH',
  cities: ['Dennison'],
  street: 'permit',
  applies: 'customer',
  lead_days: 3,
  city_fee: 10,
  handling_fee: 2.5,
  covers_days: 7,
  extension_fee: 25,
  taxable: true,
  instructions: 'Apply at the village office with your address and dates.',
} as const;

export const PERMIT_COMPANIES = {
  erie: { permits: { rules: [ERIE_RULE] } },
  dennison: { permits: { elsewhere: 'not_allowed', rules: [DENNISON_RULE] } },
} as const;

/** A permit company with its server key, 10-yard size and its owner's, staff member's and driver's logins. */
export async function permitCompany(target: Target, which: keyof typeof PERMIT_COMPANIES) {
  const co = await acmeTwin(target, `${which} Roll-Off`, () => PERMIT_COMPANIES[which]);
  const login = (role: 'owner' | 'staff' | 'driver') => ({
    email: `${role}@${co.slug}.example`,
    password: CONSOLE_PASSWORD,
    name: `${which} ${role}`,
  });
  await withTargetDb(target, async (db) => {
    const scope = await scopeOf(db, co.slug);
    await createConsoleUser(db.db, scope, { ...login('owner'), role: 'owner' });
    await createConsoleUser(db.db, scope, { ...login('staff'), role: 'staff' });
    await createConsoleUser(db.db, scope, { ...login('driver'), role: 'driver' });
  });
  return { ...co, owner: login('owner'), staff: login('staff'), driver: login('driver') };
}

/** The first day from `from` on that acme's calendar takes for delivery and for a pickup `rentalDays` later. */
export function openFrom(today: string, from: number, rentalDays: number): string {
  const open = (i: number) => i !== 5 && i !== 6 && weekday(addDays(today, i)) !== 7;
  for (let i = from; ; i++) if (open(i) && open(i + rentalDays)) return addDays(today, i);
}
