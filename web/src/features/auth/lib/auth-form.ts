export type AuthMode = 'signIn' | 'signUp';
/** credentials: email + password; confirmSignUp: the e-mailed sign-up code; resetPassword: code + new password. */
export type AuthStep = 'credentials' | 'confirmSignUp' | 'resetPassword';
export type AuthField = 'email' | 'password' | 'code' | 'newPassword';

/** Everything the /auth page shows, as one value the transitions below produce. */
export interface AuthFormState {
  mode: AuthMode;
  step: AuthStep;
  email: string;
  password: string;
  code: string;
  newPassword: string;
  /** A request to the auth service is under way: submit and the links wait. */
  pending: boolean;
  /** The red notice; cleared when a request starts or the user goes elsewhere. */
  error: string | null;
  /** The green notice after a reset code was sent. */
  resetNotice: string | null;
}

export type AuthFormEvent =
  | { type: 'edited'; field: AuthField; value: string }
  | { type: 'requestStarted' }
  | { type: 'requestEnded' }
  | { type: 'failed'; message: string }
  | { type: 'confirmationNeeded' }
  | { type: 'codeAccepted' }
  | { type: 'resetAsked' }
  | { type: 'resetCodeSent'; notice: string }
  | { type: 'passwordReset' }
  | { type: 'modeSwitched'; mode: AuthMode }
  | { type: 'backToCredentials' };

export const initialAuthForm: AuthFormState = {
  mode: 'signIn',
  step: 'credentials',
  email: '',
  password: '',
  code: '',
  newPassword: '',
  pending: false,
  error: null,
  resetNotice: null,
};

/** The /auth page's pure transitions: sign in, sign up with its confirmation code, password reset. */
export function authFormReducer(state: AuthFormState, event: AuthFormEvent): AuthFormState {
  switch (event.type) {
    case 'edited':
      return { ...state, [event.field]: event.value };
    case 'requestStarted':
      return { ...state, pending: true, error: null };
    case 'requestEnded':
      return { ...state, pending: false };
    case 'failed':
      return { ...state, error: event.message };
    case 'confirmationNeeded':
      return { ...state, step: 'confirmSignUp' };
    case 'codeAccepted':
      return { ...state, code: '' };
    case 'resetAsked':
      return { ...state, resetNotice: null };
    case 'resetCodeSent':
      // The old password is of no use any more; the reset step asks for a new one.
      return { ...state, step: 'resetPassword', resetNotice: event.notice, password: '' };
    case 'passwordReset':
      return { ...state, resetNotice: null, password: state.newPassword };
    case 'modeSwitched':
      return { ...state, mode: event.mode, step: 'credentials', error: null, resetNotice: null, code: '' };
    case 'backToCredentials':
      return { ...state, step: 'credentials', error: null, resetNotice: null, code: '', newPassword: '' };
  }
}

/** Whether the current step has what its request needs (and none is under way). */
export function canSubmit(state: AuthFormState): boolean {
  if (state.pending || !state.email.trim()) return false;
  switch (state.step) {
    case 'credentials':
      return Boolean(state.password);
    case 'confirmSignUp':
      return Boolean(state.code.trim());
    case 'resetPassword':
      return Boolean(state.code.trim() && state.newPassword);
  }
}
