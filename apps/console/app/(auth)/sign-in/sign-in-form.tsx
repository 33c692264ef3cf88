'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Field } from '../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../components/form';
import { api, call } from '../../../lib/api';

/** E-mail and password; a refusal is the API's sentence (it never says whether the e-mail has an account). */
export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const form = useApiForm(
    (values) =>
      call(
        api.POST('/session', {
          body: { email: String(values.get('email') ?? '').trim(), password: String(values.get('password') ?? '') },
        }),
      ),
    () => {
      router.replace(next);
      router.refresh();
    },
  );
  return (
    <form {...form.formProps}>
      <FormMessage message={form.formError} />
      <Field label="E-mail" name="email" type="email" autoComplete="username" required error={form.errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={form.errors.password}
      />
      <div className="form-actions">
        <SubmitButton pending={form.pending} pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </div>
      <p className="auth-links">
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
    </form>
  );
}
