import type { RouteConfig } from '@hono/zod-openapi';

export const accountOperations: readonly RouteConfig[] = [];
