import type { RuntimeConfig } from '../config/runtime-config';

/** The Amplify-backed auth module together with the config it was set up with. */
export interface LoadedAuth {
  config: RuntimeConfig;
  auth: typeof import('./auth');
}

let pending: Promise<LoadedAuth> | undefined;

/**
 * Loads the runtime config and the auth module (a separate chunk holding aws-amplify) and
 * configures Amplify, once. Nothing on a public page's first paint waits for it.
 */
export function loadAuth(): Promise<LoadedAuth> {
  // The config's validator (zod) comes with it: nothing on a visitor's first load needs either.
  pending ??= Promise.all([
    import('../config/runtime-config').then((config) => config.loadRuntimeConfig()),
    import('./auth'),
  ])
    .then(([config, auth]) => {
      auth.configureAuth(config);
      return { config, auth };
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

/** Whether this browser may hold a Cognito session (stored tokens, or an OAuth code coming back). */
export function mayHaveSession(): boolean {
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      if (window.localStorage.key(index)?.startsWith('CognitoIdentityServiceProvider.')) return true;
    }
  } catch {
    // Storage can be blocked (privacy settings); then only Amplify can tell.
    return true;
  }
  const search = new URLSearchParams(window.location.search);
  return search.has('code') && search.has('state');
}
