'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Field } from '../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../components/form';
import { api, call } from '../../../lib/api';
import { mismatch } from '../../../lib/passwords';

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const form = useApiForm(
    async (values) => {
      const password = String(values.get('password') ?? '');
      if (password !== values.get('confirm')) return mismatch;
      return call(api.POST('/password/reset', { body: { token, password } }));
    },
    () => router.replace('/sign-in?reset=1'),
  );
  return (
    <form {...form.formProps}>
      <FormMessage message={form.formError} />
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters; a few words you will remember make a good one."
        error={form.errors.password}
      />
      <Field
        label="The new password again"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={form.errors.confirm}
      />
      <div className="form-actions">
        <SubmitButton pending={form.pending} pendingLabel="Saving…">
          Save the new password
        </SubmitButton>
      </div>
      {form.formError ? (
        <p className="auth-links">
          <Link href="/forgot-password">Ask for a new link</Link>
        </p>
      ) : null}
    </form>
  );
}
