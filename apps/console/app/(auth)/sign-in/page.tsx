import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeNext } from '../../../lib/next-path';
import { serverMe } from '../../../lib/server-api';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const params = await searchParams;
  const next = safeNext(params.next);
  // Already signed in (a bookmark, the back button): straight to the console.
  if ((await serverMe()).ok) redirect(next);
  return (
    <>
      <h1>Sign in</h1>
      {params.reset === '1' ? (
        <p className="notice tone-success" role="status">
          Your password is changed. Sign in with the new one.
        </p>
      ) : null}
      <SignInForm next={next} />
    </>
  );
}
