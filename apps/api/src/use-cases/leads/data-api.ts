import type { Db } from '../../db/client';
import { findLead, type LeadRow, listLeadsPage } from '../../db/repositories/leads';
import { DomainError } from '../../domain/errors';
import type { LeadStatus } from '../../domain/leads';
import { type Page, pageOf, sinceOf, window } from '../../domain/paging';
import type { CatalogScope } from '../../domain/scope';

export type LeadsQuery = { status?: LeadStatus; updated_since?: string; q?: string; page: number; per_page: number };

/** GET /v1/leads: the company's leads, newest first, each with its status. */
export async function listDataLeads(db: Db, scope: CatalogScope, query: LeadsQuery): Promise<Page<LeadRow>> {
  const { offset, limit } = window(query);
  const filter = { status: query.status, updatedSince: sinceOf(query.updated_since), q: query.q };
  return pageOf(await listLeadsPage(db, scope.companyId, filter, offset, limit), query);
}

/** GET /v1/leads/{id}: 404 for another company's lead. */
export async function readDataLead(db: Db, scope: CatalogScope, leadId: string): Promise<LeadRow> {
  const lead = await findLead(db, scope.companyId, leadId, { shown: true });
  if (!lead) throw new DomainError('not_found', `No lead ${leadId}.`, { field: 'id' });
  return lead;
}
