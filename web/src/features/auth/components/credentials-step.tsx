import type { AuthForm } from '../hooks/use-auth-form';
import { AuthFormShell, AuthLinks } from './auth-form-parts';
import { PasswordField } from './password-field';

/** Email and password, to sign in or to create an account. */
export function CredentialsStep({ form }: { form: AuthForm }) {
  const { state } = form;
  const signingIn = state.mode === 'signIn';
  return (
    <>
      <AuthFormShell
        form={form}
        onSubmit={signingIn ? form.signIn : form.signUp}
        submitLabel={signingIn ? 'Sign In' : 'Create Account'}
      >
        <PasswordField
          label="Password"
          value={state.password}
          onChange={form.edit('password')}
          autoComplete={signingIn ? 'current-password' : 'new-password'}
        />
      </AuthFormShell>
      <AuthLinks form={form}>
        {signingIn ? (
          <button type="button" className="link-button" onClick={form.forgotPassword} disabled={state.pending}>
            Forgot your password?
          </button>
        ) : null}
      </AuthLinks>
    </>
  );
}
