import { accountOperations } from './account';
import { bookingOperations } from './bookings';
import { developerOperations } from './developers';
import { fieldOperations } from './field';
import { fleetOperations } from './fleet';
import { officeOperations } from './office';
import { permitOperations } from './permits';
import { rentalOfficeOperations } from './rentals';
import { settingsOperations } from './settings';

/**
 * The console API (/console/v1): what apps/console (the company's app) calls, with a signed-in user's
 * session cookie. One file per area of the console; each exports its operations.
 */
export const CONSOLE_BASE = '/console/v1';

export const consoleOperations = [
  ...accountOperations,
  ...officeOperations,
  ...permitOperations,
  ...fieldOperations,
  ...rentalOfficeOperations,
  ...bookingOperations,
  ...fleetOperations,
  ...settingsOperations,
  ...developerOperations,
] as const;

export * from './account';
export * from './bookings';
export * from './common';
export * from './developers';
export * from './field';
export * from './fleet';
export * from './leads';
export * from './office';
export * from './people';
export * from './permits';
export * from './records';
export * from './rentals';
export * from './settings';
