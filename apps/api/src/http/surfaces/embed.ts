import type { Context } from 'hono';
import { EMBED_BASE, EmbedSlug, embedOperations, getCompanyEmbed, getFirstScreen } from '../../contract/embed';
import type { Db } from '../../db/client';
import type { Registry } from '../../db/registry';
import { findEmbedBySlug } from '../../db/repositories/keys';
import { DomainError } from '../../domain/errors';
import { readEmbed } from '../../use-cases/company/read-embed';
import { createLimiter } from '../rate-limit';
import { createSurface } from '../shell';
import { firstScreens } from './first-screen';

/**
 * A first screen may be kept by a browser or a cache in front, and is asked again with its ETag on every
 * use (304 while nothing changed): a key revoked meanwhile is never handed out from a cache.
 */
const FIRST_SCREEN_CACHE = 'no-cache';

/**
 * Public company lookups for the hosted page and the widget (/embed/v1): no key (they come to learn the
 * key), any origin. The lookup is never cached (the key in it may be revoked at any moment); the first screen
 * (the lookup with the form's data) is kept a few seconds here, and by browsers with revalidation
 * (http/surfaces/first-screen.ts, docs/decisions/widget-first-screen.md).
 */
export type EmbedDeps = {
  db: Db;
  registry: Registry;
  hostedBaseUrl: string;
  now?: () => Date;
  /** The first screen is counted per address, as the Booking API's reads are (docs/decisions/rate-limits.md). */
  clientIp: (c: Context) => string;
  ratePerMinute?: number;
  redis?: unknown;
};

export function createEmbedSurface(deps: EmbedDeps) {
  const { app, route, cached } = createSurface({
    name: 'the embed lookup',
    surface: 'embed',
    base: EMBED_BASE,
    operations: embedOperations,
    methods: ['GET', 'HEAD'],
    maxBodyBytes: 0,
    cors: { kind: 'any', methods: 'GET' },
  });
  const slugOf = (raw: string) => {
    const slug = EmbedSlug.safeParse(raw);
    if (!slug.success) throw new DomainError('not_found', 'No such company.', { field: 'slug' });
    return slug.data;
  };
  const unknown = (slug: string) => new DomainError('not_found', `No company "${slug}".`, { field: 'slug' });
  route(getCompanyEmbed, async (c) => {
    // Not cached anywhere: a revoked or replaced key must not be handed out after the change (docs/decisions/revoked-keys-never-handed-out.md).
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Origin');
    const slug = slugOf(c.req.valid('param').slug);
    // Read from the database, not the registry's cache: a company switched off is gone from the next lookup.
    const company = await findEmbedBySlug(deps.db, slug);
    if (!company?.active) throw unknown(slug);
    return readEmbed(company, deps.hostedBaseUrl, c.req.header('origin'));
  });
  const screens = firstScreens({ ...deps, now: deps.now ?? (() => new Date()) });
  const perAddress = createLimiter({
    points: deps.ratePerMinute ?? 120,
    durationSeconds: 60,
    prefix: 'embed:ip',
    redis: deps.redis,
  });
  cached(getFirstScreen, async (c) => {
    // A refusal is not kept; the answer varies with the page asking (the key its Origin may use).
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Origin');
    const wait = await perAddress.hit(deps.clientIp(c));
    if (wait > 0) {
      throw new DomainError('rate_limited', `Too many requests from this address: retry in ${wait} s.`, {
        retryAfterSeconds: wait,
      });
    }
    const slug = slugOf(c.req.valid('param').slug);
    const data = await screens(slug, c.req.header('origin'), c.req.valid('query'));
    if (!data) throw unknown(slug);
    return { data, cacheControl: FIRST_SCREEN_CACHE };
  });
  return app;
}
