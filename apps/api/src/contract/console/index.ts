import { accountOperations } from './account';
import { developerOperations } from './developers';
import { officeOperations } from './office';
import { settingsOperations } from './settings';

/**
 * The console API (/console/v1): what apps/console (the company's app) calls, with a signed-in user's
 * session cookie. One file per area of the console; each exports its operations.
 */
export const CONSOLE_BASE = '/console/v1';

export const consoleOperations = [
  ...accountOperations,
  ...officeOperations,
  ...settingsOperations,
  ...developerOperations,
] as const;

export * from './account';
export * from './common';
export * from './developers';
export * from './office';
export * from './settings';
