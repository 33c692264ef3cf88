/**
 * The schema of the whole product, one file per area (Booking API, junk removal, Data API, webhooks), shared by PGlite
 * and PostgreSQL. Money columns are integer cents (*_cents); percentages integer milli-percent.
 * Every business table carries company_id: every query is scoped to the key's company.
 */

export * from './catalog';
export * from './companies';
export * from './console';
export * from './customers';
export * from './events';
export * from './field';
export * from './junk';
export * from './leads';
export * from './orders';
export * from './permits';
export * from './platform';
export * from './rentals';
export * from './sandbox';
