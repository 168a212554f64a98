import { type FormEvent, useReducer } from 'react';
import { passwordResetFailed } from '#shared/messages/auth';
import type { ToastText } from '#shared/messages/toast-text';
import { useToast } from '#web/components/ui/use-toast';
import { useAuth } from '#web/lib/auth-context';
import { classifyAuthError, readableAuthMessage } from '#web/lib/auth-errors';
import { type AuthField, type AuthMode, authFormReducer, initialAuthForm } from '../lib/auth-form';
import { AUTH_TEXT, AUTH_TOASTS, CODE_ERROR_TEXT, NETWORK_ERROR_TEXT } from '../lib/auth-messages';
import { useAuthRedirect } from './use-auth-redirect';

/** What a step of /auth reads and calls: the form's state and the requests behind its buttons. */
export type AuthForm = ReturnType<typeof useAuthForm>;

/**
 * The /auth page's form: its state (`authFormReducer`) and the requests to the auth service,
 * each reporting its outcome as a notice, a toast, the next step or the redirect after sign-in.
 */
export function useAuthForm() {
  const auth = useAuth();
  const { toast } = useToast();
  const { beginSignIn, abortSignIn, completeSignIn } = useAuthRedirect();
  const [state, send] = useReducer(authFormReducer, initialAuthForm);
  const { email, password, code, newPassword } = state;

  const fail = (text: ToastText) => {
    send({ type: 'failed', message: text.description ?? text.title });
    toast({ ...text, variant: 'destructive' });
  };

  /** Runs one request with the pending flag and the error cleared. */
  const run = async (work: () => Promise<void>) => {
    send({ type: 'requestStarted' });
    try {
      await work();
    } finally {
      send({ type: 'requestEnded' });
    }
  };

  /** Signs in; returns false (having reported why) when it did not work. */
  const signInWith = async (secret: string, success: ToastText, failure: ToastText): Promise<boolean> => {
    beginSignIn();
    try {
      const outcome = await auth.signIn(email, secret);
      if (outcome === 'confirmSignUp') {
        abortSignIn();
        send({ type: 'confirmationNeeded' });
        return true;
      }
      toast({ ...success, variant: 'success' });
      completeSignIn();
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

  const signIn = () =>
    run(async () => void (await signInWith(password, AUTH_TOASTS.signInSuccess, AUTH_TOASTS.signInFailed)));

  const signUp = () =>
    run(async () => {
      try {
        const outcome = await auth.signUp(email, password);
        if (outcome === 'confirmSignUp') {
          toast({ ...AUTH_TOASTS.signUpNeedsConfirmation, variant: 'success' });
          send({ type: 'confirmationNeeded' });
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

  const confirmSignUp = () =>
    run(async () => {
      try {
        await auth.confirmSignUp(email, code);
      } catch (caught) {
        const kind = classifyAuthError(caught, 'other');
        let message = readableAuthMessage(caught, AUTH_TOASTS.signUpFailed.description);
        if (kind === 'codeMismatch') message = CODE_ERROR_TEXT;
        else if (kind === 'network') message = NETWORK_ERROR_TEXT;
        send({ type: 'failed', message });
        return;
      }
      if (await signInWith(password, AUTH_TOASTS.signInSuccess, AUTH_TOASTS.signInFailed))
        send({ type: 'codeAccepted' });
    });

  const resendCode = () =>
    run(async () => {
      try {
        await auth.resendSignUpCode(email);
        toast({ title: 'Code sent', description: `A new code was sent to ${email.trim()}.`, variant: 'info' });
      } catch (caught) {
        const kind = classifyAuthError(caught, 'other');
        send({
          type: 'failed',
          message:
            kind === 'network' ? NETWORK_ERROR_TEXT : readableAuthMessage(caught, AUTH_TOASTS.signUpFailed.description),
        });
      }
    });

  const forgotPassword = () => {
    send({ type: 'resetAsked' });
    if (!email.trim()) {
      send({ type: 'failed', message: AUTH_TEXT.emailRequiredForReset });
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
      send({ type: 'resetCodeSent', notice: AUTH_TEXT.resetNotice });
      toast({ ...AUTH_TOASTS.resetSent, variant: 'success' });
    });
  };

  const confirmReset = () =>
    run(async () => {
      try {
        await auth.confirmResetPassword(email, code, newPassword);
      } catch (caught) {
        // Password policy errors from a reset read like sign-up's, so classify it the same way.
        const kind = classifyAuthError(caught, 'signUp');
        let message = readableAuthMessage(caught, passwordResetFailed(null).description ?? '');
        if (kind === 'codeMismatch') message = CODE_ERROR_TEXT;
        else if (kind === 'weakPassword') message = AUTH_TOASTS.weakPassword.description;
        else if (kind === 'network') message = NETWORK_ERROR_TEXT;
        send({ type: 'failed', message });
        return;
      }
      send({ type: 'passwordReset' });
      await signInWith(newPassword, AUTH_TOASTS.signInSuccess, AUTH_TOASTS.signInFailed);
    });

  /** The form's submit: a click while a request runs does nothing. */
  const submitWith = (request: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!state.pending) void request();
  };

  return {
    state,
    edit: (field: AuthField) => (value: string) => send({ type: 'edited', field, value }),
    switchMode: (mode: AuthMode) => send({ type: 'modeSwitched', mode }),
    backToCredentials: () => send({ type: 'backToCredentials' }),
    submitWith,
    signIn,
    signUp,
    confirmSignUp,
    resendCode,
    forgotPassword,
    confirmReset,
  };
}
