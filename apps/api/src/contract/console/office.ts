import type { RouteConfig } from '@hono/zod-openapi';

export const officeOperations: readonly RouteConfig[] = [];
