import type { Database } from '../db/client';
import { DomainError } from '../domain/errors';
import { presentLead } from '../messages/data';
import { moveJob } from '../use-cases/jobs/moves';
import { latestLeadsOf, moveLead } from '../use-cases/leads/moves';
import { moveOrder } from '../use-cases/orders/moves';
import { type Answer, need, scopeOf, table, UsageError, wholeNumber } from './common';

/**
 * svc orders status, svc jobs status, svc leads list|move: the office's moves (use-cases/orders/moves.ts
 * and leads.ts), the same use cases as the console's.
 */
export async function officeMove(
  database: Database,
  command: string,
  rest: string[],
  values: { status?: string; 'override-reason'?: string },
): Promise<Answer | undefined> {
  const slug = () => need(rest[0], 'slug');
  const now = new Date();
  switch (command) {
    case 'orders status': {
      const company = slug();
      const number = wholeNumber(rest[1], 'order number');
      const to = need(rest[2], 'status');
      // The operator's override of a missing street permit, as an owner's in the console (street-permits.md).
      const reason = values['override-reason']?.trim();
      if (reason !== undefined && (reason === '' || reason.length > 500)) {
        throw new UsageError('--override-reason: say why, in 1 to 500 characters');
      }
      const result = await moveOrder(database, await scopeOf(database, company), number, to, now, {
        overrideReason: reason,
      });
      const overridden = result.permit_overridden ? ', sent out without its street permit' : '';
      return {
        text: `order #${result.order_number}: ${result.status} (was ${result.previous_status})${overridden}`,
        json: result,
      };
    }
    case 'jobs status': {
      const company = slug();
      const number = wholeNumber(rest[1], 'job number');
      const to = need(rest[2], 'status');
      const result = await moveJob(database, await scopeOf(database, company), number, to, now);
      return { text: `job #${result.job_number}: ${result.status} (was ${result.previous_status})`, json: result };
    }
    case 'leads list': {
      const rows = (await latestLeadsOf(database, await scopeOf(database, slug()), values.status)).map(presentLead);
      return {
        text: table(
          rows.map((l) => ({
            id: l.id,
            status: l.status,
            name: l.name,
            phone: l.phone_normalized,
            email: l.email,
            source: l.source,
            created_at: l.created_at,
          })),
        ),
        json: rows,
      };
    }
    case 'leads move': {
      const company = slug();
      const id = need(rest[1], 'lead id');
      const to = need(rest[2], 'status');
      const moved = await moveLead(database, await scopeOf(database, company), id, to, now).catch((err: unknown) => {
        // The operator named the company by its slug: the CLI's sentence says it that way.
        if (err instanceof DomainError && err.code === 'not_found') {
          throw new DomainError('not_found', `${company} has no lead ${id}.`, { field: 'id' });
        }
        throw err;
      });
      const result = { ...presentLead(moved.lead), previous_status: moved.previousStatus };
      const customer = result.customer_ref ? `, customer ${result.customer_ref}` : '';
      return { text: `lead ${result.id}: ${result.status} (was ${result.previous_status})${customer}`, json: result };
    }
    case 'leads':
    case 'leads status':
      throw new UsageError('leads list <slug> [--status new] | leads move <slug> <lead-id> <status>');
    default:
      return undefined;
  }
}
