'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../components/form';
import { api, call } from '../../../lib/api';

/** The same answer whether or not the e-mail has an account (the API's rule, kept in the page's words). */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string>();
  const email = useRef('');
  const form = useApiForm(
    (values) => {
      email.current = String(values.get('email') ?? '').trim();
      return call(api.POST('/password/forgot', { body: { email: email.current } }));
    },
    () => setSentTo(email.current),
  );
  if (sentTo) {
    return (
      <>
        <p className="notice tone-success" role="status">
          If {sentTo} has an account, a link to reset its password is on its way. Check your inbox (and spam).
        </p>
        <p className="auth-links">
          <Link href="/sign-in">Back to sign in</Link>
        </p>
      </>
    );
  }
  return (
    <form {...form.formProps}>
      <FormMessage message={form.formError} />
      <Field label="E-mail" name="email" type="email" autoComplete="username" required error={form.errors.email} />
      <div className="form-actions">
        <SubmitButton pending={form.pending} pendingLabel="Sending…">
          Send the link
        </SubmitButton>
      </div>
      <p className="auth-links">
        <Link href="/sign-in">Back to sign in</Link>
      </p>
    </form>
  );
}
