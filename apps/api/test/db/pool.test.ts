import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { createLocation, drivers } from '../support/databases';

// DATABASE_POOL_MAX (docs/deploy.md): an instance whose database shares its CPUs keeps fewer connections.
describe.runIf(drivers().includes('postgres'))('the PostgreSQL pool', () => {
  it('keeps at most poolMax connections; further statements wait their turn', async () => {
    const location = await createLocation('postgres', 'pool');
    const database = await openDatabase({ url: location.env.DATABASE_URL, poolMax: 2, migrate: false });
    try {
      // Promise.all starts them (drizzle's statements run when awaited).
      const sleeping = Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.3)`)));
      await new Promise((r) => setTimeout(r, 150));
      expect(database.pool?.()).toMatchObject({ total: 2, waiting: 3 });
      await sleeping;
    } finally {
      await database.close();
      await location.dispose();
    }
  });
});
