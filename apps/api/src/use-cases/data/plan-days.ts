import type { Db } from '../../db/client';
import {
  findPlanDay,
  insertPlanDay,
  lockPlanDays,
  type PlanDayRow,
  planDayNeighbours,
} from '../../db/repositories/data-api';
import { planDaySpan } from '../../domain/data-plan';

/**
 * The free plan's day that contains `now`, opening it when this is its first call: its span is fixed from
 * then on (docs/decisions/free-plan-window.md), so the lead quota and the read window
 * belong to it whatever the company's timezone becomes. Days are opened under a lock per company, so two
 * instances never open overlapping ones.
 */
export async function currentPlanDay(
  db: Db,
  company: { id: string; timezone: string },
  now: Date,
): Promise<PlanDayRow> {
  const found = await findPlanDay(db, company.id, now);
  if (found) return found;
  return db.transaction(async (tx) => {
    await lockPlanDays(tx, company.id);
    const opened = await findPlanDay(tx, company.id, now);
    if (opened) return opened;
    const span = planDaySpan(company.timezone, now, await planDayNeighbours(tx, company.id, now));
    return insertPlanDay(tx, { companyId: company.id, ...span });
  });
}
