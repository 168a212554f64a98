import type { AuthForm } from '../hooks/use-auth-form';
import { AuthFormShell, AuthLinks, BackToSignIn, CodeField } from './auth-form-parts';

/** The code the cloud e-mails after a sign-up, which finishes the account and signs in. */
export function ConfirmSignUpStep({ form }: { form: AuthForm }) {
  return (
    <>
      <AuthFormShell form={form} onSubmit={form.confirmSignUp} submitLabel="Confirm Account">
        <CodeField form={form} label="Confirmation code" />
        <p className="muted small">
          We sent a confirmation code to {form.state.email.trim()}. Enter it to finish creating your account.
        </p>
      </AuthFormShell>
      <AuthLinks form={form}>
        <button
          type="button"
          className="link-button"
          onClick={() => void form.resendCode()}
          disabled={form.state.pending}
        >
          Resend code
        </button>
        <BackToSignIn form={form} />
      </AuthLinks>
    </>
  );
}
