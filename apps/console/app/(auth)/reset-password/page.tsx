import type { Metadata } from 'next';
import Link from 'next/link';
import { ResetPasswordForm } from './reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password' };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const { token } = await searchParams;
  return (
    <>
      <h1>Choose a new password</h1>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <p className="notice tone-danger" role="alert">
            This link is incomplete: open the whole link from the e-mail, or ask for a new one.
          </p>
          <p className="auth-links">
            <Link href="/forgot-password">Ask for a new link</Link>
          </p>
        </>
      )}
    </>
  );
}
