import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '#local/ports';
import type { Platform } from '#shared/schemas/thread';
import { startRedditServer } from '../../fakes/reddit-server';
import { cookiePair, flowCookie } from '../../helpers/oauth-consent';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { firstPost, makeThread, settle } from '../../helpers/publishing-threads';
import { callRedirectRoute, callRoute } from '../../helpers/route-call';

// Every platform API is a port where nothing listens. X, Discord, Facebook, Threads and LinkedIn take the OAuth code
// at their API host, so connecting them fails at the code exchange (oauth-flow.ts); Reddit takes it
// at its www host, a live fake here, so connecting fails at the API's first call after it.
const reddit = await startRedditServer({
  clientId: 'reddit-app-1',
  clientSecret: 'reddit-secret-1',
  redirectUri: 'http://localhost:3000/api/connections/reddit/callback',
  username: 'curator',
  subreddits: [],
});
// Chosen once the Reddit fake is listening, so the port just freed cannot be the one that fake takes.
const deadHost = `127.0.0.1:${await freePort()}`;
Object.assign(process.env, {
  TWITTER_API_URL: `http://${deadHost}`,
  TWITTER_CLIENT_ID: 'x-client',
  TWITTER_CLIENT_SECRET: 'x-secret',
  REDDIT_API_URL: `http://${deadHost}`,
  REDDIT_AUTH_URL: reddit.authUrl,
  REDDIT_CLIENT_ID: 'reddit-app-1',
  REDDIT_CLIENT_SECRET: 'reddit-secret-1',
  DISCORD_API_URL: `http://${deadHost}/api/v10`,
  DISCORD_CLIENT_ID: '1100000000000000001',
  DISCORD_CLIENT_SECRET: 'discord-secret',
  DISCORD_BOT_TOKEN: 'MTEw.bot-token.secret',
  FACEBOOK_GRAPH_URL: `http://${deadHost}/v21.0`,
  FACEBOOK_APP_ID: 'fb-app',
  FACEBOOK_APP_SECRET: 'fb-secret',
  THREADS_API_URL: `http://${deadHost}/v1.0`,
  THREADS_APP_ID: 'threads-app',
  THREADS_APP_SECRET: 'threads-secret',
  LINKEDIN_API_URL: `http://${deadHost}`,
  LINKEDIN_TOKEN_URL: `http://${deadHost}/oauth/v2/accessToken`,
  LINKEDIN_CLIENT_ID: 'li-client',
  LINKEDIN_CLIENT_SECRET: 'li-secret',
  OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
});
const pipeline = await startPublishingPipeline();
const { putThread } = await import('#functions/data/thread-repository');
const { listConnections, storeConnection } = await import('#functions/services/connections/connections');
const { issueOAuthState } = await import('#functions/services/connections/oauth-state');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { adapterFor } = await import('#functions/services/platforms/adapters');
const { PlatformUnavailableError, PlatformUnreachableError } = await import(
  '#functions/services/platforms/platform-adapter'
);
const { handler: authorizeRoute } = await import('#functions/http/connections/post-oauth-authorization');
const { handler: callbackRoute } = await import('#functions/http/connections/get-oauth-callback');

afterAll(async () => {
  await pipeline.stop();
  await reddit.close();
});

/** Each platform's name in its messages, and a connection with its post target chosen. */
const PLATFORMS: { platform: Platform; name: string; connectionData: Record<string, unknown> }[] = [
  { platform: 'twitter', name: 'Twitter/X', connectionData: { userId: '42', username: 'curator' } },
  {
    platform: 'reddit',
    name: 'Reddit',
    connectionData: {
      subreddits: [
        {
          name: 'CuratedReads',
          title: 'Curated Reads',
          subscribers: 10,
          userIsModerator: true,
          userIsContributor: true,
        },
      ],
      selectedSubreddit: 'CuratedReads',
    },
  },
  {
    platform: 'discord',
    name: 'Discord',
    connectionData: {
      channels: [{ guild: { id: '301', name: 'Reading Club' }, channels: [{ id: '3011', name: 'general' }] }],
      selectedChannelId: '3011',
    },
  },
  {
    platform: 'facebook',
    name: 'Facebook',
    connectionData: { pages: [{ id: '501', name: 'Harbour Page' }], selectedPageId: '501', pageName: 'Harbour Page' },
  },
  { platform: 'threads', name: 'Threads', connectionData: { userId: '17841400000000001', username: 'curator' } },
  { platform: 'linkedin', name: 'LinkedIn', connectionData: { personUrn: 'urn:li:person:yrZCpj2Z12' } },
];

const unreachable = (name: string) => `${name} could not be reached: nothing is listening at ${deadHost}`;

/**
 * The code the consent screen sends back, and the flow cookie of the browser that started it:
 * Reddit's fake consents; the others' screens are not needed.
 */
async function callbackQuery(
  userId: string,
  platform: Platform,
): Promise<{ query: Record<string, string>; cookies: string[] }> {
  if (platform !== 'reddit') {
    const { state, browserKey } = await issueOAuthState(userId, platform, new Date());
    return { query: { state, code: 'code-from-consent' }, cookies: [flowCookie(platform, browserKey)] };
  }
  const start = await callRoute(
    authorizeRoute,
    { userId },
    { params: { platform }, body: { returnPath: '/account-settings' } },
    { method: 'POST' },
  );
  expect(start.status).toBe(200);
  const consent = await fetch(start.body.url, { redirect: 'manual' });
  return {
    query: Object.fromEntries(new URL(consent.headers.get('location') ?? '').searchParams),
    cookies: (start.cookies ?? []).map(cookiePair),
  };
}

describe.each(PLATFORMS)('$name where nothing listens', ({ platform, name, connectionData }) => {
  it('connecting says it could not be reached and where, never refused, and stores nothing', async () => {
    const userId = `user-${randomUUID()}`;

    const answer = await callRedirectRoute(
      callbackRoute,
      { userId },
      { params: { platform }, ...(await callbackQuery(userId, platform)) },
    );

    expect(answer.status).toBe(302);
    const back = new URL(answer.location ?? '');
    expect(back.searchParams.get(`${platform}_oauth_error`)).toBe('true');
    expect(back.searchParams.get('message')).toBe(unreachable(name));
    expect((await listConnections(userId)).connections).toEqual([]);
  });

  it('a post fails as unreachable, a failure a retry may fix, and the row says why', async () => {
    const userId = `user-${randomUUID()}`;
    const live = {
      platformUsername: 'curator',
      credentials: { accessToken: `${platform}-access`, refreshToken: `${platform}-refresh`, expiresAt: null },
      connectionData,
    };
    await storeConnection(userId, platform, live, new Date());

    const failure = await adapterFor(platform)
      .publishPost(live, firstPost('The harbour at dawn.'))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlatformUnreachableError);
    expect(failure).toBeInstanceOf(PlatformUnavailableError);
    expect((failure as Error).message).toBe(unreachable(name));

    const thread = makeThread(userId, ['The harbour at dawn.']);
    await putThread(thread);
    await requestPublish(userId, thread.id, { platforms: [platform] }, new Date());
    expect(await settle(userId, thread.id)).toMatchObject({ status: 'failed', error: unreachable(name) });
  });
});
