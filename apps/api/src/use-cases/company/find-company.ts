import type { Queryable } from '../../db/client';
import { findCompanyBySlug } from '../../db/repositories/catalog';
import { DomainError } from '../../domain/errors';

/** The company an office command names by its slug, or not_found. */
export async function companyBySlug(db: Queryable, slug: string) {
  const company = await findCompanyBySlug(db, slug);
  if (!company) throw new DomainError('not_found', `no company with slug "${slug}"`, { field: 'slug' });
  return company;
}
