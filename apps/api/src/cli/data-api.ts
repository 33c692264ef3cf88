import type { Database } from '../db/client';
import { createKey, listCompanyKeys, revokeCompanyKey } from '../use-cases/company/keys';
import {
  dataApiStatus,
  dataApiWindow,
  decideDataApi,
  requestDataApi,
  setDataApiEnabled,
  setPlan,
} from '../use-cases/data/access';
import { type Answer, need, scopeOf, table, UsageError } from './common';

/** svc data-api …: access, plan, window and keys of the Data API. */
export async function dataApiCommand(
  database: Database,
  action: string | undefined,
  rest: string[],
  values: { use?: string; end?: boolean; reset?: boolean; label?: string; expires?: string },
): Promise<Answer> {
  const now = new Date();
  const slug = () => need(rest[0], 'slug');
  const scope = () => scopeOf(database, slug());
  const status = (r: Awaited<ReturnType<typeof dataApiStatus>>) => ({
    text: `${r.slug}: Data API ${r.access}, switch ${r.enabled ? 'on' : 'off'}, plan ${r.plan}${r.use ? `\n  use: ${r.use}` : ''}`,
    json: r,
  });
  switch (action) {
    case 'request':
      return status(
        await requestDataApi(database, await scope(), need(values.use, '--use "<what the Data API is for>"'), now),
      );
    case 'approve':
    case 'revoke':
      return status(await decideDataApi(database, await scope(), action === 'approve' ? 'approved' : 'revoked', now));
    case 'access': {
      const value = need(rest[1], 'on or off');
      if (value !== 'on' && value !== 'off') throw new UsageError('expected on or off');
      return status(await setDataApiEnabled(database, await scope(), value === 'on'));
    }
    case 'plan': {
      const plan = need(rest[1], 'free or paid');
      if (plan !== 'free' && plan !== 'paid') throw new UsageError('expected free or paid');
      return status(await setPlan(database, await scope(), plan));
    }
    case 'status':
      return status(await dataApiStatus(database, await scope()));
    case 'window': {
      if (values.end && values.reset) throw new UsageError('--end or --reset, not both');
      const w = await dataApiWindow(database, await scope(), values.end ? 'end' : values.reset ? 'reset' : 'show', now);
      return {
        text: `${w.slug} (${w.plan} plan), ${w.day}: window ${w.state}${w.remaining_seconds ? `, ${w.remaining_seconds} s left` : ''}`,
        json: w,
      };
    }
    case 'keys': {
      const [verb, company, keyId] = rest;
      if (verb === 'create') {
        const named = need(company, 'slug');
        const options = { kind: 'data' as const, label: values.label, expiresAt: parseExpiry(values.expires) };
        const key = await createKey(database, await scopeOf(database, named), options, now);
        return {
          text: `Data API key ${key.id}\n\n  ${key.key}\n\nCopy it now: it will not be shown again.`,
          json: key,
        };
      }
      if (verb === 'list') {
        const scope = await scopeOf(database, need(company, 'slug'));
        const rows = (await listCompanyKeys(database, scope, now)).filter((k) => k.kind === 'data');
        return { text: table(rows.map(({ allowed_domains, ...r }) => r)), json: rows };
      }
      if (verb === 'revoke') {
        const named = need(company, 'slug');
        const id = need(keyId, 'key id');
        const result = await revokeCompanyKey(database, await scopeOf(database, named), id, 'data');
        return { text: `revoked ${result.id}`, json: result };
      }
      throw new UsageError('data-api keys create|list|revoke <slug>');
    }
    default:
      throw new UsageError(`unknown command "data-api ${action ?? ''}"; see npm run svc -- --help`);
  }
}

export function parseExpiry(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UsageError('--expires takes a date, YYYY-MM-DD');
  return date;
}
