import type { OrderChangeRow } from '../../db/repositories/rentals';
/** The refusals of a change being applied (use-cases/rentals/changes.ts). */

/** Another call applied (or refused) this very change first: its answer is that change, and its payment stays. */
export class AlreadyHandled extends Error {
  constructor(readonly change: OrderChangeRow) {
    super('already handled');
  }
}

export class ChangeRefused extends Error {
  constructor(
    message: string,
    readonly code: 'size_sold_out' | 'change_not_allowed' = 'change_not_allowed',
  ) {
    super(message);
  }
}
