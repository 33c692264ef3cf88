import type { Database, Queryable } from '../../db/client';
import { findCompany, lockCompany, updateCompanyFlags } from '../../db/repositories/catalog';
import { countActiveKeys, insertKey, listKeys, revokeKey } from '../../db/repositories/keys';
import { publishChange, setBookingApiEnabled } from '../../db/repositories/platform';
import { DomainError } from '../../domain/errors';
import type { Scope } from '../../domain/scope';
import { displayKey, fingerprint, generateKey, type KeyKind, normalizeDomain } from '../../lib/api-keys';

export const MAX_ACTIVE_SERVER_KEYS = 2;

/** The company's slug, for the sentences that point the operator at an svc command. */
const slugOf = async (db: Queryable, scope: Scope) => (await findCompany(db, scope.companyId))?.slug;
const refused = (message: string, field: string) => new DomainError('invalid_body', message, { field });

export type CreatedKey = {
  id: string;
  kind: KeyKind;
  /** The whole key: shown this once. */
  key: string;
  display: string;
  allowed_domains: string[];
  expires_at: string | null;
};

export async function createKey(
  database: Database,
  scope: Scope,
  options: { kind: KeyKind; domains?: string[]; label?: string; expiresAt?: Date },
  now: Date,
): Promise<CreatedKey> {
  const id = scope.companyId;
  const domains = (options.domains ?? []).map((d) => {
    const normalized = normalizeDomain(d);
    if (!normalized) {
      throw refused(`"${d}" is not a domain (examples: example.com, *.example.com, localhost:3000)`, 'domains');
    }
    return normalized;
  });
  if (options.kind === 'publishable' && domains.length === 0) {
    throw refused('a publishable key needs at least one allowed domain (--domain example.com)', 'domains');
  }
  if (options.kind !== 'publishable' && domains.length) {
    throw refused('allowed domains apply to publishable keys only', 'domains');
  }
  if (options.expiresAt && options.expiresAt.getTime() <= now.getTime()) {
    throw refused('the expiry is in the past', 'expires_at');
  }
  const key = generateKey(options.kind);
  const row = await database.db.transaction(async (tx) => {
    await lockCompany(tx, id);
    if (options.kind === 'server' && (await countActiveKeys(tx, id, 'server')) >= MAX_ACTIVE_SERVER_KEYS) {
      throw refused(
        `a company has at most ${MAX_ACTIVE_SERVER_KEYS} active server keys: revoke one first (svc keys list ${await slugOf(tx, scope)})`,
        'kind',
      );
    }
    const inserted = await insertKey(tx, {
      companyId: id,
      kind: options.kind,
      fingerprint: fingerprint(key),
      display: displayKey(key),
      publishableKey: options.kind === 'publishable' ? key : null,
      allowedDomains: domains,
      label: options.label ?? '',
      expiresAt: options.expiresAt ?? null,
    });
    await publishChange(tx);
    return inserted;
  });
  return {
    id: row.id,
    kind: options.kind,
    key,
    display: row.display,
    allowed_domains: domains,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listCompanyKeys(database: Database, scope: Scope, now: Date) {
  const rows = await listKeys(database.db, scope.companyId);
  return rows.map((k) => ({
    id: k.id,
    kind: k.kind,
    // Publishable keys are public and shown whole; secret keys only by their display form.
    key: k.publishableKey ?? k.display,
    label: k.label,
    allowed_domains: k.allowedDomains,
    status: k.revokedAt
      ? ('revoked' as const)
      : k.expiresAt && k.expiresAt.getTime() <= now.getTime()
        ? ('expired' as const)
        : ('active' as const),
    created_at: k.createdAt.toISOString(),
    expires_at: k.expiresAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  }));
}

/** Revokes a key of the company (of one kind, when given: svc data-api keys revoke names only data keys). */
export async function revokeCompanyKey(database: Database, scope: Scope, keyId: string, kind?: KeyKind) {
  const id = scope.companyId;
  if (!/^[0-9a-f-]{36}$/i.test(keyId)) {
    throw refused(`"${keyId}" is not a key id (see svc keys list ${await slugOf(database.db, scope)})`, 'id');
  }
  const row = await database.db.transaction(async (tx) => {
    const revoked = await revokeKey(tx, id, keyId, kind);
    if (revoked) await publishChange(tx);
    return revoked;
  });
  if (!row) {
    throw new DomainError('not_found', `company ${await slugOf(database.db, scope)} has no key ${keyId}`, {
      field: 'id',
    });
  }
  return { id: row.id, revoked_at: row.revokedAt?.toISOString() ?? null };
}

/** The platform's switches of a company the operator named (svc company activate, booking on, payments ready). */
export async function setCompanyFlags(
  database: Database,
  scope: Scope,
  flags: { active?: boolean; bookingOnline?: boolean; paymentsReady?: boolean },
) {
  return database.db.transaction(async (tx) => {
    const row = await updateCompanyFlags(tx, scope.companyId, flags);
    if (!row) throw new DomainError('not_found', 'This company does not exist any more.');
    await publishChange(tx);
    return { slug: row.slug, active: row.active, booking_online: row.bookingOnline, payments_ready: row.paymentsReady };
  });
}

/** The platform-wide switch of the Booking API (503 booking_api_off while off). */
export async function setBookingApi(database: Database, enabled: boolean) {
  await database.db.transaction(async (tx) => {
    await setBookingApiEnabled(tx, enabled);
    await publishChange(tx);
  });
  return { booking_api: enabled ? 'on' : 'off' };
}
