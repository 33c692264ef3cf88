import { EMBED_BASE, EmbedSlug, embedOperations, getCompanyEmbed } from '../../contract/embed';
import type { Queryable } from '../../db/client';
import { findEmbedBySlug } from '../../db/repositories/keys';
import { DomainError } from '../../domain/errors';
import { readEmbed } from '../../use-cases/company/read-embed';
import { createSurface } from '../shell';

/**
 * Public company lookups for the hosted page and the widget (/embed/v1): no key (they come to learn the
 * key), any origin, never cached (the key in it may be revoked at any moment).
 */
export function createEmbedSurface(deps: { db: Queryable; hostedBaseUrl: string }) {
  const { app, route } = createSurface({
    name: 'the embed lookup',
    surface: 'embed',
    base: EMBED_BASE,
    operations: embedOperations,
    methods: ['GET', 'HEAD'],
    maxBodyBytes: 0,
    cors: { kind: 'any', methods: 'GET' },
  });
  route(getCompanyEmbed, async (c) => {
    const slug = EmbedSlug.safeParse(c.req.valid('param').slug);
    if (!slug.success) throw new DomainError('not_found', 'No such company.', { field: 'slug' });
    // Not cached anywhere: a revoked or replaced key must not be handed out after the change (docs/decisions/revoked-keys-never-handed-out.md).
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Origin');
    // Read from the database, not the registry's cache: a company switched off is gone from the next lookup.
    const company = await findEmbedBySlug(deps.db, slug.data);
    if (!company?.active) throw new DomainError('not_found', `No company "${slug.data}".`, { field: 'slug' });
    return readEmbed(company, deps.hostedBaseUrl, c.req.header('origin'));
  });
  return app;
}
