import type { CompanyConfigInput } from '../../company-config/schema';
import type { Database } from '../../db/client';
import { insertAudit } from '../../db/repositories/audit';
import { DomainError } from '../../domain/errors';
import { mayReadSection } from '../../domain/members';
import { actingUser, type Scope } from '../../domain/scope';
import { applyCompanyConfig } from './apply-config';
import { readCompanyConfig } from './read-config';

/**
 * The console's settings: the company's config file (docs/company-config.md) cut into the sections its
 * forms edit. A section's values are merged into the current config and written through applyCompanyConfig,
 * the same validated use case as `svc company apply`, so the console can save nothing the CLI would refuse,
 * and the change is published to every instance's read model in the same transaction.
 */
export const SETTINGS_SECTIONS = [
  'profile',
  'rules',
  'sizes',
  'materials',
  'promos',
  'closed-days',
  'junk',
  'fleet',
  'permits',
  'card-fees',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Each section's form fields and where each lives in the config file. */
const FIELDS: Record<SettingsSection, Record<string, string>> = {
  profile: { name: 'name', timezone: 'timezone', contact: 'contact', address: 'address', branding: 'branding' },
  rules: {
    online: 'booking.online',
    min_notice_days: 'booking.min_notice_days',
    max_advance_days: 'booking.max_advance_days',
    non_working_weekdays: 'booking.non_working_weekdays',
    confirmed_page_url: 'booking.confirmed_page_url',
    service_zips: 'service_area.zips',
  },
  sizes: { sizes: 'sizes' },
  materials: {
    enabled: 'materials.enabled',
    required: 'materials.required',
    note: 'materials.note',
    items: 'materials.items',
  },
  promos: { promo_codes: 'promo_codes' },
  'closed-days': { closed_dates: 'closed_dates' },
  junk: { junk: 'junk' },
  fleet: { fleet: 'fleet' },
  permits: { permits: 'permits' },
  'card-fees': { handling: 'card_fees.handling', percent: 'card_fees.percent', fixed: 'card_fees.fixed' },
};

/** Sections whose values replace their part of the config whole (the card fee's fields depend on its handling). */
const REPLACED: Partial<Record<SettingsSection, string>> = { 'card-fees': 'card_fees' };

type Json = Record<string, unknown>;

const at = (config: Json, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), config);

function put(config: Json, path: string, value: unknown) {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = config;
  for (const k of keys) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Json;
  }
  node[last] = value;
}

/** A section's values as its form shows them (and posts them back). */
export function sectionValues(config: CompanyConfigInput, section: SettingsSection): Json {
  const replaced = REPLACED[section];
  if (replaced) return { ...(at(config as Json, replaced) as Json) };
  // A config without a fleet reads back without the key (read-config.ts); its form shows null.
  return Object.fromEntries(
    Object.entries(FIELDS[section]).map(([field, path]) => [
      field,
      at(config as Json, path) ?? (section === 'fleet' || section === 'permits' ? null : undefined),
    ]),
  );
}

/** Every section as its form shows it; a section the member's role may not see is null (domain/members.ts). */
export async function readSettings(database: Database, scope: Scope) {
  const role = scope.actor.kind === 'member' ? scope.actor.role : null;
  const config = await readCompanyConfig(database, scope.companyId);
  const sections = Object.fromEntries(
    SETTINGS_SECTIONS.map((s) => [s.replace('-', '_'), mayReadSection(role, s) ? sectionValues(config, s) : null]),
  );
  return { slug: config.slug, currency: config.currency, country: config.country, sections };
}

export type Issue = { field: string; message: string };

/** A config path (`booking.min_notice_days`) as the section's form names it (`min_notice_days`). */
export function fieldOf(section: SettingsSection, path: string): string {
  for (const [field, prefix] of Object.entries(FIELDS[section])) {
    if (path === prefix || path.startsWith(`${prefix}.`)) return field + path.slice(prefix.length);
  }
  const replaced = REPLACED[section];
  if (replaced && (path === replaced || path.startsWith(`${replaced}.`)))
    return path.slice(replaced.length + 1) || 'body';
  // Another section's problem this change causes (a material's price for a size just removed): its own path.
  return path || 'body';
}

export function settingsError(issues: Issue[]) {
  const message =
    issues.length === 1
      ? `${(issues[0] as Issue).field}: ${(issues[0] as Issue).message}`
      : `${issues.length} problems: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`;
  return new DomainError('invalid_body', message.endsWith('.') ? message : `${message}.`, {
    field: issues[0]?.field ?? 'body',
    details: { issues },
  });
}

/** Merges a section's values into the config; refuses fields the section does not have. */
export function mergeSection(config: CompanyConfigInput, section: SettingsSection, values: unknown): Json {
  if (!values || typeof values !== 'object' || Array.isArray(values)) {
    throw settingsError([{ field: 'body', message: 'send the section as a JSON object' }]);
  }
  const known = FIELDS[section];
  const unknown = Object.keys(values).filter((k) => !Object.hasOwn(known, k));
  if (unknown.length) {
    throw settingsError(
      unknown.map((k) => ({ field: k, message: `unknown field; this section has ${Object.keys(known).join(', ')}` })),
    );
  }
  const next = structuredClone(config) as Json;
  const replaced = REPLACED[section];
  if (replaced) put(next, replaced, {});
  for (const [field, value] of Object.entries(values)) put(next, known[field] as string, value);
  return next;
}

export type SettingsChange = { section: SettingsSection; values: unknown };

/**
 * Saves one section: merged, validated and applied as `svc company apply` would; answers every section again.
 * Who may change which section is declared with its operation (http/surfaces/console/settings.ts).
 */
export async function saveSettingsSection(database: Database, scope: Scope, change: SettingsChange) {
  const current = await readCompanyConfig(database, scope.companyId);
  // The slug is the company's identity (the config is applied by slug): no section may change it.
  const next = { ...mergeSection(current, change.section, change.values), slug: current.slug };
  try {
    await applyCompanyConfig(database, next);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'invalid_body') {
      const issues = (err.details?.issues as { path: string; message: string }[] | undefined) ?? [
        { path: err.field ?? '', message: err.message },
      ];
      throw settingsError(issues.map((i) => ({ field: fieldOf(change.section, i.path), message: i.message })));
    }
    throw err;
  }
  await insertAudit(database.db, {
    companyId: scope.companyId,
    userId: actingUser(scope),
    action: `settings.${change.section}`,
    subject: `settings:${change.section}`,
  });
  return readSettings(database, scope);
}
