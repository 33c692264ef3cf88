import type { Db } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { enqueueMessages } from '../../db/repositories/outbox';
import { markPickupReminded, pickupsToRemind } from '../../db/repositories/rentals';
import type { Catalog } from '../../domain/catalog';
import { addDays, timeIn, todayIn } from '../../domain/dates';
import { pickupReminderMessages } from '../../messages/notices';
import { issueRentalLink, type Links, rentalUrl } from './links';

/** Reminders go out from this hour of the day before the pickup, company time. */
export const REMIND_FROM_HOUR = 9;
const BATCH = 200;

/**
 * The reminder worker's pass (docs/decisions/my-booking.md): the day before a pickup, from 09:00 company time,
 * the customer is told the rental ends tomorrow, with a fresh My booking link to keep it longer. Once per
 * pickup day (a moved pickup is told again), across instances (the mark is a conditional update in the
 * message's transaction). A company that turned reminders off has its pickups marked without a message.
 */
export async function remindPickups(deps: { db: Db; now: () => Date; links: Links }): Promise<number> {
  const now = deps.now();
  const utc = now.toISOString().slice(0, 10);
  const due = await pickupsToRemind(deps.db, { from: utc, to: addDays(utc, 2) }, BATCH);
  const catalogs = new Map<string, Catalog | null>();
  let sent = 0;
  for (const { order, customer } of due) {
    if (!catalogs.has(order.companyId)) catalogs.set(order.companyId, await loadCatalog(deps.db, order.companyId));
    const catalog = catalogs.get(order.companyId);
    if (!catalog) continue;
    const { company } = catalog;
    const today = todayIn(company.timezone, now);
    if (
      order.pickupDate !== addDays(today, 1) ||
      Number(timeIn(company.timezone, now).slice(0, 2)) < REMIND_FROM_HOUR
    ) {
      continue;
    }
    sent += await deps.db.transaction(async (tx) => {
      if (!(await markPickupReminded(tx, company.id, order.id, order.pickupDate))) return 0;
      if (!company.rentalChanges.remindBeforePickup || order.isDemo) return 0;
      const token = await issueRentalLink(tx, company.id, { orderId: order.id });
      await enqueueMessages(
        tx,
        company.id,
        pickupReminderMessages(company, order, customer, rentalUrl(deps.links, token)),
      );
      return 1;
    });
  }
  return sent;
}
