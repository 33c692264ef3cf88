import type { Database, Queryable } from '../../db/client';
import { findLead, type LeadRow, latestLeads, setLeadStatus } from '../../db/repositories/leads';
import { customersWithPhone, findOrCreateCustomer } from '../../db/repositories/orders';
import { DomainError } from '../../domain/errors';
import { customerMatchOf, noCustomerWithPhone, severalCustomersWithPhone } from '../../domain/lead-moves';
import { checkLeadMove, LEAD_STATUSES, type LeadStatus } from '../../domain/leads';
import { presentLead } from '../../messages/data';
import { companyBySlug } from '../company/find-company';

/** The office's leads (svc leads list|move; the company console later): data spec section 3. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function leadStatus(value: string, field: string): LeadStatus {
  if ((LEAD_STATUSES as readonly string[]).includes(value)) return value as LeadStatus;
  throw new DomainError('invalid_body', `"${value}" is not a lead status: use one of ${LEAD_STATUSES.join(', ')}.`, {
    field,
  });
}

/** The latest 100 leads, newest first; of one status when given. */
export async function listLeads(database: Database, slug: string, status?: string) {
  const company = await companyBySlug(database.db, slug);
  const filter = status === undefined ? {} : { status: leadStatus(status, 'status') };
  return (await latestLeads(database.db, company.id, filter, 100)).map(presentLead);
}

/**
 * Moves a lead (domain/leads.ts, checkLeadMove). Converted makes or links the company's customer
 * (domain/lead-moves.ts) and names it on the lead, in the same transaction as the move.
 */
export async function moveLead(database: Database, slug: string, leadId: string, to: string, now = new Date()) {
  const company = await companyBySlug(database.db, slug);
  const next = leadStatus(to, 'status');
  const notFound = () => new DomainError('not_found', `${company.slug} has no lead ${leadId}.`, { field: 'id' });
  if (!UUID.test(leadId)) throw notFound();
  return database.db.transaction(async (tx) => {
    const lead = await findLead(tx, company.id, leadId);
    if (!lead) throw notFound();
    checkLeadMove(lead.status, next);
    const customerId = next === 'converted' ? await customerOf(tx, company.id, lead) : undefined;
    const moved = await setLeadStatus(tx, company.id, lead.id, { from: lead.status, to: next, at: now, customerId });
    if (!moved) {
      throw new DomainError(
        'invalid_body',
        'This lead was changed by someone else just now: look at it again, then retry.',
        {
          field: 'status',
        },
      );
    }
    return { ...presentLead(moved), previous_status: lead.status };
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
