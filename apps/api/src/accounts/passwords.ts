import { hash, verify } from '@node-rs/argon2';

/**
 * Console passwords are hashed with argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane),
 * which @node-rs/argon2 runs off the event loop. Every console password goes through these two: better-auth
 * (sign-in, reset) and our own use cases (invitations, the CLI, the demo owner).
 */
const ARGON2ID = 2; // Algorithm.Argon2id: the package declares it as a const enum, which isolated modules cannot read.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a hash that is not one of ours (never throws: a sign-in is refused). */
export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false;
  }
}
