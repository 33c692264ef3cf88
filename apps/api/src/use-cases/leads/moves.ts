import type { Database, Queryable } from '../../db/client';
import { insertAudit } from '../../db/repositories/audit';
import { customersWithPhone, findOrCreateCustomer } from '../../db/repositories/customers';
import { findLead, type LeadRow, latestLeads, setLeadStatus } from '../../db/repositories/leads';
import { DomainError } from '../../domain/errors';
import { customerMatchOf, noCustomerWithPhone, severalCustomersWithPhone } from '../../domain/lead-moves';
import { checkLeadMove, LEAD_STATUSES, type LeadStatus } from '../../domain/leads';
import type { Scope } from '../../domain/scope';
import { isUuid } from '../../lib/uuid';

/** The office's leads (svc leads list|move, the console's leads): data spec section 3. */

function leadStatus(value: string, field: string): LeadStatus {
  if ((LEAD_STATUSES as readonly string[]).includes(value)) return value as LeadStatus;
  throw new DomainError('invalid_body', `"${value}" is not a lead status: use one of ${LEAD_STATUSES.join(', ')}.`, {
    field,
  });
}

/** The latest 100 leads, newest first; of one status when given. */
export async function latestLeadsOf(database: Database, scope: Scope, status?: string): Promise<LeadRow[]> {
  const filter = status === undefined ? {} : { status: leadStatus(status, 'status') };
  return latestLeads(database.db, scope.companyId, filter, 100);
}

export type MovedLead = { lead: LeadRow; previousStatus: LeadStatus };

/**
 * Moves a lead (domain/leads.ts, checkLeadMove). Converted makes or links the company's customer
 * (domain/lead-moves.ts) and names it on the lead, in the same transaction as the move. A member's move is
 * written to the console's audit.
 */
export async function moveLead(
  database: Database,
  scope: Scope,
  leadId: string,
  to: string,
  now: Date,
): Promise<MovedLead> {
  const { companyId, actor } = scope;
  const next = leadStatus(to, 'status');
  const notFound = () => new DomainError('not_found', `There is no lead ${leadId} in this company.`, { field: 'id' });
  if (!isUuid(leadId)) throw notFound();
  return database.db.transaction(async (tx) => {
    const lead = await findLead(tx, companyId, leadId);
    if (!lead) throw notFound();
    checkLeadMove(lead.status, next);
    const customerId = next === 'converted' ? await customerOf(tx, companyId, lead) : undefined;
    const moved = await setLeadStatus(tx, companyId, lead.id, { from: lead.status, to: next, at: now, customerId });
    if (!moved) {
      throw new DomainError(
        'invalid_body',
        'This lead was changed by someone else just now: look at it again, then retry.',
        {
          field: 'status',
        },
      );
    }
    if (actor.kind === 'member') {
      await insertAudit(tx, {
        companyId,
        userId: actor.userId,
        action: `lead.${moved.status}`,
        subject: `lead:${leadId}`,
        detail: `${lead.status} → ${moved.status}`,
        at: now,
      });
    }
    return { lead: moved, previousStatus: lead.status };
  });
}

/** The customer a converted lead becomes: the one with its e-mail (made when new), else the one with its phone. */
async function customerOf(tx: Queryable, companyId: string, lead: LeadRow): Promise<string> {
  const match = customerMatchOf(lead);
  if (match.by === 'email') {
    return findOrCreateCustomer(tx, {
      companyId,
      name: lead.name,
      email: match.email,
      phone: lead.phone ?? '',
      type: 'residential',
      companyName: null,
    });
  }
  const found = await customersWithPhone(tx, companyId, match.digits, 2);
  if (found.length === 0) throw noCustomerWithPhone();
  if (found.length > 1) throw severalCustomersWithPhone();
  return (found[0] as { id: string }).id;
}
