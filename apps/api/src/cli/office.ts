import type { Database } from '../db/client';
import { listLeads, moveLead } from '../use-cases/office/leads';
import { moveJob, moveOrder } from '../use-cases/office/moves';
import { type Answer, need, table, UsageError, wholeNumber } from './common';

/**
 * svc orders status, svc jobs status, svc leads list|move: the office's moves (use-cases/office/moves.ts
 * and leads.ts), which the company console will make later.
 */
export async function officeMove(
  database: Database,
  command: string,
  rest: string[],
  values: { status?: string },
): Promise<Answer | undefined> {
  const slug = () => need(rest[0], 'slug');
  switch (command) {
    case 'orders status': {
      const number = wholeNumber(rest[1], 'order number');
      const result = await moveOrder(database, slug(), number, need(rest[2], 'status'));
      return { text: `order #${result.order_number}: ${result.status} (was ${result.previous_status})`, json: result };
    }
    case 'jobs status': {
      const number = wholeNumber(rest[1], 'job number');
      const result = await moveJob(database, slug(), number, need(rest[2], 'status'));
      return { text: `job #${result.job_number}: ${result.status} (was ${result.previous_status})`, json: result };
    }
    case 'leads list': {
      const rows = await listLeads(database, slug(), values.status);
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
      const result = await moveLead(database, slug(), need(rest[1], 'lead id'), need(rest[2], 'status'));
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
