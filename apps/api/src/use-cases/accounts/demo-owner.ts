import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import type { Database } from '../../db/client';
import { findConsoleUserByEmail, findPasswordHash, setConsolePassword } from '../../db/repositories/console-users';
import type { Scope } from '../../domain/scope';
import { dataDir, writeDataFile } from '../../lib/paths';
import { createConsoleUser } from './users';

export const DEMO_OWNER_EMAIL = 'owner@demo.example';
export type DemoOwner = { email: string; password: string };

const DEMO_OWNER_FILE = 'demo-owner.json';
const demoOwnerPath = () => path.join(dataDir(), DEMO_OWNER_FILE);

/**
 * The demo company's owner, so `npm start` can say how to sign in to the console. Its password is made at
 * random on this machine (never a fixed one a copied database would share), kept in .data/demo-owner.json
 * (mode 600, like the demo keys) and printed at each start. A lost file or a password changed in the
 * console gets a new one.
 */
export async function seedDemoOwner(database: Database, scope: Scope): Promise<DemoOwner> {
  const saved = readSaved();
  const user = await findConsoleUserByEmail(database.db, DEMO_OWNER_EMAIL);
  if (user && saved && (await passwordWorks(database, user.id, saved.password))) return saved;
  const owner = { email: DEMO_OWNER_EMAIL, password: randomBytes(12).toString('base64url') };
  if (user) await setConsolePassword(database.db, user.id, await hashPassword(owner.password));
  else await createConsoleUser(database.db, scope, { ...owner, name: 'Demo Owner', role: 'owner' });
  writeDataFile(DEMO_OWNER_FILE, `${JSON.stringify(owner, null, 2)}\n`);
  return owner;
}

function readSaved(): DemoOwner | null {
  try {
    return JSON.parse(readFileSync(demoOwnerPath(), 'utf8')) as DemoOwner;
  } catch {
    return null;
  }
}

async function passwordWorks(database: Database, userId: string, password: string): Promise<boolean> {
  const hash = await findPasswordHash(database.db, userId);
  return hash ? verifyPassword({ hash, password }) : false;
}
