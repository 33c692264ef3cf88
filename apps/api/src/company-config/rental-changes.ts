import { z } from 'zod';

/**
 * The customer's changes after the booking (company config `rental_changes`, docs/decisions/my-booking.md);
 * null: the defaults.
 */
export const RentalChangesConfig = z
  .strictObject({
    save_cards: z
      .boolean()
      .default(true)
      .describe("save the booking's card, with the customer's consent, to pay for later changes"),
    move_cutoff_hour: z
      .number()
      .int()
      .min(0)
      .max(23)
      .default(12)
      .describe('a delivery moves until this hour (company time) of the day before it'),
    swap_fees: z
      .record(z.string(), z.number().min(0).max(100_000))
      .default({})
      .describe(
        'the fee of a swap (a full can taken, an empty one set) by size key, in dollars; a size not listed is not swapped online',
      ),
    remind_before_pickup: z
      .boolean()
      .default(true)
      .describe('the day before the pickup, tell the customer the rental ends tomorrow, with their My booking link'),
  })
  .nullable()
  .default(null)
  .describe("the customer's changes after the booking (My booking); null: the defaults");
