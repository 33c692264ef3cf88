import type { Db } from '../../db/client';
import { findListedJob, listJobsPage, photoCounts } from '../../db/repositories/data-junk-jobs';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { presentDataJunkJob } from '../../messages/data';
import { createdRange, type Page, pageOf, sinceOf, window } from './paging';

export type JunkJobsQuery = {
  status?: string;
  from?: string;
  to?: string;
  updated_since?: string;
  page: number;
  per_page: number;
};
type DataJunkJob = ReturnType<typeof presentDataJunkJob>;

/** GET /v1/junk-jobs: the company's jobs not under fraud review, newest first, with their photos counted. */
export async function listDataJunkJobs(db: Db, catalog: Catalog, query: JunkJobsQuery): Promise<Page<DataJunkJob>> {
  const { id } = catalog.company;
  const { offset, limit } = window(query);
  const filter = { status: query.status, updatedSince: sinceOf(query.updated_since), ...createdRange(catalog, query) };
  const page = pageOf(await listJobsPage(db, id, filter, offset, limit), query);
  const photos = await photoCounts(
    db,
    id,
    page.data.map((j) => j.id),
  );
  return { ...page, data: page.data.map((j) => presentDataJunkJob(j, photos.get(j.id) ?? 0)) };
}

/** GET /v1/junk-jobs/{job_number}: 404 for a number this company does not show (another company's, held). */
export async function readDataJunkJob(db: Db, catalog: Catalog, jobNumber: number): Promise<DataJunkJob> {
  const { id } = catalog.company;
  const job = await findListedJob(db, id, jobNumber);
  if (!job) throw new DomainError('not_found', `No junk job #${jobNumber}.`, { field: 'job_number' });
  const photos = await photoCounts(db, id, [job.id]);
  return presentDataJunkJob(job, photos.get(job.id) ?? 0);
}
