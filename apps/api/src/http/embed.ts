import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { EMBED_BASE, EmbedSlug } from '../contract/embed';
import type { Queryable } from '../db/client';
import { ApiError } from '../domain/errors';
import { readEmbed } from '../use-cases/read-embed';
import { errorResponse, toApiError } from './errors';

/**
 * Public company lookups for the hosted page and the widget: no key (they come to learn the key), any
 * origin, never cached (the key in it may be revoked at any moment).
 */
export function createEmbedApp(deps: { db: Queryable; hostedBaseUrl: string }) {
  const app = new Hono().basePath(EMBED_BASE);
  app.use('*', async (c, next) => {
    c.header('Access-Control-Allow-Origin', '*');
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (c.req.method === 'OPTIONS') return c.body(null, 204, { 'Access-Control-Allow-Methods': 'GET' });
      c.header('Allow', 'GET');
      throw new ApiError('method_not_allowed', `${c.req.method} is not allowed here; use GET.`);
    }
    await next();
  });
  app.onError((err, c) => errorResponse(c, toApiError(err, randomUUID())));
  app.notFound((c) => errorResponse(c, new ApiError('not_found', `No endpoint ${c.req.method} ${c.req.path}.`)));

  app.get('/companies/:slug', async (c) => {
    const slug = EmbedSlug.safeParse(c.req.param('slug'));
    if (!slug.success) throw new ApiError('not_found', 'No such company.', { field: 'slug' });
    const data = await readEmbed(deps.db, slug.data, deps.hostedBaseUrl, c.req.header('origin'));
    // Not cached anywhere: a revoked or replaced key must not be handed out after the change (decisions.md).
    return c.json({ data }, 200, { 'Cache-Control': 'no-store', Vary: 'Origin' });
  });
  return app;
}
