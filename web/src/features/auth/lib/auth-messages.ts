import { authMessages } from '#shared/messages/auth';

/** The /auth page's texts; the spec's own words come from the shared catalogue. */
export const AUTH_TEXT = {
  signInTitle: 'Welcome Back',
  signUpTitle: 'Create Account',
  pendingGenerationSubtitle: authMessages.continueGenerating,
  resetNotice: authMessages.resetNotice,
  emailRequiredForReset: authMessages.resetEmailRequired,
  googleUnavailable: authMessages.googleUnavailable,
  googleBlocked: authMessages.googleBlocked,
} as const;

/** Toasts of the auth flows. */
export const AUTH_TOASTS = {
  signInSuccess: authMessages.signInSuccess,
  signInFailed: authMessages.signInFailed,
  signUpNeedsConfirmation: authMessages.signUpSuccess,
  // Locally (and with auto-confirming pools) the new account is signed in at once: nothing to verify.
  signUpSignedIn: { title: authMessages.signUpSuccess.title, description: authMessages.signInSuccess.description },
  existingAccountSignedIn: authMessages.existingAccountSignedIn,
  existingAccountFailed: authMessages.existingAccountSignInFailed,
  signUpFailed: authMessages.signUpFailed,
  weakPassword: authMessages.weakPassword,
  signedOut: authMessages.signedOut,
  resetSent: authMessages.resetEmailSent,
  googleFailed: authMessages.googleSignInUnexpected,
} as const;

/** Shown instead of any raw error when the auth service cannot be reached. */
export const NETWORK_ERROR_TEXT = 'Unable to reach the sign-in service. Please check your connection and try again.';
/** Shown when a confirmation or reset code is wrong or expired. */
export const CODE_ERROR_TEXT = 'Invalid or expired code. Please check the code and try again.';
