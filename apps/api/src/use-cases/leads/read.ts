import { listLeadsPage } from '../../db/repositories/leads';
import type { LeadStatus } from '../../domain/leads';
import { type Paging, pageOf, window } from '../../domain/paging';
import type { Scope } from '../../domain/scope';
import type { OfficeDeps } from '../shared/office-deps';

/** The console's leads (docs/decisions/console-office.md): pages of at most 100, newest first. */
export async function listLeads(deps: OfficeDeps, scope: Scope, query: Paging & { status?: LeadStatus; q?: string }) {
  const { offset, limit } = window(query);
  const rows = await listLeadsPage(
    deps.database.db,
    scope.companyId,
    { status: query.status, q: query.q },
    offset,
    limit,
  );
  return pageOf(rows, query);
}
