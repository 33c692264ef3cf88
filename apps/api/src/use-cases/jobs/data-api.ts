import type { Db } from '../../db/client';
import { findListedJob, type JunkJobRow, listJobsPage, photoCounts } from '../../db/repositories/junk';
import { DomainError } from '../../domain/errors';
import { createdRange, type Page, pageOf, sinceOf, window } from '../../domain/paging';
import type { CatalogScope } from '../../domain/scope';

export type JunkJobsQuery = {
  status?: string;
  from?: string;
  to?: string;
  updated_since?: string;
  page: number;
  per_page: number;
};
/** A job the API shows, with how many photos it has. */
export type ShownJob = { job: JunkJobRow; photos: number };

/** GET /v1/junk-jobs: the company's jobs not under fraud review, newest first, with their photos counted. */
export async function listDataJunkJobs(db: Db, scope: CatalogScope, query: JunkJobsQuery): Promise<Page<ShownJob>> {
  const { companyId } = scope;
  const { offset, limit } = window(query);
  const filter = {
    status: query.status,
    updatedSince: sinceOf(query.updated_since),
    ...createdRange(scope.catalog, query),
  };
  const page = pageOf(await listJobsPage(db, companyId, filter, offset, limit), query);
  const photos = await photoCounts(
    db,
    companyId,
    page.data.map((j) => j.id),
  );
  return { ...page, data: page.data.map((job) => ({ job, photos: photos.get(job.id) ?? 0 })) };
}

/** GET /v1/junk-jobs/{job_number}: 404 for a number this company does not show (another company's, held). */
export async function readDataJunkJob(db: Db, scope: CatalogScope, jobNumber: number): Promise<ShownJob> {
  const job = await findListedJob(db, scope.companyId, jobNumber);
  if (!job) throw new DomainError('not_found', `No junk job #${jobNumber}.`, { field: 'job_number' });
  const photos = await photoCounts(db, scope.companyId, [job.id]);
  return { job, photos: photos.get(job.id) ?? 0 };
}
