import { useSearchParams } from 'react-router-dom';
import { ConfirmSignUpStep } from '../components/confirm-sign-up-step';
import { CredentialsStep } from '../components/credentials-step';
import { GoogleSignIn } from '../components/google-sign-in';
import { ResetPasswordStep } from '../components/reset-password-step';
import { WhyAccountPanel } from '../components/why-account-panel';
import { useAuthForm } from '../hooks/use-auth-form';
import { AUTH_TEXT } from '../lib/auth-messages';

const MODE_TEXT = {
  signIn: { title: AUTH_TEXT.signInTitle, subtitle: 'Sign in to your ThreadSnip account' },
  signUp: { title: AUTH_TEXT.signUpTitle, subtitle: 'Sign up to start turning articles into threads' },
} as const;

const STEPS = { credentials: CredentialsStep, confirmSignUp: ConfirmSignUpStep, resetPassword: ResetPasswordStep };

/** /auth: sign in, sign up (with the cloud's confirmation code) and password reset. */
export function AuthPage() {
  const form = useAuthForm();
  const { mode, step, error, resetNotice } = form.state;
  const [searchParams] = useSearchParams();
  const Step = STEPS[step];
  const onCredentials = step === 'credentials';

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{MODE_TEXT[mode].title}</h1>
        <p className="muted">
          {searchParams.get('url') ? AUTH_TEXT.pendingGenerationSubtitle : MODE_TEXT[mode].subtitle}
        </p>

        {onCredentials ? (
          <>
            <GoogleSignIn />
            <p className="divider">
              <span>Or continue with email</span>
            </p>
          </>
        ) : null}

        {resetNotice ? (
          <p className="notice notice--success" role="status">
            {resetNotice}
          </p>
        ) : null}
        {error ? (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        ) : null}

        <Step form={form} />
      </section>
      {mode === 'signUp' && onCredentials ? <WhyAccountPanel /> : null}
    </div>
  );
}
