import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { passwordResetFailed, type ToastText } from '#shared/messages';
import { useToast } from '#web/components/ui/use-toast';
import { useAuth } from '#web/lib/auth-context';
import { classifyAuthError, readableAuthMessage } from '#web/lib/auth-errors';
import { GoogleSignIn } from '../components/google-sign-in';
import { PasswordField } from '../components/password-field';
import { WhyAccountPanel } from '../components/why-account-panel';
import { useAuthRedirect } from '../hooks/use-auth-redirect';
import { AUTH_TEXT, AUTH_TOASTS, CODE_ERROR_TEXT, NETWORK_ERROR_TEXT } from '../lib/auth-messages';

type Mode = 'signIn' | 'signUp';
/** credentials: email + password; confirmSignUp: the e-mailed sign-up code; resetPassword: code + new password. */
type Step = 'credentials' | 'confirmSignUp' | 'resetPassword';

/** /auth: sign in, sign up (with the cloud's confirmation code) and password reset. */
export function AuthPage() {
  const auth = useAuth();
  const { toast } = useToast();
  const [searchParams] = useSearchParams();
  const { beginSignIn, abortSignIn, completeSignIn } = useAuthRedirect();
  const emailId = useId();
  const codeId = useId();

  const [mode, setMode] = useState<Mode>('signIn');
  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetNotice, setResetNotice] = useState<string | null>(null);

  const fail = (text: ToastText) => {
    setError(text.description ?? text.title);
    toast({ ...text, variant: 'destructive' });
  };

  const succeed = (text: ToastText) => {
    toast({ ...text, variant: 'success' });
    completeSignIn();
  };

  /** Runs one request with the pending flag and the error cleared. */
  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await work();
    } finally {
      setPending(false);
    }
  };

  /** Signs in; returns false (having reported why) when it did not work. */
  const signInWith = async (secret: string, success: ToastText, failure: ToastText): Promise<boolean> => {
    beginSignIn();
    try {
      const outcome = await auth.signIn(email, secret);
      if (outcome === 'confirmSignUp') {
        abortSignIn();
        setStep('confirmSignUp');
        return true;
      }
      succeed(success);
      return true;
    } catch (caught) {
      const kind = classifyAuthError(caught, 'signIn');
      if (kind === 'alreadySignedIn') {
        completeSignIn();
        return true;
      }
      abortSignIn();
      if (kind === 'network') fail({ title: failure.title, description: NETWORK_ERROR_TEXT });
      else if (kind === 'invalidCredentials') fail(failure);
      else fail({ title: failure.title, description: readableAuthMessage(caught, failure.description ?? '') });
      return false;
    }
  };

  const onSignIn = () =>
    run(async () => void (await signInWith(password, AUTH_TOASTS.signInSuccess, AUTH_TOASTS.signInFailed)));

  const onSignUp = () =>
    run(async () => {
      try {
        const outcome = await auth.signUp(email, password);
        if (outcome === 'confirmSignUp') {
          toast({ ...AUTH_TOASTS.signUpNeedsConfirmation, variant: 'success' });
          setStep('confirmSignUp');
          return;
        }
        await signInWith(password, AUTH_TOASTS.signUpSignedIn, AUTH_TOASTS.signInFailed);
      } catch (caught) {
        const kind = classifyAuthError(caught, 'signUp');
        if (kind === 'userExists') {
          // The account exists already: these may simply be its credentials.
          await signInWith(password, AUTH_TOASTS.existingAccountSignedIn, AUTH_TOASTS.existingAccountFailed);
        } else if (kind === 'weakPassword') fail(AUTH_TOASTS.weakPassword);
        else if (kind === 'network') fail({ title: AUTH_TOASTS.signUpFailed.title, description: NETWORK_ERROR_TEXT });
        else fail(AUTH_TOASTS.signUpFailed);
      }
    });

  const onConfirmSignUp = () =>
    run(async () => {
      try {
        await auth.confirmSignUp(email, code);
      } catch (caught) {
        const kind = classifyAuthError(caught, 'other');
        setError(
          kind === 'codeMismatch'
            ? CODE_ERROR_TEXT
            : kind === 'network'
              ? NETWORK_ERROR_TEXT
              : readableAuthMessage(caught, AUTH_TOASTS.signUpFailed.description),
        );
        return;
      }
      if (await signInWith(password, AUTH_TOASTS.signInSuccess, AUTH_TOASTS.signInFailed)) setCode('');
    });

  const onResendCode = () =>
    run(async () => {
      try {
        await auth.resendSignUpCode(email);
        toast({ title: 'Code sent', description: `A new code was sent to ${email.trim()}.`, variant: 'info' });
      } catch (caught) {
        const kind = classifyAuthError(caught, 'other');
        setError(
          kind === 'network' ? NETWORK_ERROR_TEXT : readableAuthMessage(caught, AUTH_TOASTS.signUpFailed.description),
        );
      }
    });

  const onForgotPassword = () => {
    setResetNotice(null);
    if (!email.trim()) {
      setError(AUTH_TEXT.emailRequiredForReset);
      return;
    }
    void run(async () => {
      try {
        await auth.resetPassword(email);
      } catch (caught) {
        const kind = classifyAuthError(caught, 'other');
        fail(passwordResetFailed(kind === 'network' ? NETWORK_ERROR_TEXT : readableAuthMessage(caught, '')));
        return;
      }
      setResetNotice(AUTH_TEXT.resetNotice);
      toast({ ...AUTH_TOASTS.resetSent, variant: 'success' });
      setPassword('');
      setStep('resetPassword');
    });
  };

  const onConfirmReset = () =>
    run(async () => {
      try {
        await auth.confirmResetPassword(email, code, newPassword);
      } catch (caught) {
        // Password policy errors from a reset read like sign-up's, so classify it the same way.
        const kind = classifyAuthError(caught, 'signUp');
        if (kind === 'codeMismatch') setError(CODE_ERROR_TEXT);
        else if (kind === 'weakPassword') setError(AUTH_TOASTS.weakPassword.description);
        else if (kind === 'network') setError(NETWORK_ERROR_TEXT);
        else setError(readableAuthMessage(caught, passwordResetFailed(null).description ?? ''));
        return;
      }
      setResetNotice(null);
      setPassword(newPassword);
      await signInWith(newPassword, AUTH_TOASTS.signInSuccess, AUTH_TOASTS.signInFailed);
    });

  const switchMode = (next: Mode) => {
    setMode(next);
    setStep('credentials');
    setError(null);
    setResetNotice(null);
    setCode('');
  };

  const backToCredentials = () => {
    setStep('credentials');
    setError(null);
    setResetNotice(null);
    setCode('');
    setNewPassword('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (step === 'confirmSignUp') void onConfirmSignUp();
    else if (step === 'resetPassword') void onConfirmReset();
    else if (mode === 'signIn') void onSignIn();
    else void onSignUp();
  };

  const title = mode === 'signIn' ? AUTH_TEXT.signInTitle : AUTH_TEXT.signUpTitle;
  const subtitle = searchParams.get('url')
    ? AUTH_TEXT.pendingGenerationSubtitle
    : mode === 'signIn'
      ? 'Sign in to your ThreadSnip account'
      : 'Sign up to start turning articles into threads';

  const submitDisabled =
    pending ||
    !email.trim() ||
    (step === 'credentials' && !password) ||
    (step === 'confirmSignUp' && !code.trim()) ||
    (step === 'resetPassword' && (!code.trim() || !newPassword));

  const submitLabel = pending
    ? 'Please wait…'
    : step === 'confirmSignUp'
      ? 'Confirm Account'
      : step === 'resetPassword'
        ? 'Reset Password'
        : mode === 'signIn'
          ? 'Sign In'
          : 'Create Account';

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        <p className="muted">{subtitle}</p>

        {step === 'credentials' ? (
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

        <form className="form" onSubmit={onSubmit} noValidate aria-busy={pending}>
          <div className="field">
            <label htmlFor={emailId}>Email</label>
            <input
              id={emailId}
              type="email"
              value={email}
              autoComplete="email"
              required
              readOnly={step !== 'credentials'}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>

          {step === 'credentials' ? (
            <PasswordField
              label="Password"
              value={password}
              onChange={setPassword}
              autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
            />
          ) : (
            <div className="field">
              <label htmlFor={codeId}>{step === 'confirmSignUp' ? 'Confirmation code' : 'Reset code'}</label>
              <input
                id={codeId}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                required
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
          )}
          {step === 'confirmSignUp' ? (
            <p className="muted small">
              We sent a confirmation code to {email.trim()}. Enter it to finish creating your account.
            </p>
          ) : null}
          {step === 'resetPassword' ? (
            <PasswordField
              label="New password"
              value={newPassword}
              onChange={setNewPassword}
              autoComplete="new-password"
            />
          ) : null}

          <button type="submit" className="button button--primary button--block" disabled={submitDisabled}>
            {submitLabel}
          </button>
        </form>

        <div className="auth-card__links">
          {step === 'credentials' && mode === 'signIn' ? (
            <button type="button" className="link-button" onClick={onForgotPassword} disabled={pending}>
              Forgot your password?
            </button>
          ) : null}
          {step === 'confirmSignUp' ? (
            <button type="button" className="link-button" onClick={() => void onResendCode()} disabled={pending}>
              Resend code
            </button>
          ) : null}
          {step !== 'credentials' ? (
            <button type="button" className="link-button" onClick={backToCredentials} disabled={pending}>
              Back to sign in
            </button>
          ) : null}
          {mode === 'signIn' ? (
            <p>
              Don't have an account?{' '}
              <button type="button" className="link-button" onClick={() => switchMode('signUp')}>
                Sign up
              </button>
            </p>
          ) : (
            <p>
              Already have an account?{' '}
              <button type="button" className="link-button" onClick={() => switchMode('signIn')}>
                Sign in
              </button>
            </p>
          )}
        </div>
      </section>
      {mode === 'signUp' && step === 'credentials' ? <WhyAccountPanel /> : null}
    </div>
  );
}
