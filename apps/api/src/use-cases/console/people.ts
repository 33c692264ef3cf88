import {
  customersPage,
  findCustomer,
  insertAudit,
  jobsOfCustomer,
  ordersOfCustomer,
} from '../../db/repositories/console-records';
import { listLeadsPage } from '../../db/repositories/data-leads';
import { DomainError } from '../../domain/errors';
import type { LeadStatus } from '../../domain/leads';
import { presentOfficeCustomer } from '../../present/console-office';
import { presentLead } from '../../messages/data';
import { dollars } from '../../messages/money';
import { listDataEstimates } from '../data/estimates';
import { pageOf, window } from '../data/paging';
import { moveLead } from '../office/leads';
import { catalogOf, type Member, type OfficeDeps } from './member';

/** The console's leads, customers and estimates (issue 15): pages of at most 100, newest first. */

type Paging = { page: number; per_page: number };

export async function listLeads(deps: OfficeDeps, member: Member, query: Paging & { status?: LeadStatus; q?: string }) {
  const { offset, limit } = window(query);
  const rows = await listLeadsPage(
    deps.database.db,
    member.companyId,
    { status: query.status, q: query.q },
    offset,
    limit,
  );
  return pageOf(rows.map(presentLead), query);
}

/** Moves a lead (moveLead: converted makes or finds the customer), audited. */
export async function moveLeadTo(deps: OfficeDeps, member: Member, id: string, to: string) {
  const now = deps.now();
  const moved = await moveLead(deps.database, member.slug, id, to, now).catch((err: unknown) => {
    // moveLead names the company's slug; the console says "this company".
    if (err instanceof DomainError && err.code === 'not_found') {
      throw new DomainError('not_found', `There is no lead ${id} in this company.`, { field: 'id' });
    }
    throw err;
  });
  await insertAudit(deps.database.db, {
    companyId: member.companyId,
    userId: member.userId,
    action: `lead.${moved.status}`,
    subject: `lead:${id}`,
    detail: `${moved.previous_status} → ${moved.status}`,
    at: now,
  });
  return moved;
}

export async function listCustomers(deps: OfficeDeps, member: Member, query: Paging & { q?: string }) {
  const { offset, limit } = window(query);
  const rows = await customersPage(deps.database.db, member.companyId, query.q, offset, limit);
  return pageOf(
    rows.map((r) => ({ ...presentOfficeCustomer(r.customer), orders: r.orders, jobs: r.jobs })),
    query,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function readCustomer(deps: OfficeDeps, member: Member, id: string) {
  const { db } = deps.database;
  const notFound = () => new DomainError('not_found', `There is no customer ${id} in this company.`, { field: 'id' });
  if (!UUID.test(id)) throw notFound();
  const customer = await findCustomer(db, member.companyId, id);
  if (!customer) throw notFound();
  const [orders, jobs] = await Promise.all([
    ordersOfCustomer(db, member.companyId, id),
    jobsOfCustomer(db, member.companyId, id),
  ]);
  return {
    ...presentOfficeCustomer(customer),
    orders: orders.map((o) => ({
      order_number: o.orderNumber,
      status: o.status,
      size: o.sizeLabel,
      delivery_date: o.deliveryDate,
      gross_total: dollars(o.grossTotalCents),
      currency: o.currency,
      created_at: o.createdAt.toISOString(),
    })),
    jobs: jobs.map((j) => ({
      job_number: j.jobNumber,
      status: j.status,
      load: j.loadLabel,
      job_date: j.jobDate,
      gross_total: dollars(j.grossTotalCents),
      currency: j.currency,
      created_at: j.createdAt.toISOString(),
    })),
  };
}

/** Abandoned checkouts worth a call: the Data API's estimates (never paid, with contact and amount). */
export async function listEstimates(
  deps: OfficeDeps,
  member: Member,
  query: Paging & { status?: 'open' | 'expired' | 'converted' },
) {
  const catalog = await catalogOf(deps.database, member);
  return listDataEstimates(deps.database.db, catalog, query, deps.now());
}
