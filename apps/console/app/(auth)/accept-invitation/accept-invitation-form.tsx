'use client';

import { useRouter } from 'next/navigation';
import { Field } from '../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../components/form';
import { api, call } from '../../../lib/api';
import { mismatch } from '../../../lib/passwords';

/** Name and password; the account is made and signed in, then the console opens. */
export function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const form = useApiForm(
    async (values) => {
      const password = String(values.get('password') ?? '');
      if (password !== values.get('confirm')) return mismatch;
      return call(
        api.POST('/invitations/accept', { body: { token, name: String(values.get('name') ?? '').trim(), password } }),
      );
    },
    () => {
      router.replace('/');
      router.refresh();
    },
  );
  return (
    <form {...form.formProps}>
      <FormMessage message={form.formError} />
      {/* For password managers: the account's user name. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <Field label="Your name" name="name" autoComplete="name" required error={form.errors.name} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters; a few words you will remember make a good one."
        error={form.errors.password}
      />
      <Field
        label="The password again"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={form.errors.confirm}
      />
      <div className="form-actions">
        <SubmitButton pending={form.pending} pendingLabel="Joining…">
          Join
        </SubmitButton>
      </div>
    </form>
  );
}
