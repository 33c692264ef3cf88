import { z } from 'zod';

/**
 * The field's charges (company config `field_work`, docs/decisions/drivers-day.md); null: the defaults
 * (no wasted-trip fee, the customer told 24 hours before a field charge is taken from the saved card).
 */
export const FieldWorkConfig = z
  .strictObject({
    wasted_trip_fee: z
      .number()
      .min(0)
      .max(10_000)
      .nullable()
      .default(null)
      .describe(
        "dollars charged when a driver cannot complete a stop for the customer's reason (blocked, not there, overfilled, prohibited items); null: none",
      ),
    notice_hours: z
      .number()
      .int()
      .min(0)
      .max(336)
      .default(24)
      .describe('hours between the notice of an overage or a wasted trip and the charge to the saved card'),
  })
  .nullable()
  .default(null)
  .describe("the field's charges (overage from the scale, wasted trips); null: the defaults");
