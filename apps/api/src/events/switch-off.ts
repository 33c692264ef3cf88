import type { Db } from '../db/client';
import { findCompany } from '../db/repositories/catalog';
import { enqueueMessages, HOLD_DAYS, holdEndpointRows } from '../db/repositories/outbox';
import { disableEndpoint, type EndpointRow } from '../db/repositories/webhook-endpoints';
import type { WebhookApi } from './backoff';

/**
 * Switches an endpoint off after its 20th failure in a row: the switch, the holding of its waiting events
 * and the admins' e-mail in one transaction, so an endpoint is never off without its notice written (nor
 * seen off before it is), and no event of it is left pending or given up.
 */
export async function switchOff(
  db: Db,
  endpoint: EndpointRow,
  companyId: string,
  failures: number,
  lastError: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await disableEndpoint(tx, endpoint.id))) return;
    const held = await holdEndpointRows(tx, endpoint.id);
    const company = await findCompany(tx, companyId);
    const email = (company?.contact as { email?: string } | undefined)?.email;
    if (!email) return;
    await enqueueMessages(tx, companyId, [
      {
        channel: 'email',
        topic: 'webhook_disabled',
        to: email,
        ...disabledNotice(endpoint, failures, lastError, held),
      },
    ]);
  });
}

const API_NAMES: Record<WebhookApi, string> = { booking: 'Booking API', data: 'Data API' };

/** The e-mail to the company's contact: which endpoint, of which API, what is kept and what to do. */
export function disabledNotice(endpoint: EndpointRow, failures: number, lastError: string, held: number) {
  const api = API_NAMES[endpoint.api];
  const waiting = held === 1 ? '1 event that was waiting' : `${held} events that were waiting`;
  return {
    subject: `Your ${api} webhook endpoint was switched off`,
    text: [
      `Deliveries of ${api} webhooks to ${endpoint.url} (endpoint ${endpoint.id}) failed ${failures} times in a row over about an hour (last: ${lastError}), so the endpoint was switched off.`,
      `Nothing is lost: the ${waiting} for it, and the events of the next ${HOLD_DAYS} days, are kept and sent when you switch it back on.`,
      `Fix the receiver, send it a test event, then switch it back on: in the console (Developers, Webhooks) or with svc webhooks enable <company> ${endpoint.id}.`,
    ].join('\n\n'),
  };
}
