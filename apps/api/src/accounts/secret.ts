import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MIN_SECRET_LENGTH = 32;

/**
 * The secret that signs console session cookies and CSRF tokens: BETTER_AUTH_SECRET when set (every
 * instance of a deployment must share it), else one made once and kept in the data directory
 * (`console-secret`, readable by its owner only), so the embedded default needs no setup and its
 * sessions survive restarts. Never logged.
 */
export function consoleSecret(fromEnv: string | undefined, dataDir: string): string {
  if (fromEnv !== undefined) {
    if (fromEnv.length < MIN_SECRET_LENGTH) {
      throw new Error(`BETTER_AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
    }
    return fromEnv;
  }
  const file = path.join(dataDir, 'console-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {}
  mkdirSync(dataDir, { recursive: true });
  try {
    // wx: when two processes start at once, the second one reads the first one's secret.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
