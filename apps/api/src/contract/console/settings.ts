import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { CompanyConfig } from '../../company-config/schema';
import { dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { CONSOLE_ERRORS, CONSOLE_WRITE_ERRORS, consoleSession } from './common';

// The console's settings: the company's config file (docs/company-config.md) cut into the sections its
// forms edit. Each section's values are what GET /settings shows and what POST /settings/<section> takes;
// a save is merged into the config and written through the same validated use case as `svc company apply`.

const C = CompanyConfig.shape;
const B = C.booking.shape;

export const ProfileSettings = z
  .strictObject({ name: C.name, timezone: C.timezone, contact: C.contact, address: C.address, branding: C.branding })
  .openapi('ProfileSettings');

export const RulesSettings = z
  .strictObject({
    online: B.online.describe('bookings are taken online'),
    min_notice_days: B.min_notice_days,
    max_advance_days: B.max_advance_days,
    non_working_weekdays: B.non_working_weekdays,
    confirmed_page_url: B.confirmed_page_url,
    service_zips: C.service_area
      .unwrap()
      .shape.zips.describe(
        'ZIP or postal codes served (a 3-character Canadian prefix covers its area); empty: anywhere',
      ),
  })
  .openapi('RulesSettings');

export const SizesSettings = z.strictObject({ sizes: C.sizes }).openapi('SizesSettings', {
  description: 'Every size, in the order shown; a size left out is switched off (orders keep pointing at it).',
});

export const MaterialsSettings = z.strictObject(C.materials.unwrap().shape).openapi('MaterialsSettings');

export const PromosSettings = z.strictObject({ promo_codes: C.promo_codes }).openapi('PromosSettings', {
  description: 'Every promo code; a code left out is switched off (its uses are kept).',
});

export const ClosedDaysSettings = z.strictObject({ closed_dates: C.closed_dates }).openapi('ClosedDaysSettings');

export const JunkSettings = z.strictObject({ junk: C.junk }).openapi('JunkSettings');

export const FleetSettings = z.strictObject({ fleet: C.fleet }).openapi('FleetSettings', {
  description:
    'The cans of each size, the turnaround and the cans in repair (docs/decisions/fleet.md); null: no size is counted. Owners edit, staff read.',
});

export const PermitsSettings = z.strictObject({ permits: C.permits }).openapi('PermitsSettings', {
  description:
    'Street placement and permits by city or ZIP (docs/decisions/street-permits.md); null: the booking never asks where the can sits. Owners edit, staff read.',
});

export const CardFeeSettings = C.card_fees.describe('Who pays the card fee. Owners only.');

export const Settings = z
  .object({
    slug: z.string(),
    currency: z.enum(['USD', 'CAD']),
    country: z.enum(['US', 'CA']),
    preview_url: z.string().openapi({
      description: 'the hosted booking page as a preview: shows the company even while it is not taking bookings',
    }),
    booking_url: z.string().openapi({ description: 'the hosted booking page customers use' }),
    sections: z.object({
      profile: ProfileSettings,
      rules: RulesSettings,
      sizes: SizesSettings,
      materials: MaterialsSettings,
      promos: PromosSettings,
      closed_days: ClosedDaysSettings,
      junk: JunkSettings,
      fleet: FleetSettings,
      permits: PermitsSettings,
      card_fees: CardFeeSettings.nullable().describe('null for staff: card settings are for owners'),
    }),
  })
  .openapi('Settings');

export const getSettings = createRoute({
  method: 'get',
  path: '/settings',
  operationId: 'getSettings',
  summary: "The company's settings, section by section, as the forms show them",
  security: consoleSession,
  responses: { ...dataOf(Settings, 'The settings'), ...errorResponses([...CONSOLE_ERRORS]) },
});

const section = <T extends z.ZodType>(name: string, operationId: string, body: T, summary: string, owner = false) =>
  createRoute({
    method: 'post',
    path: `/settings/${name}`,
    operationId,
    summary,
    description:
      'Merges the section into the company config and applies it as `svc company apply` does; live on the booking ' +
      'page within a second. Every problem is an invalid_body whose `field` names the form field ' +
      '(`sizes.0.prices.d7`); with several, `details.issues` lists each `{ field, message }`.' +
      (owner ? ' Owners only: staff get 403 forbidden.' : ''),
    security: consoleSession,
    request: { body: jsonBody(body) },
    responses: {
      ...dataOf(Settings, 'Saved: every section as it now stands'),
      ...errorResponses(owner ? [...CONSOLE_WRITE_ERRORS, 'forbidden'] : [...CONSOLE_WRITE_ERRORS]),
    },
  });

export const saveProfile = section(
  'profile',
  'saveProfileSettings',
  ProfileSettings.partial(),
  'Save the company profile',
);
export const saveRules = section('rules', 'saveRulesSettings', RulesSettings.partial(), 'Save the booking rules');
export const saveSizes = section('sizes', 'saveSizesSettings', SizesSettings, 'Save the sizes and their prices');
export const saveMaterials = section(
  'materials',
  'saveMaterialsSettings',
  MaterialsSettings.partial(),
  'Save the materials',
);
export const savePromos = section('promos', 'savePromosSettings', PromosSettings, 'Save the promo codes');
export const saveClosedDays = section(
  'closed-days',
  'saveClosedDaysSettings',
  ClosedDaysSettings,
  'Save the closed days',
);
export const saveJunk = section(
  'junk',
  'saveJunkSettings',
  JunkSettings,
  'Save junk removal: loads, windows and rules',
);
export const saveFleet = section(
  'fleet',
  'saveFleetSettings',
  FleetSettings,
  'Save the fleet: cans per size, turnaround, cans in repair',
  true,
);
export const savePermits = section(
  'permits',
  'savePermitsSettings',
  PermitsSettings,
  'Save the street permit rules: by city or ZIP, lead days, fees, expiry',
  true,
);
export const saveCardFees = section(
  'card-fees',
  'saveCardFeeSettings',
  CardFeeSettings,
  'Save card fee handling',
  true,
);

/** Each section's operation, by the section's name in the path (use-cases/company/settings.ts). */
export const SECTION_OPERATIONS = {
  profile: saveProfile,
  rules: saveRules,
  sizes: saveSizes,
  materials: saveMaterials,
  promos: savePromos,
  'closed-days': saveClosedDays,
  junk: saveJunk,
  fleet: saveFleet,
  permits: savePermits,
  'card-fees': saveCardFees,
} as const;

export const settingsOperations: readonly RouteConfig[] = [getSettings, ...Object.values(SECTION_OPERATIONS)];
