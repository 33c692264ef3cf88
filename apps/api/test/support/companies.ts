import { scopeOf } from '../../src/cli/common';
import type { CompanyConfigInput } from '../../src/company-config/schema';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createKey } from '../../src/use-cases/company/keys';
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
  // Made and read in-process: no request of the target's per-address minutes is spent on it.
  return withTargetDb(target, async (db) => {
    const { key } = await createKey(db, await scopeOf(db, slug), { kind: 'server' }, new Date());
    const catalog = await loadCatalog(db.db, (await findCompanyBySlug(db.db, slug))?.id as string);
    return { slug, key, size: catalog?.sizes.find((s) => s.yards === 10)?.id as string };
  });
}
