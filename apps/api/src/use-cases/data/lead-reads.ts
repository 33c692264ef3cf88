import type { Db } from '../../db/client';
import { findLead, listLeadsPage } from '../../db/repositories/data-leads';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import type { LeadStatus } from '../../domain/leads';
import { presentLead } from '../../messages/data';
import { type Page, pageOf, sinceOf, window } from './paging';

export type LeadsQuery = { status?: LeadStatus; updated_since?: string; q?: string; page: number; per_page: number };
type DataLead = ReturnType<typeof presentLead>;

/** GET /v1/leads: the company's leads, newest first, each with its status. */
export async function listDataLeads(db: Db, catalog: Catalog, query: LeadsQuery): Promise<Page<DataLead>> {
  const { offset, limit } = window(query);
  const filter = { status: query.status, updatedSince: sinceOf(query.updated_since), q: query.q };
  const rows = await listLeadsPage(db, catalog.company.id, filter, offset, limit);
  return pageOf(rows.map(presentLead), query);
}

/** GET /v1/leads/{id}: 404 for another company's lead. */
export async function readDataLead(db: Db, catalog: Catalog, leadId: string): Promise<DataLead> {
  const lead = await findLead(db, catalog.company.id, leadId);
  if (!lead) throw new DomainError('not_found', `No lead ${leadId}.`, { field: 'id' });
  return presentLead(lead);
}
