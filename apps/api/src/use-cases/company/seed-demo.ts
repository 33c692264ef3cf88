import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import { findKeyByFingerprint } from '../../db/repositories/keys';
import type { Scope } from '../../domain/scope';
import { fingerprint } from '../../lib/api-keys';
import { dataDir, repoRoot, writeDataFile } from '../../lib/paths';
import { type DemoOwner, seedDemoOwner } from '../accounts/demo-owner';
import { applyCompanyConfig } from './apply-config';
import { createKey, listCompanyKeys, revokeCompanyKey } from './keys';

export const DEMO_SLUG = 'demo';
export const demoConfigPath = () => path.join(repoRoot(), 'apps/api/config/demo-company.json');
const DEMO_KEYS_FILE = 'demo-keys.json';
const demoKeysPath = () => path.join(dataDir(), DEMO_KEYS_FILE);

export type DemoKeys = { publishable: string; server: string };
/** What npm start prints: the demo's key pair and its console owner's sign-in. */
export type DemoSeed = DemoKeys & { owner: DemoOwner };

/**
 * Applies the demo company's config, the same way `svc company apply` does, and makes sure it has a
 * working key pair and a console owner (use-cases/accounts/demo-owner.ts). Secret keys are shown once and never stored, so the demo's pair is remembered in
 * .data/demo-keys.json, a local development file, and reused while the database still accepts it.
 */
export async function seedDemo(database: Database, now: Date): Promise<DemoSeed> {
  const demo = await applyCompanyConfig(database, JSON.parse(readFileSync(demoConfigPath(), 'utf8')));
  const scope: Scope = { companyId: demo.id, actor: { kind: 'cli' } };
  const owner = await seedDemoOwner(database, scope);
  return { ...(await seedKeys(database, scope, now)), owner };
}

async function seedKeys(database: Database, scope: Scope, now: Date): Promise<DemoKeys> {
  const saved = readSavedKeys();
  if (saved && (await keysValid(database, saved))) return saved;

  for (const key of await listCompanyKeys(database, scope, now)) {
    if (key.status === 'active') await revokeCompanyKey(database, scope, key.id);
  }
  const keys: DemoKeys = {
    publishable: (
      await createKey(
        database,
        scope,
        {
          kind: 'publishable',
          domains: ['localhost', '127.0.0.1'],
          label: 'demo: local pages',
        },
        now,
      )
    ).key,
    server: (await createKey(database, scope, { kind: 'server', label: 'demo: local backend' }, now)).key,
  };
  writeDataFile(DEMO_KEYS_FILE, `${JSON.stringify(keys, null, 2)}\n`);
  return keys;
}

function readSavedKeys(): DemoKeys | null {
  try {
    return JSON.parse(readFileSync(demoKeysPath(), 'utf8')) as DemoKeys;
  } catch {
    return null;
  }
}

async function keysValid(database: Database, keys: DemoKeys): Promise<boolean> {
  for (const key of [keys.publishable, keys.server]) {
    const row = await findKeyByFingerprint(database.db, fingerprint(key));
    if (!row || row.revokedAt) return false;
  }
  return true;
}
