import type { Metadata } from 'next';
import { serverMe } from '../../../lib/server-api';

export const metadata: Metadata = { title: 'Your account' };

/** Who is signed in and what their role allows (the shell's name links here). */
export default async function AccountPage() {
  const me = await serverMe();
  if (!me.ok) return null; // the layout has already sent a signed-out visitor to sign in
  const { name, email, role, company } = me.data;
  return (
    <>
      <h1>Your account</h1>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{name}</dd>
        <dt>E-mail</dt>
        <dd>{email}</dd>
        <dt>Company</dt>
        <dd>{company.name}</dd>
        <dt>Role</dt>
        <dd>{role === 'owner' ? 'Owner' : 'Office staff'}</dd>
      </dl>
      <p>
        {role === 'owner'
          ? 'As an owner you can change every setting, manage keys and webhooks, and invite your team.'
          : 'As office staff you work the bookings, leads and customers. Keys, webhooks and card settings are for owners.'}
      </p>
      <p>To change your password, sign out and use “Forgot your password?” on the sign-in page.</p>
    </>
  );
}
