import type { ToastText } from './toast-text';

// Sign-in, sign-up and password texts, word for word as the spec has them (tests/fixtures/spec.md).

const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';

/** Sign in, sign up, sign out, password reset and identity-provider texts. */
export const authMessages = {
  signInSuccess: { title: 'Welcome back!', description: "You've successfully signed in." },
  signInFailed: { title: 'Sign in failed', description: INVALID_CREDENTIALS },
  signUpSuccess: { title: 'Account created!', description: 'Please check your email to verify your account.' },
  existingAccountSignedIn: { title: 'Welcome back!', description: "You've been signed in successfully." },
  existingAccountSignInFailed: { title: 'Invalid credentials', description: INVALID_CREDENTIALS },
  signUpFailed: {
    title: 'Sign up failed',
    description: 'Unable to create account. Please check your credentials and try again.',
  },
  weakPassword: {
    title: 'Sign up failed',
    description: 'Password requirements not met. Please ensure your password is at least 6 characters long.',
  },
  signedOut: { title: 'Signed out', description: "You've been successfully signed out." },
  resetEmailSent: {
    title: 'Password reset email sent',
    description: 'Please check your email for the password reset link.',
  },
  resetNotice: 'Password reset email sent! Check your inbox for instructions.',
  resetEmailRequired: 'Please enter your email address first',
  googleSignInSuccess: { title: 'Welcome!', description: 'Successfully signed in with Google' },
  googleSignInFailed: { title: 'Sign in failed', description: 'Failed to sign in with Google' },
  googleSignInUnexpected: { title: 'Sign in failed', description: 'An unexpected error occurred' },
  googleBlocked: 'Google Sign-In blocked. Please disable ad blockers or allow cookies.',
  googleUnavailable: 'Google Sign-In unavailable',
  continueGenerating: 'Sign in to continue generating your thread',
} as const satisfies Record<string, ToastText | string>;

/** 'Password reset failed' with the server's message, or the generic one when there is none. */
export function passwordResetFailed(serverMessage?: string | null): ToastText {
  return {
    title: 'Password reset failed',
    description: serverMessage?.trim() || 'An error occurred while sending the reset email',
  };
}
