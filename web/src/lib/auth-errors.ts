/** The kinds of auth failure the UI tells apart; each maps to one of the spec's messages. */
export type AuthErrorKind =
  | 'invalidCredentials'
  | 'userExists'
  | 'weakPassword'
  | 'codeMismatch'
  | 'network'
  | 'alreadySignedIn'
  | 'other';

const INVALID_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException']);
const CODE_ERRORS = new Set(['CodeMismatchException', 'ExpiredCodeException']);

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/**
 * Classifies an auth error. `InvalidPasswordException` means a wrong password to cognito-local
 * but a weak password to Cognito's sign-up, so the operation decides which it is.
 */
export function classifyAuthError(error: unknown, operation: 'signIn' | 'signUp' | 'other'): AuthErrorKind {
  const name = errorName(error);
  const message = errorMessage(error);
  if (name === 'NetworkError' || (error instanceof TypeError && /fetch|network/i.test(message))) return 'network';
  if (name === 'UserAlreadyAuthenticatedException') return 'alreadySignedIn';
  if (name === 'UsernameExistsException' || /already (registered|in use|exists)/i.test(message)) return 'userExists';
  if (CODE_ERRORS.has(name)) return 'codeMismatch';
  if (name === 'InvalidPasswordException') return operation === 'signUp' ? 'weakPassword' : 'invalidCredentials';
  if (operation === 'signUp' && name === 'InvalidParameterException' && /password/i.test(message)) {
    return 'weakPassword';
  }
  if (INVALID_CREDENTIALS.has(name)) return 'invalidCredentials';
  return 'other';
}

/** The server's own message when it is a readable sentence, else the fallback (never a stack or a raw object). */
export function readableAuthMessage(error: unknown, fallback: string): string {
  const message = errorMessage(error).trim();
  if (!message || message.length > 200 || /^[A-Z][A-Za-z]+Exception$/.test(message)) return fallback;
  return message;
}
