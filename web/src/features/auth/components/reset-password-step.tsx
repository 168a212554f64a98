import type { AuthForm } from '../hooks/use-auth-form';
import { AuthFormShell, AuthLinks, BackToSignIn, CodeField } from './auth-form-parts';
import { PasswordField } from './password-field';

/** The e-mailed reset code and a new password, which then signs in. */
export function ResetPasswordStep({ form }: { form: AuthForm }) {
  return (
    <>
      <AuthFormShell form={form} onSubmit={form.confirmReset} submitLabel="Reset Password">
        <CodeField form={form} label="Reset code" />
        <PasswordField
          label="New password"
          value={form.state.newPassword}
          onChange={form.edit('newPassword')}
          autoComplete="new-password"
        />
      </AuthFormShell>
      <AuthLinks form={form}>
        <BackToSignIn form={form} />
      </AuthLinks>
    </>
  );
}
