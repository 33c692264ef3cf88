import type { Queryable } from '../client';
import { dispatchEntries } from '../schema';

/** The dispatch board's entries: a delivery and a pickup per order, an arrival per junk job. */

export async function insertDispatch(db: Queryable, values: (typeof dispatchEntries.$inferInsert)[]): Promise<void> {
  await db.insert(dispatchEntries).values(values);
}
