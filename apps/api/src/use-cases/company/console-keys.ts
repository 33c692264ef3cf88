import type { Database } from '../../db/client';
import { insertAudit } from '../../db/repositories/audit';
import { findCompany } from '../../db/repositories/catalog';
import { DomainError } from '../../domain/errors';
import { actingUser, type Scope } from '../../domain/scope';
import { domainsServed, type KeyKind, normalizeDomain } from '../../lib/api-keys';
import { dataApiStatus, requestDataApi } from '../data/access';
import { createKey, listCompanyKeys, MAX_ACTIVE_SERVER_KEYS, revokeCompanyKey } from './keys';

/**
 * Keys and Data API access as the console's Developers page manages them: the same use cases as `svc keys`
 * and `svc data-api`, with the console's own sentences for what a person in a form gets wrong. Every call
 * is the signed-in member's company; a key id of another company is not found.
 */
const audit = (database: Database, owner: Scope, action: string, subject: string) =>
  insertAudit(database.db, { companyId: owner.companyId, userId: actingUser(owner), action, subject });

/** The company's slug, which the audit trail names. */
async function slugOf(database: Database, owner: Scope): Promise<string> {
  const company = await findCompany(database.db, owner.companyId);
  if (!company) throw new DomainError('not_found', 'This company does not exist any more.');
  return company.slug;
}

/**
 * Publishable and server keys, oldest first; each active publishable key with the sites it serves (the
 * embed lookup hands it to their pages) and those only it lets in, so revoking it can be warned about.
 */
export async function listConsoleKeys(database: Database, owner: Scope, now: Date) {
  const keys = (await listCompanyKeys(database, owner, now)).filter((k) => k.kind !== 'data');
  const live = keys.filter((k) => k.kind === 'publishable' && k.status === 'active');
  const served = domainsServed(live.map((k) => ({ id: k.id, allowedDomains: k.allowed_domains })).reverse());
  return {
    keys: keys.map((k) => ({
      ...k,
      serves: served.get(k.id)?.serves ?? [],
      only_key_for: served.get(k.id)?.onlyKeyFor ?? [],
    })),
    max_server_keys: MAX_ACTIVE_SERVER_KEYS,
  };
}

export async function createConsoleKey(
  database: Database,
  owner: Scope,
  body: { kind: 'publishable' | 'server'; domains?: string[]; label?: string },
  now: Date,
) {
  const domains = body.domains ?? [];
  if (body.kind === 'publishable') {
    if (!domains.length) {
      throw new DomainError(
        'invalid_body',
        'Name at least one domain whose pages may use this key, like example.com or *.example.com.',
        { field: 'domains' },
      );
    }
    const wrong = domains.find((d) => !normalizeDomain(d));
    if (wrong !== undefined) {
      throw new DomainError(
        'invalid_body',
        `"${wrong}" is not a domain; write it like example.com, *.example.com or localhost:3000.`,
        { field: 'domains' },
      );
    }
  } else if (domains.length) {
    throw new DomainError('invalid_body', 'Allowed domains are for publishable keys only.', { field: 'domains' });
  } else {
    const active = (await listCompanyKeys(database, owner, now)).filter(
      (k) => k.kind === 'server' && k.status === 'active',
    );
    if (active.length >= MAX_ACTIVE_SERVER_KEYS) {
      throw new DomainError(
        'invalid_body',
        `A company has at most ${MAX_ACTIVE_SERVER_KEYS} active server keys: revoke one first.`,
        { field: 'kind' },
      );
    }
  }
  const created = await createKey(database, owner, { kind: body.kind, domains, label: body.label }, now);
  await audit(database, owner, 'key.created', `key:${created.id}`);
  return created;
}

/** Revokes a key of the given kinds; another company's key, or one of another kind, is not found. */
export async function revokeConsoleKey(
  database: Database,
  owner: Scope,
  id: string,
  kinds: readonly KeyKind[],
  now: Date,
) {
  const key = (await listCompanyKeys(database, owner, now)).find((k) => k.id === id && kinds.includes(k.kind));
  if (!key) throw new DomainError('not_found', `There is no key ${id} in your company.`, { field: 'id' });
  await revokeCompanyKey(database, owner, key.id, key.kind);
  await audit(database, owner, 'key.revoked', `key:${key.id}`);
  const after = (await listCompanyKeys(database, owner, now)).find((k) => k.id === id);
  return after ?? key;
}

export async function consoleDataApi(database: Database, owner: Scope, now: Date) {
  const { slug: _slug, ...status } = await dataApiStatus(database, owner);
  const keys = (await listCompanyKeys(database, owner, now)).filter((k) => k.kind === 'data');
  return { ...status, keys };
}

export async function requestConsoleDataApi(database: Database, owner: Scope, use: string, now: Date) {
  const slug = await slugOf(database, owner);
  const status = await dataApiStatus(database, owner);
  if (status.access === 'approved') {
    throw new DomainError('state_conflict', 'Your company already has Data API access.');
  }
  await requestDataApi(database, owner, use, now);
  await audit(database, owner, 'data_api.requested', `company:${slug}`);
  return consoleDataApi(database, owner, now);
}

export async function createConsoleDataKey(database: Database, owner: Scope, label: string | undefined, now: Date) {
  const status = await dataApiStatus(database, owner);
  if (status.access !== 'approved') {
    throw new DomainError(
      'state_conflict',
      status.access === 'requested'
        ? 'Data API keys can be made once the platform approves your request.'
        : 'Ask for Data API access first; keys can be made once it is approved.',
    );
  }
  const created = await createKey(database, owner, { kind: 'data', label }, now);
  await audit(database, owner, 'key.created', `key:${created.id}`);
  return created;
}
