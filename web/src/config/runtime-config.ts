// zod/mini keeps the validator small: this module is part of every page's first load.
import { z } from 'zod/mini';

/** The deploy-time settings the server writes to /config.json (web contract). */
export const runtimeConfigSchema = z.object({
  mode: z.enum(['local', 'cloud']),
  apiBaseUrl: z.string().check(z.minLength(1)),
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  authEndpoint: z.optional(z.url()),
  googleSignIn: z.optional(z.object({ cognitoDomain: z.string().check(z.minLength(1)) })),
  /** The site's public origin, which the bookmarklet opens (absent in older configs: the page's own origin). */
  siteUrl: z.optional(z.url()),
  /** Local mode only: the list of sample articles offered as one-click examples on /create. */
  samplesUrl: z.optional(z.string().check(z.minLength(1))),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Validates a parsed config.json, failing with a message that names every bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid /config.json: ${fields.join('; ')}`);
  }
  if (result.data.mode === 'local' && !result.data.authEndpoint) {
    throw new Error('Invalid /config.json: authEndpoint is required in local mode');
  }
  return result.data;
}

let pending: Promise<RuntimeConfig> | undefined;

/** Fetches and validates /config.json once; every caller shares the same promise. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
      return parseRuntimeConfig(await response.json());
    })
    .catch((error: unknown) => {
      // Let a later caller try again instead of caching a transient failure forever.
      pending = undefined;
      throw error;
    });
  return pending;
}
