/** Telling, from a failed request's error, what happened on the network when nothing answered. */

interface ErrorWithCode {
  code?: string;
  name?: string;
  cause?: unknown;
}

/** The error and the errors it wraps (fetch failed → cause → cause…), outermost first. */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 6; current = (current as ErrorWithCode).cause) {
    chain.push(current);
  }
  return chain;
}

/** The first error of `type` in the chain, or undefined. */
export function findCause<T>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  return causeChain(error).find((cause): cause is T => cause instanceof type);
}

const codesOf = (error: unknown) =>
  causeChain(error)
    .flatMap((cause) => [(cause as ErrorWithCode).code, (cause as ErrorWithCode).name])
    .filter(Boolean);

/**
 * Why nothing answered at `host`, as a phrase ('nothing is listening at host'): a name that does
 * not resolve, no server on the port, no answer in time, no secure connection, a dropped one.
 */
export function unreachableReason(error: unknown, host: string): string {
  const codes = codesOf(error) as string[];
  if (codes.some((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA')) {
    return `no server named ${host} was found`;
  }
  if (codes.includes('ECONNREFUSED')) return `nothing is listening at ${host}`;
  if (codes.some((code) => ['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'TimeoutError', 'AbortError'].includes(code))) {
    return `${host} did not answer in time`;
  }
  if (codes.some((code) => code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO')) {
    return `no secure connection could be opened to ${host}`;
  }
  if (codes.some((code) => code === 'ECONNRESET' || code === 'EPIPE')) return `${host} closed the connection`;
  return `nothing answered at ${host}`;
}
