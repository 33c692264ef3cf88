import type { Database } from '../db/client';
import { inviteMember } from '../use-cases/accounts/invitations';
import { listCompanyUsers } from '../use-cases/accounts/users';
import { type Answer, need, scopeOf, table, UsageError } from './common';

/**
 * svc users invite|list: the console's accounts from the command line. `invite` is how a company gets its
 * first owner: the same invitation the console's owners send (e-mailed through the outbox), and its link
 * printed here once, for whoever runs the platform to pass on.
 */
export async function usersCommand(
  database: Database,
  action: string | undefined,
  rest: string[],
  values: { role?: string },
  consoleBaseUrl: string,
): Promise<Answer> {
  const slug = need(rest[0], 'slug');
  switch (action) {
    case 'invite': {
      const email = need(rest[1], 'e-mail address');
      const role = need(values.role, '--role owner|staff');
      const scope = await scopeOf(database, slug);
      const invited = await inviteMember(database, scope, { email, role }, { now: new Date(), consoleBaseUrl });
      return {
        text:
          `invited ${invited.email} to ${slug} as ${invited.role} (until ${invited.expires_at})\n` +
          `  accept: ${invited.link}\n  (shown once; the same link was e-mailed: svc outbox list ${slug})`,
        json: invited,
      };
    }
    case 'list': {
      const users = await listCompanyUsers(database.db, await scopeOf(database, slug));
      const rows = users.map((u) => ({
        email: u.email,
        name: u.name,
        role: u.role,
        created_at: u.createdAt.toISOString(),
      }));
      return { text: table(rows), json: rows };
    }
    default:
      throw new UsageError(`unknown command "users ${action ?? ''}"; see npm run svc -- --help`);
  }
}
