import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeSubreddit, type SubmitFault, startRedditServer } from '../../fakes/reddit-server';
import { connectionKeyOf } from '../../helpers/connections';
import { browserCookiesFor, rememberBrowserCookie } from '../../helpers/oauth-consent';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, ATTRIBUTION, firstPost, makeThread, settle, THREAD_TITLE } from '../../helpers/publishing-threads';
import { callRedirectRoute, callRoute } from '../../helpers/route-call';

const CLIENT = { clientId: 'reddit-app-1', clientSecret: 'reddit-secret-1' };
const REDIRECT_URI = 'http://localhost:3000/api/connections/reddit/callback';
const SUBREDDITS: FakeSubreddit[] = [
  { name: 'CuratedReads', title: 'Curated Reads & Notes', subscribers: 12_400, role: 'moderator' },
  { name: 'HarbourNews', title: 'Harbour News', subscribers: 2_300_000, role: 'contributor' },
  { name: 'boats', title: 'Boats', subscribers: 540, role: 'both' },
  { name: 'fishing', title: 'Fishing', subscribers: 88_000, role: 'moderator' },
  { name: 'AskHarbour', title: 'Ask the harbour', subscribers: 10, role: 'subscriber' },
];

const pipeline = await startPublishingPipeline();
const reddit = await startRedditServer({
  ...CLIENT,
  redirectUri: REDIRECT_URI,
  username: 'curator',
  subreddits: SUBREDDITS,
  // Two per page: both lists need `after` to be read whole.
  pageSize: 2,
});
Object.assign(process.env, {
  REDDIT_API_URL: reddit.apiUrl,
  REDDIT_AUTH_URL: reddit.authUrl,
  REDDIT_CLIENT_ID: CLIENT.clientId,
  REDDIT_CLIENT_SECRET: CLIENT.clientSecret,
  OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
});
const { db, tableName } = await import('#functions/data/client');
const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const { getConnection, putConnection } = await import('#functions/data/connection-repository');
const { listConnections, loadLiveConnection } = await import('#functions/services/connections/connections');
const { requestPublish, getPublishStatus } = await import('#functions/services/publishing/publish-thread');
const { redditAdapter } = await import('#functions/services/platforms/reddit');
const putTarget = (await import('#functions/http/connections/put-connection-target')).handler;
const { issueOAuthState } = await import('#functions/services/connections/oauth-state');
const { handler: authorizeRoute } = await import('#functions/http/connections/post-oauth-authorization');
const { handler: callbackRoute } = await import('#functions/http/connections/get-oauth-callback');

afterAll(async () => {
  await reddit.close();
  await pipeline.stop();
});

const USER_AGENT = `web:${CLIENT.clientId}:0.1.0 (by /u/threadsnip)`;

/** POST authorize as the signed-in user, follow the consent redirect, and answer it at the callback route. */
async function runConsent(userId: string, returnPath = '/thread/abc') {
  const start = await callRoute(
    authorizeRoute,
    { userId },
    { params: { platform: 'reddit' }, body: { returnPath } },
    { method: 'POST' },
  );
  expect(start.status).toBe(200);
  rememberBrowserCookie(start.body.url, start.cookies);
  const consent = await fetch(start.body.url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  return { authorizeUrl: new URL(start.body.url), query: Object.fromEntries(back.searchParams) };
}

async function callback(userId: string, query: Record<string, string>) {
  const answer = await callRedirectRoute(
    callbackRoute,
    { userId },
    { params: { platform: 'reddit' }, query, cookies: browserCookiesFor(query.state) },
  );
  expect(answer.status).toBe(302);
  return new URL(answer.location!);
}

async function connectedUser(subreddit: string | null = 'CuratedReads'): Promise<string> {
  const userId = `user-${randomUUID()}`;
  const { query } = await runConsent(userId);
  const landing = await callback(userId, query);
  expect(landing.searchParams.get('reddit_connected')).toBe('true');
  if (subreddit) await chooseSubreddit(userId, subreddit);
  return userId;
}

/** The subreddit selector's route records the choice (PUT /api/connections/reddit/target). */
async function chooseSubreddit(userId: string, subreddit: string) {
  const answer = await callRoute(
    putTarget,
    { userId },
    { params: { platform: 'reddit' }, body: { targetId: subreddit } },
    { method: 'PUT' },
  );
  expect(answer.status).toBe(200);
}

/** The stored access token's expiry passes (an hour after the connection, as Reddit's do). */
async function expireStoredToken(userId: string) {
  const record = (await getConnection(userId, 'reddit'))!;
  await putConnection({ ...record, tokenExpiresAt: new Date(Date.now() - 60_000).toISOString() });
  return record;
}

async function storedConnection(userId: string) {
  return (await db.send(new GetCommand({ TableName: tableName(), Key: await connectionKeyOf(userId, 'reddit') }))).Item;
}

async function publishedThread(userId: string, bodyPosts: string[]) {
  const thread = makeThread(userId, bodyPosts);
  await putThread(thread);
  return thread;
}

describe('connecting Reddit', () => {
  it('sends the user to the consent screen with a permanent grant and the four scopes, no PKCE', async () => {
    const { authorizeUrl } = await runConsent(`user-${randomUUID()}`);

    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${reddit.authUrl}/api/v1/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'identity submit mysubreddits read',
      state: expect.any(String),
      duration: 'permanent',
    });
  });

  it('returns to the app connected, with the username and only the subreddits the user moderates or contributes to', async () => {
    const userId = `user-${randomUUID()}`;
    const { query } = await runConsent(userId);

    const landing = await callback(userId, query);

    expect(landing.pathname).toBe('/thread/abc');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ reddit_connected: 'true', username: 'u/curator' });
    const { connections } = await listConnections(userId);
    expect(connections).toEqual([
      expect.objectContaining({
        platform: 'reddit',
        isConnected: true,
        platformUsername: 'u/curator',
        connectionData: {
          subreddits: [
            { name: 'boats', title: 'Boats', subscribers: 540, userIsModerator: true, userIsContributor: true },
            {
              name: 'CuratedReads',
              title: 'Curated Reads & Notes',
              subscribers: 12_400,
              userIsModerator: true,
              userIsContributor: false,
            },
            { name: 'fishing', title: 'Fishing', subscribers: 88_000, userIsModerator: true, userIsContributor: false },
            {
              name: 'HarbourNews',
              title: 'Harbour News',
              subscribers: 2_300_000,
              userIsModerator: false,
              userIsContributor: true,
            },
          ],
        },
      }),
    ]);
    const raw = await storedConnection(userId);
    expect(String(raw?.accessToken)).toMatch(/^v1\./);
    expect(String(raw?.refreshToken)).toMatch(/^v1\./);
    const live = (await loadLiveConnection(userId, 'reddit', new Date()))!;
    expect(JSON.stringify(raw)).not.toContain(live.credentials.accessToken);
    expect(JSON.stringify(raw)).not.toContain(live.credentials.refreshToken!);
    expect(await redditAdapter.listTargets(live)).toContainEqual({ id: 'HarbourNews', name: 'r/HarbourNews' });
    // Every call (token and API) carried Reddit's User-Agent form, naming the app by its client id.
    expect([...reddit.stats.userAgents]).toEqual([USER_AGENT]);
  });

  it('refuses a reused state, another platform’s state, and a declined consent, storing nothing', async () => {
    const userId = `user-${randomUUID()}`;
    const { query } = await runConsent(userId);
    await callback(userId, query);
    const stored = await storedConnection(userId);
    const exchanges = reddit.stats.tokenCalls;

    const replayed = await callback(userId, query);
    const foreign = await callback(userId, {
      ...query,
      state: (await issueOAuthState(userId, 'discord', new Date())).state,
    });
    const stranger = `user-${randomUUID()}`;
    reddit.denyNextConsent();
    const declined = await callback(stranger, (await runConsent(stranger)).query);

    for (const landing of [replayed, foreign, declined]) {
      expect(landing.searchParams.get('reddit_oauth_error')).toBe('true');
      expect(landing.searchParams.get('reddit_connected')).toBeNull();
    }
    expect(declined.searchParams.get('message')).toBe('You cancelled the connection on Reddit. Nothing was connected.');
    expect(reddit.stats.tokenCalls).toBe(exchanges);
    expect(await storedConnection(userId)).toEqual(stored);
    expect((await listConnections(stranger)).connections).toEqual([]);
  });

  it('records a subreddit from the list as the choice, and nothing else', async () => {
    const userId = await connectedUser(null);
    const live = (await loadLiveConnection(userId, 'reddit', new Date()))!;
    const selection = redditAdapter.targetSelection!;

    expect(selection.selected(live)).toBeNull();
    expect(selection.requiredMessage).toBe('Reddit Subreddit Required');
    expect(selection.select(live, 'r/harbournews')).toEqual({
      selectedSubreddit: 'HarbourNews',
      selectedSubredditTitle: 'Harbour News',
    });
    expect(selection.select(live, 'AskHarbour')).toBeNull();
    expect(selection.selected({ ...live, connectionData: { selectedSubreddit: 'boats' } })).toBe('boats');
  });
});

describe('publishing a thread to Reddit through the queue', () => {
  it('makes one markdown self-post: the source link first, the posts in order, the attribution last', async () => {
    const userId = await connectedUser();
    const thread = await publishedThread(userId, [
      '1/ Boats return before sunrise, see https://port.example.org/tides_today.',
      '2/ Buyers bid *fast* on the catch. 2/3',
    ]);
    const before = reddit.submissions.length;

    await requestPublish(userId, thread.id, { platforms: ['reddit'] }, new Date());
    const row = await settle(userId, thread.id);

    const made = reddit.submissions.slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ subreddit: 'CuratedReads', title: THREAD_TITLE });
    expect(made[0]!.text.split('\n\n')).toEqual([
      `Source: [news.example.com](${ARTICLE})`,
      'Boats return before sunrise, see [https://port.example.org/tides\\_today](https://port.example.org/tides_today).',
      'Buyers bid \\*fast\\* on the catch.',
      ATTRIBUTION.replace(ARTICLE, `[${ARTICLE}](${ARTICLE})`),
    ]);
    expect(row).toMatchObject({ status: 'completed', postsMade: 1, postsTotal: 1, postUrl: made[0]!.url });
    // The thread's platform_posts is written just after the row completes.
    await expect
      .poll(async () => (await getThreadForUser(userId, thread.id))?.platformPosts.reddit)
      .toEqual({ posted: true, postUrl: made[0]!.url });
    expect([...reddit.stats.userAgents]).toEqual([USER_AGENT]);
  });

  const waits: [string, SubmitFault, number][] = [
    ['a 5xx (SQS delivers the message again)', { status: 503 }, 0],
    // Reddit's x-ratelimit-reset counts seconds from now: read as an epoch it would wait 1 s.
    ['a 429 whose x-ratelimit-reset counts seconds from now (re-queued)', { status: 429, resetSeconds: 3 }, 3000],
    [
      'a RATELIMIT error sent with a 200 (re-queued)',
      { formError: ['RATELIMIT', "Looks like you've been doing that a lot. Take a break for 1 second.", 'ratelimit'] },
      1000,
    ],
  ];
  it.each(waits)('waits out %s, then posts once', async (_case, fault, waitMs) => {
    const userId = await connectedUser();
    const thread = await publishedThread(userId, ['Boats return before sunrise.']);
    const before = reddit.submissions.length;
    reddit.failSubmit(1, fault);
    const started = Date.now();

    await requestPublish(userId, thread.id, { platforms: ['reddit'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(waitMs);
    expect(reddit.submissions.slice(before)).toHaveLength(1);
  });

  it('finds the post Reddit made when its answer was lost, instead of posting it again', async () => {
    const userId = await connectedUser();
    const thread = await publishedThread(userId, ['Boats return before sunrise & sell by noon.']);
    const before = reddit.submissions.length;
    const calls = reddit.stats.submitCalls;
    reddit.failSubmit(1, { answerLost: true });

    await requestPublish(userId, thread.id, { platforms: ['reddit'] }, new Date());

    const row = await settle(userId, thread.id);
    const made = reddit.submissions.slice(before);
    expect(made).toHaveLength(1);
    expect(reddit.stats.submitCalls).toBe(calls + 1);
    expect(row).toMatchObject({ status: 'completed', postUrl: made[0]!.url });
  });

  it('finds the post a worker made but did not record before it stopped, when the message comes again', async () => {
    const userId = await connectedUser();
    const live = (await loadLiveConnection(userId, 'reddit', new Date()))!;
    const post = { ...firstPost('Boats return before sunrise.'), mayAlreadyExist: true };
    const calls = reddit.stats.submitCalls;
    const made = await redditAdapter.publishPost(live, { ...post, mayAlreadyExist: false });
    expect(reddit.stats.submitCalls).toBe(calls + 1);

    // Delivered again: the post is found, not submitted a second time.
    expect(await redditAdapter.publishPost(live, post)).toEqual(made);
    expect(reddit.stats.submitCalls).toBe(calls + 1);
  });

  it('shows a refusal Reddit sends with a 200 and json.errors as the row’s error', async () => {
    const userId = await connectedUser();
    const thread = await publishedThread(userId, ['Boats return before sunrise.']);
    const before = reddit.submissions.length;
    reddit.failSubmit(1, { formError: ['SUBREDDIT_NOTALLOWED', "you aren't allowed to post there.", 'sr'] });

    await requestPublish(userId, thread.id, { platforms: ['reddit'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({
      status: 'failed',
      error: "Reddit refused the post: you aren't allowed to post there.",
    });
    expect(reddit.submissions.slice(before)).toHaveLength(0);
    await expect
      .poll(async () => (await getThreadForUser(userId, thread.id))?.platformPosts.reddit)
      .toEqual({ posted: false });
  });

  it('posts nothing without a chosen subreddit', async () => {
    const userId = await connectedUser(null);
    const thread = await publishedThread(userId, ['Boats return before sunrise.']);
    const calls = reddit.stats.submitCalls;

    const refused = await requestPublish(userId, thread.id, { platforms: ['reddit'] }, new Date()).then(
      () => null,
      (error: Error) => error,
    );

    // Refused before queueing where the publish route checks the choice, else by the worker's adapter.
    if (refused) expect(refused.message).toBe('Reddit Subreddit Required');
    else
      expect(await settle(userId, thread.id)).toMatchObject({ status: 'failed', error: 'Reddit Subreddit Required' });
    expect(reddit.stats.submitCalls).toBe(calls);
  });

  it('refreshes an expired access token before posting, and keeps the new one sealed', async () => {
    const userId = await connectedUser();
    const record = await expireStoredToken(userId);
    reddit.expireAccessTokens();
    const { refreshes, unauthorized } = reddit.stats;
    const thread = await publishedThread(userId, ['Boats return before sunrise.']);

    await requestPublish(userId, thread.id, { platforms: ['reddit'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
    expect(reddit.stats.refreshes).toBe(refreshes + 1);
    expect(reddit.stats.unauthorized).toBe(unauthorized);
    const after = (await getConnection(userId, 'reddit'))!;
    expect(after.accessToken).not.toBe(record.accessToken);
    expect(Date.parse(after.tokenExpiresAt!)).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('refreshes once when Reddit refuses a token before its expiry (401), then posts', async () => {
    const userId = await connectedUser();
    reddit.expireAccessTokens();
    const { refreshes, unauthorized } = reddit.stats;
    const thread = await publishedThread(userId, ['Boats return before sunrise.']);
    const before = reddit.submissions.length;

    await requestPublish(userId, thread.id, { platforms: ['reddit'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
    expect(reddit.stats.unauthorized).toBe(unauthorized + 1);
    expect(reddit.stats.refreshes).toBe(refreshes + 1);
    expect(reddit.submissions.slice(before)).toHaveLength(1);
  });

  // Last: the fake revokes every refresh token it issued.
  it('marks a connection whose refresh token was revoked as needing reconnection and posts nothing', async () => {
    const userId = await connectedUser();
    await expireStoredToken(userId);
    reddit.revokeRefreshTokens();
    const thread = await publishedThread(userId, ['Boats return before sunrise.']);
    const calls = reddit.stats.submitCalls;

    await expect(requestPublish(userId, thread.id, { platforms: ['reddit'] }, new Date())).rejects.toThrow(
      'Reddit needs to be connected again',
    );

    expect((await getConnection(userId, 'reddit'))?.connectionData.needsReconnect).toBe(true);
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
    expect(reddit.stats.submitCalls).toBe(calls);
  });
});
