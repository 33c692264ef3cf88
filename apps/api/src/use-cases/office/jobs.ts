import type { Database } from '../../db/client';
import { latestJobs } from '../../db/repositories/junk';
import { presentOfficeJob } from '../../present/junk';
import { companyBySlug } from '../company/find-company';

/** The office's view of recent junk removal jobs, newest first (svc jobs list). */
export async function listJobs(database: Database, slug: string) {
  const company = await companyBySlug(database.db, slug);
  const rows = await latestJobs(database.db, company.id, 100);
  return rows.map(({ job, email, photos }) => presentOfficeJob(job, email, photos));
}
