import { afterEach, describe, expect, it, vi } from 'vitest';

/** Connect is offered only when the operator configured Discord's app and its bot. */

const BASE_ENV = { STAGE: 'local', TABLE_NAME: 'unused', APP_PUBLIC_URL: 'http://localhost:3000' };

async function reasonWith(env: Record<string, string>): Promise<string | null> {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...BASE_ENV, ...env })) vi.stubEnv(name, value);
  const { discordAdapter } = await import('#functions/services/platforms/discord');
  return discordAdapter.oauth!.unavailableReason();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('whether Discord can be connected here', () => {
  it('says why not when the app or its bot token is missing, and offers it when both are set', async () => {
    expect(await reasonWith({ DISCORD_CLIENT_ID: '', DISCORD_BOT_TOKEN: 'bot' })).toBe(
      'Discord is not configured on this server (no app credentials).',
    );
    expect(await reasonWith({ DISCORD_CLIENT_ID: 'app', DISCORD_CLIENT_SECRET: 'secret', DISCORD_BOT_TOKEN: '' })).toBe(
      'Discord is not configured on this server (no bot token).',
    );
    expect(
      await reasonWith({ DISCORD_CLIENT_ID: 'app', DISCORD_CLIENT_SECRET: 'secret', DISCORD_BOT_TOKEN: 'bot' }),
    ).toBeNull();
  });
});
