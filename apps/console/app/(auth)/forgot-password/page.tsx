import type { Metadata } from 'next';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Reset your password' };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1>Reset your password</h1>
      <p>Enter the e-mail you sign in with. We will send you a link to choose a new password.</p>
      <ForgotPasswordForm />
    </>
  );
}
