import * as z from 'zod';
import { secretJson } from '../../lib/aws/secrets';
import { config } from '../../lib/config';

/** Platforms whose app credentials the operator configures (Mastodon registers its apps itself). */
export type ConfiguredPlatform = 'twitter' | 'reddit' | 'discord' | 'facebook' | 'threads' | 'linkedin';

/** An app registered with a platform: the OAuth client, plus Discord's bot token. */
export interface PlatformClient {
  clientId: string;
  clientSecret: string | null;
  botToken?: string;
}

const clientSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).nullable().default(null),
  botToken: z.string().min(1).optional(),
});
const secretSchema = z.record(z.string(), z.unknown());

async function loadClients(): Promise<Partial<Record<ConfiguredPlatform, PlatformClient>>> {
  const settings = config().platformClients;
  if (!settings.secretArn) return settings.fromEnvironment;
  const parsed = secretSchema.safeParse(await secretJson(settings.secretArn));
  if (!parsed.success) throw new Error('The platform clients secret is not a JSON object');
  const loaded: Partial<Record<ConfiguredPlatform, PlatformClient>> = {};
  for (const platform of ['twitter', 'reddit', 'discord', 'facebook', 'threads', 'linkedin'] as const) {
    // An entry that does not parse counts as not configured: that platform shows as unavailable.
    const entry = clientSchema.safeParse(parsed.data[platform]);
    if (entry.success) loaded[platform] = entry.data;
  }
  return loaded;
}

/**
 * The platform's app credentials, or null when the operator has not configured them (the platform
 * is then shown as not available for connection). Environment variables locally; in the cloud the
 * JSON secret named by PLATFORM_CLIENTS_SECRET_ARN, read at run time (lib/aws/secrets.ts: cached for
 * minutes, a failed read not cached, so an app the operator adds is seen without a redeploy).
 */
export async function platformClient(platform: ConfiguredPlatform): Promise<PlatformClient | null> {
  return (await loadClients())[platform] ?? null;
}

/** Why a platform cannot be connected here: the operator gave it no app. */
export function notConfiguredReason(displayName: string): string {
  return `${displayName} is not configured on this server (no app credentials).`;
}

/** The reason shown on a platform's card when its app is not configured. */
export async function missingClientReason(platform: ConfiguredPlatform, displayName: string): Promise<string | null> {
  return (await platformClient(platform)) ? null : notConfiguredReason(displayName);
}
