import type { RouteConfig } from '@hono/zod-openapi';

export const developerOperations: readonly RouteConfig[] = [];
