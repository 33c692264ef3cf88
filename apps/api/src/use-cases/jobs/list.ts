import type { Database } from '../../db/client';
import { latestJobs } from '../../db/repositories/junk';
import type { Scope } from '../../domain/scope';

/** The office's view of recent junk removal jobs, newest first (svc jobs list), with e-mail and photo count. */
export async function listJobs(database: Database, scope: Scope) {
  return latestJobs(database.db, scope.companyId, 100);
}
