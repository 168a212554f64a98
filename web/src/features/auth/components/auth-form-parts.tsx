import { type ReactNode, useId } from 'react';
import type { AuthForm } from '../hooks/use-auth-form';
import { canSubmit } from '../lib/auth-form';

interface AuthFormShellProps {
  form: AuthForm;
  onSubmit: () => Promise<void>;
  /** The submit button's label when no request is under way. */
  submitLabel: string;
  /** The step's own fields, below the email. */
  children: ReactNode;
}

/** The form every step shares: the email (editable only with the credentials), the step's fields, submit. */
export function AuthFormShell({ form, onSubmit, submitLabel, children }: AuthFormShellProps) {
  const emailId = useId();
  const { state } = form;
  return (
    <form className="form" onSubmit={form.submitWith(onSubmit)} noValidate aria-busy={state.pending}>
      <div className="field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          type="email"
          value={state.email}
          autoComplete="email"
          required
          readOnly={state.step !== 'credentials'}
          onChange={(event) => form.edit('email')(event.target.value)}
        />
      </div>
      {children}
      <button type="submit" className="button button--primary button--block" disabled={!canSubmit(state)}>
        {state.pending ? 'Please wait…' : submitLabel}
      </button>
    </form>
  );
}

/** The e-mailed code of the sign-up confirmation or the password reset. */
export function CodeField({ form, label }: { form: AuthForm; label: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={form.state.code}
        required
        onChange={(event) => form.edit('code')(event.target.value)}
      />
    </div>
  );
}

/** The links under the form: the step's own, then the switch between signing in and signing up. */
export function AuthLinks({ form, children }: { form: AuthForm; children?: ReactNode }) {
  const signingIn = form.state.mode === 'signIn';
  return (
    <div className="auth-card__links">
      {children}
      <p>
        {signingIn ? "Don't have an account?" : 'Already have an account?'}{' '}
        <button type="button" className="link-button" onClick={() => form.switchMode(signingIn ? 'signUp' : 'signIn')}>
          {signingIn ? 'Sign up' : 'Sign in'}
        </button>
      </p>
    </div>
  );
}

/** Leaves the code step for the email and password again. */
export function BackToSignIn({ form }: { form: AuthForm }) {
  return (
    <button type="button" className="link-button" onClick={form.backToCredentials} disabled={form.state.pending}>
      Back to sign in
    </button>
  );
}
