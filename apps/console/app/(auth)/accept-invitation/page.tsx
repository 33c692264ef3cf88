import type { Metadata } from 'next';
import Link from 'next/link';
import { serverGet } from '../../../lib/server-api';
import { AcceptInvitationForm } from './accept-invitation-form';

export const metadata: Metadata = { title: 'Join your team' };

/** The invitation is read on the server: an expired or used one says so before anyone types a password. */
export default async function AcceptInvitationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string>>;
}) {
  const { token } = await searchParams;
  const invitation = token
    ? await serverGet((api) => api.GET('/invitations/{token}', { params: { path: { token } } }))
    : undefined;
  if (!token || !invitation?.ok) {
    return (
      <>
        <h1>Join your team</h1>
        <p className="notice tone-danger" role="alert">
          {invitation && !invitation.ok
            ? invitation.error.message
            : 'This link is incomplete: open the whole link from the invitation e-mail.'}
        </p>
        <p>Ask an owner of your company to invite you again.</p>
        <p className="auth-links">
          <Link href="/sign-in">Sign in instead</Link>
        </p>
      </>
    );
  }
  const { company, email, role } = invitation.data;
  return (
    <>
      <h1>Join {company.name}</h1>
      <p>
        You are invited as {role === 'owner' ? 'an owner' : 'office staff'} with the e-mail <strong>{email}</strong>.
        Choose your name and a password to finish.
      </p>
      <AcceptInvitationForm token={token} email={email} />
    </>
  );
}
