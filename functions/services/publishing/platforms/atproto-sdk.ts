/**
 * @atproto/api, loaded on first use: it is over a megabyte of lexicons that every function importing
 * the adapters (connections, publishing) would otherwise evaluate at cold start, Bluesky or not.
 */
let sdk: Promise<typeof import('@atproto/api')> | undefined;

export function atproto(): Promise<typeof import('@atproto/api')> {
  sdk ??= import('@atproto/api');
  return sdk;
}
