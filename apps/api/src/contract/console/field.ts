import { createRoute, z } from '@hono/zod-openapi';
import { FIELD_ACTIONS } from '../../domain/field-stops';
import { MAX_TICKET_TONS } from '../../domain/overage';
import { DateString, Dollars, dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { FieldState, Reason, StopKey, StopRoute } from './field-shapes';
import { IdParam, OrderParam, READ, WRITE } from './office-shapes';

/**
 * The driver's day (docs/decisions/drivers-day.md): the office gives a day's stops to drivers in order; a
 * driver's phone reads its route and sends what happens at each stop (status moves, photos, weigh tickets),
 * each action by an id of the phone's own so a repeat is applied once; the office sees the field charges
 * (overage from the scale, wasted trips) and holds, adjusts or waives them before they are charged.
 */

export const assignRoute = createRoute({
  method: 'post',
  path: '/dispatch/route',
  operationId: 'assignRoute',
  security: consoleSession,
  summary:
    "Gives a day's stops to a member in this order (replacing that member's route of the day), or takes them off every route (driver_id null)",
  request: {
    body: jsonBody(
      z.strictObject({
        date: DateString,
        driver_id: z.string().min(1).max(64).nullable(),
        stops: z.array(StopKey).max(100),
      }),
    ),
  },
  responses: {
    ...dataOf(
      z
        .object({ date: z.string(), driver_id: z.string().nullable(), stops: z.array(z.string()) })
        .openapi('ConsoleRouteAssigned'),
      'The route as saved',
    ),
    ...errorResponses(WRITE),
  },
});

const TicketOut = z
  .object({
    id: z.string(),
    stop: z.string(),
    net_tons: z.number(),
    landfill_cost: Dollars,
    photo_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('ConsoleWeighTicket');

const Action = z.enum(FIELD_ACTIONS);

/** A stop as the driver's phone shows it: what to do, where, whom to call; never a price. */
export const DriverStop = z
  .object({
    stop: StopKey,
    kind: z.enum(['delivery', 'pickup', 'swap', 'junk']),
    position: z.number().int(),
    state: FieldState,
    state_at: z.string().nullable(),
    failure: Reason.nullable(),
    actions: z.array(Action).openapi({ description: 'what the driver may send for this stop now' }),
    number: z.number().int().openapi({ description: 'the order or job number' }),
    status: z.string().openapi({ description: "the order's or job's status" }),
    window: z.object({ start: z.string(), end: z.string() }).nullable(),
    address: z.string(),
    maps_url: z.string(),
    customer_name: z.string(),
    customer_phone: z.string(),
    notes: z.string().nullable().openapi({ description: "where the can goes, or the customer's notes of a junk job" }),
    what: z.string().openapi({ description: 'the size (and material) or the load' }),
    bring_back: z.string().nullable().openapi({ description: 'what comes back to the yard or the landfill' }),
    photos: z.array(z.string()).openapi({ description: "this stop's photo ids" }),
    ticket: z.union([TicketOut, z.null()]),
  })
  .openapi('ConsoleDriverStop');

export const getDriverRoute = createRoute({
  method: 'get',
  path: '/driver/route',
  operationId: 'getDriverRoute',
  security: consoleSession,
  summary: "The signed-in member's stops of a day, in the office's order",
  request: {
    query: z.strictObject({ date: DateString.optional().openapi({ description: "default: the company's today" }) }),
  },
  responses: {
    ...dataOf(
      z
        .object({
          date: z.string(),
          driver: z.object({ id: z.string(), name: z.string() }),
          stops: z.array(DriverStop),
        })
        .openapi('ConsoleDriverRoute'),
      'The route',
    ),
    ...errorResponses(READ),
  },
});

export const sendFieldAction = createRoute({
  method: 'post',
  path: '/driver/actions',
  operationId: 'sendFieldAction',
  security: consoleSession,
  summary:
    'What happened at a stop, by an id the phone gave it: the same id again answers what the first did (replayed true)',
  request: {
    body: jsonBody(
      z.strictObject({
        id: z.uuid().openapi({ description: "the phone's id of this action: a repeat is applied once" }),
        stop: StopKey,
        action: Action,
        done_at: z.iso.datetime({ offset: true }).optional().openapi({ description: 'when the driver did it' }),
        reason: Reason.optional().openapi({ description: 'why a stop failed' }),
        photo_id: z.uuid().optional().openapi({ description: 'a photo sent before (a delivery needs one)' }),
        ticket: z
          .strictObject({
            net_tons: z.number().min(0).max(MAX_TICKET_TONS),
            landfill_cost: z.number().min(0).max(100_000),
            photo_id: z.uuid().optional(),
          })
          .optional()
          .openapi({ description: 'the weigh ticket of weigh_ticket' }),
      }),
    ),
  },
  responses: {
    ...dataOf(
      z.object({ stop: DriverStop, replayed: z.boolean() }).openapi('ConsoleFieldActionDone'),
      'The stop as it is now',
    ),
    ...errorResponses([...WRITE, 'forbidden']),
  },
});

export const FieldPhoto = z
  .object({
    id: z.string(),
    stop: z.string(),
    content_type: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    created_at: z.string(),
  })
  .openapi('ConsoleFieldPhoto');

export const uploadFieldPhoto = createRoute({
  method: 'post',
  path: '/driver/photos',
  operationId: 'uploadFieldPhoto',
  security: consoleSession,
  summary:
    "A stop's photo (multipart/form-data: id, stop, then one file named photo): typed by content, metadata stripped; the same id again answers the stored one",
  responses: {
    ...dataOf(FieldPhoto, 'The photo as stored'),
    ...errorResponses([...WRITE, 'photo_too_large', 'photo_type', 'photo_rejected', 'rate_limited']),
  },
});

export const getFieldPhoto = createRoute({
  method: 'get',
  path: '/field-photos/{id}',
  operationId: 'getFieldPhoto',
  security: consoleSession,
  summary: "A field photo's image (a driver: its own stops' photos only)",
  request: { params: IdParam },
  responses: {
    200: { description: 'The image', content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(READ),
  },
});

/** A charge the field made the customer owe (dollars). */
export const FieldCharge = z
  .object({
    id: z.string(),
    kind: z.enum(['overage', 'wasted_trip']),
    status: z.enum(['noticed', 'held', 'charging', 'charged', 'declined', 'paid', 'waived']),
    order_number: z.number().int().nullable(),
    job_number: z.number().int().nullable(),
    customer_name: z.string(),
    ticket: z
      .object({
        net_tons: z.number(),
        allowance_tons: z.number(),
        over_tons: z.number(),
        mode: z.enum(['per_ton', 'flat']),
        rate: Dollars.nullable(),
        landfill_cost: Dollars,
        photo_id: z.string().nullable(),
      })
      .nullable(),
    stop_kind: z
      .enum(['delivery', 'pickup', 'swap', 'junk'])
      .openapi({ description: 'the stop it came of: a pickup or swap weighed, a visit that could not be completed' }),
    failure: Reason.nullable(),
    amount: Dollars.openapi({ description: 'the overage or the fee, before tax' }),
    tax: Dollars,
    total: Dollars,
    processing_fee: Dollars,
    gross_total: Dollars.openapi({ description: 'what the card is charged' }),
    currency: z.string(),
    charge_after: z.string().openapi({ description: 'when the saved card is charged unless held' }),
    charged_at: z.string().nullable(),
    note: z.string().nullable().openapi({ description: "the office's reason for an adjustment or a waiver" }),
    last_error: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('ConsoleFieldCharge');

export const listFieldCharges = createRoute({
  method: 'get',
  path: '/field-charges',
  operationId: 'listFieldCharges',
  security: consoleSession,
  summary: 'Overages and wasted trips: open ones (waiting, held, owed) by default, newest first, at most 200',
  request: {
    query: z.strictObject({
      status: z.enum(['open', 'all']).default('open'),
    }),
  },
  responses: { ...dataOf(z.array(FieldCharge), 'The charges'), ...errorResponses(READ) },
});

export const decideFieldCharge = createRoute({
  method: 'post',
  path: '/field-charges/{id}',
  operationId: 'decideFieldCharge',
  security: consoleSession,
  summary:
    'Holds (no charge until released), releases, adjusts (a new amount before tax, with a reason) or waives (with a reason) a charge not yet taken',
  request: {
    params: IdParam,
    body: jsonBody(
      z.strictObject({
        action: z.enum(['hold', 'release', 'adjust', 'waive']),
        amount: z.number().min(0).max(100_000).optional(),
        reason: z.string().trim().min(3).max(500).optional(),
      }),
    ),
  },
  responses: { ...dataOf(FieldCharge, 'The charge'), ...errorResponses(WRITE) },
});

export const getOrderField = createRoute({
  method: 'get',
  path: '/orders/{order_number}/field',
  operationId: 'getOrderField',
  security: consoleSession,
  summary: "What the field did for an order: its stops' states, photos, weigh tickets and charges",
  request: { params: OrderParam },
  responses: {
    ...dataOf(
      z
        .object({
          order_number: z.number().int(),
          stops: z.array(StopRoute.extend({ day: z.string(), kind: z.string() })),
          photos: z.array(FieldPhoto),
          tickets: z.array(TicketOut),
          charges: z.array(FieldCharge),
        })
        .openapi('ConsoleOrderField'),
      'The field record',
    ),
    ...errorResponses(READ),
  },
});

export const fieldOperations = [
  assignRoute,
  getDriverRoute,
  sendFieldAction,
  uploadFieldPhoto,
  getFieldPhoto,
  listFieldCharges,
  decideFieldCharge,
  getOrderField,
] as const;
