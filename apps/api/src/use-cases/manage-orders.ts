import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { findCompanyBySlug, lockCompany } from '../db/repositories/catalog';
import { listOutbox } from '../db/repositories/outbox';
import { customers, orders, webhookEndpoints } from '../db/schema';
import { toDollars } from '../domain/money';
import { checkWebhookTarget } from '../events/ssrf';
import { AdminError } from './manage-keys';
import { publishChange } from './publish-change';

export const MAX_WEBHOOK_ENDPOINTS = 3;
export const BOOKING_EVENTS = ['booking.completed', 'booking.held', 'booking.released'] as const;

async function companyOf(database: Database, slug: string) {
  const company = await findCompanyBySlug(database.db, slug);
  if (!company) throw new AdminError(`no company with slug "${slug}"`);
  return company;
}

/** The office's view of recent orders, newest first. */
export async function listOrders(database: Database, slug: string) {
  const company = await companyOf(database, slug);
  const rows = await database.db
    .select({ order: orders, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.companyId, company.id))
    .orderBy(desc(orders.orderNumber))
    .limit(100);
  return rows.map(({ order, email }) => ({
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    size: order.sizeLabel,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    total: toDollars(order.totalCents),
    charged: toDollars(order.grossTotalCents),
    customer: email,
    channel: order.bookingChannel,
    session_id: order.sessionId,
    attribution: order.attribution ?? null,
  }));
}

/** Outgoing webhooks, e-mails and texts of a company, as the outbox holds them. */
export async function listCompanyOutbox(database: Database, slug: string) {
  const company = await companyOf(database, slug);
  return (await listOutbox(database.db, company.id)).map((row) => ({
    id: row.id,
    channel: row.channel,
    topic: row.topic,
    status: row.status,
    attempts: row.attempts,
    to: (row.payload as { to?: string }).to ?? row.endpointId,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
  }));
}

/**
 * Adds a webhook endpoint (at most three a company): https to a public address, no credentials in the URL;
 * loopback receivers (http too) only when the platform runs with SVC_WEBHOOK_ALLOW_HTTP=1 (events/ssrf.ts).
 */
export async function addWebhookEndpoint(
  database: Database,
  slug: string,
  url: string,
  events: string[],
  allowLocal = process.env.SVC_WEBHOOK_ALLOW_HTTP === '1',
) {
  const company = await companyOf(database, slug);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AdminError(`"${url}" is not a URL`);
  }
  // The delivery worker checks again before every request; a name that does not resolve yet may be added.
  const target = await checkWebhookTarget(parsed, allowLocal);
  if (!target.ok && !(target.unresolved && parsed.protocol === 'https:')) throw new AdminError(target.reason);
  const chosen = events.length ? events : [...BOOKING_EVENTS];
  const unknown = chosen.filter((e) => !(BOOKING_EVENTS as readonly string[]).includes(e));
  if (unknown.length)
    throw new AdminError(`unknown events: ${unknown.join(', ')} (known: ${BOOKING_EVENTS.join(', ')})`);
  const secret = `svc_wh_${randomBytes(24).toString('base64url')}`;
  return database.db.transaction(async (tx) => {
    await lockCompany(tx, company.id);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, company.id), eq(webhookEndpoints.enabled, true)))) as [
      { count: number },
    ];
    if (count >= MAX_WEBHOOK_ENDPOINTS)
      throw new AdminError(`a company has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ companyId: company.id, api: 'booking', url: parsed.toString(), secret, events: chosen })
      .returning({ id: webhookEndpoints.id });
    await publishChange(tx);
    return { id: (row as { id: string }).id, url: parsed.toString(), events: chosen, secret };
  });
}

export async function listWebhookEndpoints(database: Database, slug: string) {
  const company = await companyOf(database, slug);
  const rows = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, company.id));
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    enabled: r.enabled,
    consecutive_failures: r.consecutiveFailures,
    disabled_at: r.disabledAt?.toISOString() ?? null,
  }));
}

export async function removeWebhookEndpoint(database: Database, slug: string, id: string) {
  const company = await companyOf(database, slug);
  const rows = await database.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, company.id), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  if (!rows.length) throw new AdminError(`company ${slug} has no webhook endpoint ${id}`);
  return { id, removed: true };
}
