import { and, desc, eq } from 'drizzle-orm';
import { outbox } from '../../src/db/schema';
import type { Target } from './servers';
import { withTargetDb } from './target-db';

/**
 * The latest console e-mail of a topic to an address, read from the outbox as the local outbox keeps it
 * (`svc outbox list <slug>`), and the token its link carries. Waits a little: it is written as the request
 * answers.
 */
export async function consoleMail(target: Target, topic: string, to: string) {
  for (let tries = 0; tries < 50; tries++) {
    const rows = await withTargetDb(target, ({ db }) =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'email'), eq(outbox.topic, topic)))
        .orderBy(desc(outbox.id)),
    );
    const row = rows.find((r) => (r.payload as { to?: string }).to === to);
    if (row) {
      const payload = row.payload as { to: string; subject: string; text: string };
      const link = /https?:\/\/\S+/.exec(payload.text)?.[0] ?? '';
      return { ...payload, link, token: new URL(link).searchParams.get('token') ?? '' };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** How many console e-mails of a topic went to an address. */
export async function countConsoleMail(target: Target, topic: string, to: string) {
  const rows = await withTargetDb(target, ({ db }) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.topic, topic))),
  );
  return rows.filter((r) => (r.payload as { to?: string }).to === to).length;
}
