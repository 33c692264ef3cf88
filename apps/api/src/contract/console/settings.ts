import type { RouteConfig } from '@hono/zod-openapi';

export const settingsOperations: readonly RouteConfig[] = [];
