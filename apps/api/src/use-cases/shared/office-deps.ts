import type { Database } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { DomainError } from '../../domain/errors';
import type { CatalogScope, Scope } from '../../domain/scope';
import type { Links } from '../rentals/links';
import type { ProcessorFor } from './payments';

/** What the console's office use cases are built with; each call takes the signed-in member's scope. */
export type OfficeDeps = {
  database: Database;
  processorFor: ProcessorFor;
  now: () => Date;
  /** Where the hosted pages are: the customer's "My booking" links. */
  links?: Links;
};

/** 409 state_conflict: the record moved on (someone else decided, or is deciding right now). */
export const conflict = (message: string, field?: string) =>
  new DomainError('state_conflict', message, field ? { field } : {});

/** The scope's company's catalog; a company without one is a bug of the gate, not the user's. */
export async function catalogOf(database: Database, scope: Scope) {
  const catalog = await loadCatalog(database.db, scope.companyId);
  if (!catalog) throw new DomainError('not_found', 'This company has no catalog yet.');
  return catalog;
}

/**
 * The company's settled facts (its timezone, its currency) from the catalog the console gate already holds
 * (the registry's, refreshed within a second of a change), else from the database: no query on the hot path.
 * Not for what an office just changed (the fleet, prices): those read catalogOf.
 */
export async function companyOf(database: Database, scope: Scope | CatalogScope) {
  return 'catalog' in scope ? scope.catalog.company : (await catalogOf(database, scope)).company;
}

/** 400 on the status: the record changed between its read and the move (someone else moved it). */
export const changedMeanwhile = (what: string) =>
  new DomainError('invalid_body', `${what} was changed by someone else just now: look at it again, then retry.`, {
    field: 'status',
  });

/** An order or job number from a path: anything else is the same 404 as another company's number. */
export const noSuch = (noun: 'order' | 'job', number: number) =>
  new DomainError('not_found', `There is no ${noun} #${number} in this company.`, { field: `${noun}_number` });
