import type { Database } from '../../db/client';
import { latestOrders } from '../../db/repositories/orders';
import { listOutbox } from '../../db/repositories/outbox';
import { presentOfficeOrder } from '../../present/orders';
import { companyBySlug } from '../company/find-company';

const companyOf = (database: Database, slug: string) => companyBySlug(database.db, slug);

/** The office's view of recent orders, newest first. */
export async function listOrders(database: Database, slug: string) {
  const company = await companyOf(database, slug);
  const rows = await latestOrders(database.db, company.id, 100);
  return rows.map(({ order, email }) => presentOfficeOrder(order, email));
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
    last_error: row.lastError,
    to: (row.payload as { to?: string }).to ?? row.endpointId,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
  }));
}
