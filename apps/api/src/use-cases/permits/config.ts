import type { z } from 'zod';
import type { PermitsConfig } from '../../company-config/permits';
import { toCents, toDollars } from '../../domain/money';
import type { PermitSetup } from '../../domain/permits';
import { normalizePostalCode } from '../../domain/service-area';

/** The config file's `permits` (dollars) as the catalog keeps it (cents), and back (docs/company-config.md). */
type Config = NonNullable<z.output<typeof PermitsConfig>>;

export function permitSetupOf(c: Config): PermitSetup {
  return {
    elsewhere: c.elsewhere,
    rules: c.rules.map((r) => ({
      name: r.name,
      zips: [...new Set(r.zips.map((z) => normalizePostalCode(z) ?? z.trim().toUpperCase()))],
      cities: [...new Set(r.cities.map((city) => city.trim().toLowerCase()))],
      street: r.street,
      applies: r.applies,
      leadDays: r.lead_days,
      cityFeeCents: toCents(r.city_fee),
      handlingFeeCents: toCents(r.handling_fee),
      coversDays: r.covers_days,
      extensionFeeCents: toCents(r.extension_fee),
      taxable: r.taxable,
      instructions: r.instructions,
    })),
  };
}

/** As the file says it: cities read back lower-cased (they match case-insensitively). */
export function permitsConfigOf(s: PermitSetup): Config {
  return {
    elsewhere: s.elsewhere,
    rules: s.rules.map((r) => ({
      name: r.name,
      zips: r.zips,
      cities: r.cities,
      street: r.street,
      applies: r.applies,
      lead_days: r.leadDays,
      city_fee: toDollars(r.cityFeeCents),
      handling_fee: toDollars(r.handlingFeeCents),
      covers_days: r.coversDays,
      extension_fee: toDollars(r.extensionFeeCents),
      taxable: r.taxable,
      instructions: r.instructions,
    })),
  };
}
