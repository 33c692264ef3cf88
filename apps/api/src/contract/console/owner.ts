import { z } from '@hono/zod-openapi';
import { CONSOLE_ERRORS, CONSOLE_WRITE_ERRORS } from './common';

// What the owners-only areas of the console share (developers.ts, developer-webhooks.ts).
export const OWNER_READ = [...CONSOLE_ERRORS, 'forbidden'] as const;
export const OWNER_WRITE = [...CONSOLE_WRITE_ERRORS, 'forbidden'] as const;
export const ownerOnly = 'Owners only: staff get 403 forbidden.';
export const Empty = z.strictObject({}).openapi('Empty');
export const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
