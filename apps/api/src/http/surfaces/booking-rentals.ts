import type { Context } from 'hono';
import * as ops from '../../contract/booking';
import { presentChange, presentChangeQuote, presentRental } from '../../present/rentals';
import { type ChangeDeps, confirmChange, makeChange, quoteChange } from '../../use-cases/rentals/changes';
import { rentalOfOrder } from '../../use-cases/rentals/orders';
import { readRental } from '../../use-cases/rentals/read';
import type { BookingEnv } from '../key-gate';
import type { Surface } from '../shell';

/** An order after its booking, with a server key (docs/decisions/my-booking.md): the link's operations by number. */
export function orderChangeRoutes({ route }: Surface<BookingEnv>, deps: ChangeDeps) {
  const rental = (c: Context<BookingEnv>, orderNumber: number) => rentalOfOrder(deps.db, c.get('scope'), orderNumber);
  route(ops.getOrder, async (c) => {
    const view = await readRental(deps, await rental(c, c.req.valid('param').order_number));
    return presentRental(view, deps.processorFor(view.catalog.company)?.publishableKey ?? '');
  });
  route(ops.quoteOrderChange, async (c) =>
    presentChangeQuote(
      await quoteChange(deps, await rental(c, c.req.valid('param').order_number), c.req.valid('json')),
    ),
  );
  route(ops.makeOrderChange, async (c) =>
    presentChange(
      await makeChange(deps, await rental(c, c.req.valid('param').order_number), c.req.valid('json'), {
        idempotencyKey: c.req.valid('header')['idempotency-key'],
        actor: 'api',
      }),
    ),
  );
  route(ops.confirmOrderChange, async (c) => {
    const { order_number, change_id } = c.req.valid('param');
    return presentChange(await confirmChange(deps, await rental(c, order_number), change_id));
  });
}
