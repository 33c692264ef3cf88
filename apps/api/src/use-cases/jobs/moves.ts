import type { Database } from '../../db/client';
import { findJobByNumber, setJobStatus } from '../../db/repositories/junk';
import { DomainError } from '../../domain/errors';
import { checkJobMove } from '../../domain/job-status';
import type { Scope } from '../../domain/scope';
import { announceJobMoved } from '../shared/data-events';
import { changedMeanwhile, companyOf } from '../shared/office-deps';

/**
 * The office moves a junk job along its lifecycle (svc jobs status, the console's dispatch board): the rule
 * is domain/job-status.ts; the move, updated_at and the Data API's junk_job.status_changed webhook are one
 * transaction.
 */
export async function moveJob(database: Database, scope: Scope, jobNumber: number, to: string, now: Date) {
  const company = await companyOf(database, scope);
  return database.db.transaction(async (tx) => {
    const job = await findJobByNumber(tx, company.id, jobNumber);
    if (!job) throw new DomainError('not_found', `${company.slug} has no job #${jobNumber}.`, { field: 'job_number' });
    const next = checkJobMove(jobNumber, job.status, to);
    const moved = await setJobStatus(tx, company.id, job.id, { from: job.status, to: next, at: now });
    if (!moved) throw changedMeanwhile(`Job #${jobNumber}`);
    await announceJobMoved(tx, moved, job.status);
    return {
      job_number: moved.jobNumber,
      status: moved.status,
      previous_status: job.status,
      updated_at: moved.updatedAt.toISOString(),
    };
  });
}
