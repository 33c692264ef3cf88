import type { Catalog } from '../../src/domain/catalog';
import type { CatalogScope } from '../../src/domain/scope';

/** The scope the key gate makes for a key of the company: what tests hand the Booking and Data API's use cases. */
export const keyScope = (catalog: Catalog, keyKind: 'publishable' | 'server' | 'data' = 'server'): CatalogScope => ({
  companyId: catalog.company.id,
  actor: { kind: 'key', keyId: 'test-key', keyKind },
  catalog,
});
