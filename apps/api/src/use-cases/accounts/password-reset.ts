import type { Queryable } from '../../db/client';
import { findConsoleUserById } from '../../db/repositories/console-users';
import { enqueueMessages } from '../../db/repositories/outbox';

export const passwordResetLink = (consoleBaseUrl: string, token: string) =>
  `${consoleBaseUrl}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * The password reset e-mail, through the outbox (SMTP when configured, else the local outbox): better-auth
 * made the one-time token (an hour, kept hashed); we write the link to the console's page.
 */
export async function sendPasswordReset(
  db: Queryable,
  userId: string,
  token: string,
  consoleBaseUrl: string,
): Promise<void> {
  const user = await findConsoleUserById(db, userId);
  if (!user) return;
  await enqueueMessages(db, user.companyId, [
    {
      channel: 'email',
      topic: 'console.password_reset',
      to: user.email,
      subject: 'Reset your svc console password',
      text:
        `Someone asked to reset the password of your svc console account (${user.email}).\n\n` +
        `Choose a new password here (the link works for an hour):\n${passwordResetLink(consoleBaseUrl, token)}\n\n` +
        'If it was not you, ignore this e-mail: your password stays as it is.',
    },
  ]);
}
