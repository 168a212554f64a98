/** A reason `npm start` cannot go on that the user can fix; printed as one line, without a stack trace. */
export class LocalStartError extends Error {
  override name = 'LocalStartError';
}
