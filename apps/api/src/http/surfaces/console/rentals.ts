import type { Context } from 'hono';
import * as ops from '../../../contract/console';
import { presentChange, presentChangeQuote, presentRental } from '../../../present/rentals';
import { type ChangeDeps, makeChange, quoteChange } from '../../../use-cases/rentals/changes';
import { resendRentalLink, revokeRentalLink } from '../../../use-cases/rentals/links';
import { officeActor, rentalOfOfficeOrder } from '../../../use-cases/rentals/orders';
import { readRental } from '../../../use-cases/rentals/read';
import type { ConsoleDeps, ConsoleEnv } from '../../console-env';
import type { ConsoleSurface } from './surface';

/**
 * An order after its booking, from the console (docs/decisions/my-booking.md): its My booking view with the
 * changes, changes made for a customer on the phone, and the customer's link sent again or stopped.
 */
export function mountRentals({ route }: ConsoleSurface, deps: ConsoleDeps) {
  const now = deps.now ?? (() => new Date());
  const links = { hostedBaseUrl: deps.hostedBaseUrl };
  const changes: ChangeDeps = { db: deps.database.db, processorFor: deps.processorFor, now, links };
  const order = (c: Context<ConsoleEnv>, n: number) => rentalOfOfficeOrder(deps.database, c.get('scope'), n);

  route(ops.getConsoleOrderRental, async (c) => {
    const view = await readRental(changes, await order(c, c.req.valid('param').order_number));
    return presentRental(view, deps.processorFor(view.catalog.company)?.publishableKey ?? '');
  });
  route(ops.quoteConsoleOrderChange, async (c) =>
    presentChangeQuote(
      await quoteChange(changes, await order(c, c.req.valid('param').order_number), c.req.valid('json')),
    ),
  );
  route(ops.makeConsoleOrderChange, async (c) =>
    presentChange(
      await makeChange(changes, await order(c, c.req.valid('param').order_number), c.req.valid('json'), {
        idempotencyKey: c.req.valid('header')['idempotency-key'],
        actor: officeActor(c.get('scope')),
      }),
    ),
  );
  route(ops.sendRentalLink, (c) =>
    resendRentalLink({ database: deps.database, now, links }, c.get('scope'), c.req.valid('param').order_number),
  );
  route(ops.revokeRentalLinks, (c) =>
    revokeRentalLink({ database: deps.database, now }, c.get('scope'), c.req.valid('param').order_number),
  );
}
