import { createRoute, z } from '@hono/zod-openapi';
import { SLOT_CODES } from '../domain/errors';
import { JunkPhotos } from './booking/junk-orders';
import { DateString, Dollars, dataOf, jsonBody, ShownAddressWithLine2 } from './common';
import { errorResponses } from './errors';
import { RentalCompany, rentalBearer, TOKEN_ERRORS } from './rental-common';

// A junk job's My booking link (docs/decisions/my-booking.md): the job, its moves to another window, its photos.

export const Window = z.object({ start: z.string(), end: z.string() });

export const JobChange = z
  .object({
    id: z.uuid(),
    kind: z.literal('move_window'),
    status: z.literal('applied'),
    before: z.object({ job_date: DateString, time_window: Window }),
    after: z.object({ job_date: DateString, time_window: Window }),
    made_by: z.enum(['customer', 'api', 'office']),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('JunkRentalChange');

export const JunkRentalBooking = z
  .object({
    service: z.literal('junk'),
    reference: z.string(),
    job_number: z.number().int(),
    company: RentalCompany,
    status: z
      .string()
      .openapi({ description: 'confirmed, scheduled, en_route, completed, canceled or pending_risk_review' }),
    load: z.string(),
    job_date: DateString,
    time_window: Window,
    address: ShownAddressWithLine2,
    photos: z.number().int().openapi({ description: 'photos of the pile the crew has' }),
    photos_remaining: z
      .number()
      .int()
      .openapi({ description: 'photos the job can still take now (0 once the time is over)' }),
    photos_until: z.string().nullable().openapi({
      format: 'date-time',
      description: 'photos are taken until then (2 hours after booking); null when the company takes none online',
    }),
    paid: Dollars,
    currency: z.enum(['USD', 'CAD']),
    move_cutoff: z.string().nullable().openapi({
      description: 'until when (company time, "YYYY-MM-DD HH:00") the job can move; null once it cannot',
    }),
    windows: z
      .array(z.object({ date: DateString, windows: z.array(Window.extend({ remaining: z.number().int() })) }))
      .openapi({ description: 'the next days with a window that has a free seat: where the job can move now' }),
    changes: z.array(JobChange),
  })
  .openapi('JunkRentalBooking');

export const moveRentalJob = createRoute({
  method: 'post',
  path: '/job/window',
  operationId: 'moveRentalJob',
  summary: "Moves a junk job to another day and arrival window with a free seat, until the company's cutoff; free",
  security: rentalBearer,
  request: {
    body: jsonBody(
      z
        .strictObject({
          job_date: DateString,
          time_window_start: z.string().max(5),
          time_window_end: z.string().max(5),
        })
        .openapi('JunkRentalMove'),
    ),
  },
  responses: {
    ...dataOf(JobChange, 'The move'),
    ...errorResponses([...TOKEN_ERRORS, 'invalid_body', 'change_not_allowed', ...SLOT_CODES]),
  },
});

export const uploadRentalJobPhotos = createRoute({
  method: 'post',
  path: '/job/photos',
  operationId: 'uploadRentalJobPhotos',
  summary: 'Adds photos of the pile to the junk job (the rules of POST /junk/photos: up to 3, within 2 hours)',
  security: rentalBearer,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            photos: z.union([z.any(), z.array(z.any())]).openapi({
              type: 'array',
              items: { type: 'string', format: 'binary' },
              description: 'one to three image files (JPEG, PNG or WebP, each up to 8 MB), in fields named photos',
            }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    ...dataOf(JunkPhotos, 'The job’s photos'),
    ...errorResponses([
      ...TOKEN_ERRORS,
      'invalid_body',
      'change_not_allowed',
      'photos_not_available',
      'photos_expired',
      'photos_limit_reached',
      'photo_too_large',
      'photo_type',
      'photo_rejected',
    ]),
  },
});
