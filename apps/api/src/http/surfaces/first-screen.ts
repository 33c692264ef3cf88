import type { z } from '@hono/zod-openapi';
import type { CompanyEmbed, FirstScreen, FirstScreenQuery } from '../../contract/embed';
import type { Db } from '../../db/client';
import type { Registry } from '../../db/registry';
import { findEmbedBySlug } from '../../db/repositories/keys';
import type { Catalog } from '../../domain/catalog';
import { timeIn, todayIn } from '../../domain/dates';
import type { CatalogScope } from '../../domain/scope';
import { fingerprint } from '../../lib/api-keys';
import { presentCompany, presentMaterials, presentQuote, presentSize } from '../../present/catalog';
import { presentJunkAvailability, presentJunkConfig, presentJunkQuote } from '../../present/junk-catalog';
import { quoteRental } from '../../use-cases/catalog/dumpster';
import { availabilityFor, sizesWithFleet } from '../../use-cases/catalog/fleet';
import { junkAvailability, quoteJunk } from '../../use-cases/catalog/junk';
import { readEmbed } from '../../use-cases/company/read-embed';

/**
 * GET /embed/v1/companies/{slug}/first-screen: the company lookup and what its booking form's first screen
 * is drawn from, as the Booking API answers each read to the key the lookup hands the asking page: the
 * profile, the sizes (with their fleet), materials and closed days, or the junk config and its days, and the
 * price of the asked (or the default) answers. Given only to a page that may use the key (its Origin among
 * the key's domains, or our hosted pages): a page the company did not allow learns the company, not its
 * catalog, as from the lookup. Carries no customer's data, so it is the same for every visitor of a page.
 *
 * Kept in this process for KEEP_MS, and dropped with the registry's read model: a revoked key or a changed
 * catalog is never answered from here after the change was published (db/registry.ts). The data is kept
 * per slug, Origin and service (what the database is read for), each answer per query (its price is pure
 * computation): a stranger varying the query costs no read. What the keeping lets through is the fleet and
 * the seats a booking took meanwhile (a few seconds): the intent refuses a sold-out day, and the form reads
 * the calendar again.
 */
export type FirstScreenDeps = { db: Db; registry: Registry; hostedBaseUrl: string; now: () => Date };
type Query = z.infer<typeof FirstScreenQuery>;
/** What the database was read for: the company lookup, and the form's data for the key it hands out. */
type Base = {
  company: CompanyEmbed;
  scope: CatalogScope | null;
  today: string;
  screen: DumpsterData | JunkData | null;
};
type DumpsterData = Omit<NonNullable<FirstScreen['dumpster']>, 'quote'>;
type JunkData = Omit<NonNullable<FirstScreen['junk']>, 'quote'>;

const KEEP_MS = 10_000;
const MAX_KEPT = 2_000;
/** The rental length a dumpster form starts with (booking-ui's EMPTY_ANSWERS). */
const DEFAULT_DAYS = 7;

/** A map of promises kept KEEP_MS each (a failure is not kept), emptied when full or told to. */
function keeper<T>() {
  const kept = new Map<string, { until: number; value: Promise<T> }>();
  return {
    get(name: string, make: () => Promise<T>): Promise<T> {
      const at = Date.now();
      const hit = kept.get(name);
      if (hit && hit.until > at) return hit.value;
      if (kept.size >= MAX_KEPT) kept.clear();
      const value = make();
      kept.set(name, { until: at + KEEP_MS, value });
      value.catch(() => kept.get(name)?.value === value && kept.delete(name));
      return value;
    },
    clear: () => kept.clear(),
  };
}

export function firstScreens(deps: FirstScreenDeps) {
  const bases = keeper<Base | null>();
  const answers = keeper<FirstScreen | null>();
  deps.registry.onFlush(() => {
    bases.clear();
    answers.clear();
  });
  return (slug: string, origin: string | undefined, query: Query): Promise<FirstScreen | null> =>
    answers.get(JSON.stringify([slug, origin ?? null, query]), async () => {
      const base = await bases.get(JSON.stringify([slug, origin ?? null, query.service]), () =>
        baseOf(deps, slug, origin, query.service),
      );
      return base && answerOf(base, query);
    });
}

async function baseOf(deps: FirstScreenDeps, slug: string, origin: string | undefined, service: Query['service']) {
  // Read from the database, not the registry's cache: a company switched off is gone from the next lookup.
  const source = await findEmbedBySlug(deps.db, slug);
  if (!source?.active) return null;
  const company = readEmbed(source, deps.hostedBaseUrl, origin);
  const scope = company.origin_allowed ? await scopeOf(deps, company) : null;
  if (!scope) return { company, scope, today: '', screen: null };
  const now = deps.now();
  const { catalog } = scope;
  const today = todayIn(catalog.company.timezone, now);
  const profile = presentCompany(catalog, deps.hostedBaseUrl, today);
  if (service === 'junk') {
    const clock = { today, time: timeIn(catalog.company.timezone, now) };
    const { range, days } = await junkAvailability(deps.db, scope, {}, clock, now);
    const config = presentJunkConfig(catalog, deps.hostedBaseUrl);
    const availability = presentJunkAvailability(catalog, clock, range, days);
    return { company, scope, today, screen: { profile, config, availability } };
  }
  const sizes = (await sizesWithFleet(deps.db, scope, { today })).map(presentSize);
  const availability = await availabilityFor(deps.db, scope, {}, { today });
  return { company, scope, today, screen: { profile, sizes, materials: presentMaterials(catalog), availability } };
}

/** The answer to one query: the kept data and the price of the asked (or the default) answers. */
async function answerOf({ company, scope, today, screen }: Base, query: Query): Promise<FirstScreen> {
  const answer: FirstScreen = { company, dumpster: null, junk: null };
  if (!scope || !screen) return answer;
  if ('config' in screen) {
    const loads = screen.config.loads;
    const load = loads.find((l) => l.load_fraction === query.load) ?? loads.find((l) => l.load_fraction === '1/4');
    const fraction = (load ?? loads[0])?.load_fraction;
    answer.junk = { ...screen, quote: fraction ? priced(() => junkQuote(scope, fraction, query.promo, today)) : null };
    return answer;
  }
  const { sizes, materials, profile } = screen;
  const size = sizes.find((s) => s.yards === query.size) ?? sizes.find((s) => s.is_default) ?? sizes[0];
  const material = materials.enabled ? materials.materials.find((m) => m.slug === query.material) : undefined;
  const waitForMaterial = materials.enabled && profile.booking.materials.required && !material;
  const body = {
    size_id: size?.id as string,
    rental_days: query.days ?? DEFAULT_DAYS,
    ...(material ? { material: material.slug } : {}),
    ...(query.promo ? { promo_code: query.promo } : {}),
  };
  const quote =
    size && !waitForMaterial ? priced(() => presentQuote(scope.catalog, quoteRental(scope, body, today))) : null;
  answer.dumpster = { ...screen, quote };
  return answer;
}

/**
 * The scope the Booking API's gate would make for the key the lookup chose (db/registry.ts, as
 * http/key-gate.ts finds it); null when that key is gone, the company is not active or the Booking API is
 * switched off: the page then loads through the Booking API and says what it is told.
 */
async function scopeOf(deps: FirstScreenDeps, company: CompanyEmbed): Promise<CatalogScope | null> {
  if (!company.publishable_key || !(await deps.registry.bookingApiEnabled())) return null;
  const key = await deps.registry.key(fingerprint(company.publishable_key));
  if (key?.kind !== 'publishable' || key.revokedAt) return null;
  if (key.expiresAt && key.expiresAt.getTime() <= deps.now().getTime()) return null;
  const catalog: Catalog | null = await deps.registry.catalog(key.companyId);
  if (!catalog?.company.active) return null;
  return { companyId: catalog.company.id, actor: { kind: 'key', keyId: key.id, keyKind: 'publishable' }, catalog };
}

function junkQuote(scope: CatalogScope, loadFraction: string, promo: string | undefined, today: string) {
  const body = { load_fraction: loadFraction, ...(promo ? { promo_code: promo } : {}) };
  return presentJunkQuote(scope.catalog, quoteJunk(scope, body, today));
}

/** A price the Booking API would refuse (a material the size does not take) is left for the form to ask. */
function priced<T>(quote: () => T): T | null {
  try {
    return quote();
  } catch {
    return null;
  }
}
