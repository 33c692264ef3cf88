// A change reaches every instance: a server key each instance has just taken (and cached as valid), revoked
// with the CLI after the restarts, is refused by every one of them within 5 s (PostgreSQL's LISTEN/NOTIFY).
import type { ApiInstance } from './api-instances';
import type { Check } from './checks-common';
import { sleep } from './stack';

/** The key's answers on each instance before the revocation, and how long after it each refused it (or null). */
export async function revokeEverywhere(instances: ApiInstance[], key: string, revoke: () => Promise<unknown>) {
  const probe = async (i: ApiInstance) =>
    (
      await fetch(`${i.base}/booking/v1/sizes`, {
        headers: { authorization: `Bearer ${key}` },
        signal: AbortSignal.timeout(3000),
      }).catch(() => undefined)
    )?.status ?? 0;
  const warm = await Promise.all(instances.map(probe)); // each caches the key as valid
  await revoke();
  const revokedAt = Date.now();
  const refusedAfter = await Promise.all(
    instances.map(async (i) => {
      while (Date.now() - revokedAt < 10_000) {
        if ((await probe(i)) === 401) return Date.now() - revokedAt;
        await sleep(100);
      }
      return null;
    }),
  );
  return { warm, refusedAfter };
}

export function propagationCheck(instances: ApiInstance[], warm: number[], refusedAfter: (number | null)[]): Check {
  return {
    name: 'a change reaches every instance',
    ok: warm.every((s) => s === 200) && refusedAfter.every((ms) => ms !== null && ms <= 5000),
    detail:
      `a server key revoked with \`svc keys revoke\` after the restarts (PostgreSQL's LISTEN reconnected): ` +
      `answered ${warm.join(', ')} before, refused (401) by ${instances.map((i, n) => `${i.name} after ${refusedAfter[n] ?? 'never'} ms`).join(', ')} (within 5 s)`,
  };
}
