import type { Queryable } from '../../db/client';
import { countPhotos, type JunkJobRow } from '../../db/repositories/junk';
import type { OrderRow } from '../../db/repositories/orders';
import { enqueueWebhooks } from '../../db/repositories/outbox';
import { presentDataJunkJob, presentDataOrder } from '../../messages/data';

/**
 * The Data API's webhooks about orders and jobs, written in the caller's transaction (the outbox): each
 * carries the record as GET /data/v1 shows it. Demo orders are never shown, so they announce nothing.
 */

/** order.created: an order became visible to the Data API (booked and confirmed, or released from review). */
export async function announceOrderCreated(tx: Queryable, order: OrderRow): Promise<void> {
  if (order.isDemo) return;
  await enqueueWebhooks(tx, order.companyId, 'data', 'order.created', presentDataOrder(order));
}

/** order.status_changed: the office moved it; previous_status is where it was. */
export async function announceOrderMoved(tx: Queryable, order: OrderRow, previousStatus: string): Promise<void> {
  if (order.isDemo) return;
  await enqueueWebhooks(tx, order.companyId, 'data', 'order.status_changed', {
    ...presentDataOrder(order),
    previous_status: previousStatus,
  });
}

/** junk_job.created: a job became visible (booked and confirmed, or released from review). */
export async function announceJobCreated(tx: Queryable, job: JunkJobRow): Promise<void> {
  const photos = await countPhotos(tx, job.companyId, job.id);
  await enqueueWebhooks(tx, job.companyId, 'data', 'junk_job.created', presentDataJunkJob(job, photos));
}

/** junk_job.status_changed: the office moved it. */
export async function announceJobMoved(tx: Queryable, job: JunkJobRow, previousStatus: string): Promise<void> {
  const photos = await countPhotos(tx, job.companyId, job.id);
  await enqueueWebhooks(tx, job.companyId, 'data', 'junk_job.status_changed', {
    ...presentDataJunkJob(job, photos),
    previous_status: previousStatus,
  });
}
