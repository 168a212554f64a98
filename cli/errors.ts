/**
 * The command line's own errors, apart from the commands so the launcher's failure report needs no
 * command module (`--help` and `--version` load nothing else).
 */

/** A mistake in the command line itself (exit code 2). */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

/** A request the API refused (status and code), or one that never got an answer (status 0). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
