import type { Database } from '../../src/db/client';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import { findOrCreateCustomer } from '../../src/db/repositories/customers';
import { todayIn } from '../../src/domain/dates';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createLocation, type DatabaseLocation, type Driver, open } from './databases';
import { ACME_TZ, acmeConfig } from './fixtures';

export type AcmeOrders = {
  location: DatabaseLocation;
  database: Database;
  companyId: string;
  /** acme's first size, and one customer: what an order the test writes itself needs. */
  sizeId: string;
  customerId: string;
};

/** A database of its own holding acme (fixtures.ts) and one customer, for tests that write orders directly. */
export async function acmeOrders(driver: Driver, label: string): Promise<AcmeOrders> {
  const location = await createLocation(driver, label);
  const database = await open(location);
  await applyCompanyConfig(database, acmeConfig(todayIn(ACME_TZ, new Date())));
  const companyId = (await findCompanyBySlug(database.db, 'acme'))?.id as string;
  const catalog = await loadCatalog(database.db, companyId);
  const customerId = await findOrCreateCustomer(database.db, {
    companyId,
    name: 'Pat',
    email: 'pat@example.com',
    phone: '5125550100',
  });
  return { location, database, companyId, sizeId: catalog?.sizes[0]?.id as string, customerId };
}
