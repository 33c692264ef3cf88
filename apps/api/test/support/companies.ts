import type { CompanyConfigInput } from '../../src/company-config/schema';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createKey } from '../../src/use-cases/company/keys';
import { apiClient } from './client';
import { runTag } from './data';
import { acmeConfig } from './fixtures';
import type { Target } from './servers';
import { withTargetDb } from './target-db';

/**
 * A company of a test's own on a running target: acme's config under a new slug, with `extra` over it, made
 * in-process as `svc company apply` would; its server key and its 10-yard size's id.
 */
export async function acmeTwin(target: Target, name: string, extra: (base: CompanyConfigInput) => object = () => ({})) {
  const slug = `twin${runTag()}`;
  const base = acmeConfig(target.fixtures.today);
  await withTargetDb(target, (db) => applyCompanyConfig(db, { ...base, slug, name, ...extra(base) }));
  const key = (await withTargetDb(target, (db) => createKey(db, slug, { kind: 'server' }, new Date()))).key;
  const sizes = (await apiClient(target.baseUrl).get('/sizes', { key })).body.data as { id: string; yards: number }[];
  return { slug, key, size: (sizes.find((s) => s.yards === 10) as { id: string }).id };
}
