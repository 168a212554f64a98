import { randomUUID } from 'node:crypto';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '#local/ports';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { connectionKeyOf } from '../../helpers/connections';
import { itPlacesTheLinkOnTheFirstPostWhenChosen } from '../../helpers/link-placement-checks';
import { browserCookiesFor, oauthCallback, rememberBrowserCookie, startOAuth } from '../../helpers/oauth-consent';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ATTRIBUTION, makeThread, settle } from '../../helpers/publishing-threads';
import { callRedirectRoute, callRoute } from '../../helpers/route-call';

// The fake instance reports its own limit (600), above Mastodon's default 500.
const mastodon = await startMastodonServer({ maxCharacters: 600 });
// An instance ThreadSnip registered with before it posted pictures.
const olderInstance = await startMastodonServer();
// An allowed instance where nothing listens.
const silentInstance = `127.0.0.1:${await freePort()}`;
Object.assign(process.env, {
  OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
  // How tests reach a local instance: these hosts may be private and use http.
  ALLOW_PRIVATE_FETCH_HOSTS: `${mastodon.instance},${olderInstance.instance},${silentInstance}`,
});
const pipeline = await startPublishingPipeline();
const { db, tableName } = await import('#functions/data/client');
const { keys } = await import('#functions/data/keys');
const { putThread } = await import('#functions/data/thread-repository');
const { listConnections } = await import('#functions/services/connections/connections');
const { issueOAuthState } = await import('#functions/services/connections/oauth-state');
const { sealToken } = await import('#functions/services/connections/token-vault');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { handler: authorizeRoute } = await import('#functions/http/connections/post-oauth-authorization');
const { handler: callbackRoute } = await import('#functions/http/connections/get-oauth-callback');

afterAll(async () => {
  await pipeline.stop();
  await mastodon.close();
  await olderInstance.close();
});

const REDIRECT_URI = 'http://localhost:3000/api/connections/mastodon/callback';
const params = { platform: 'mastodon' };

// About 450 characters: two never share a 600-character status, so 4 body posts and the attribution make 5.
const longPost = (n: number) => `${n}/ ${`Part ${n}: the harbour, its boats and the auction hall. `.repeat(8).trim()}`;
const FIVE_STATUS_POSTS = [1, 2, 3, 4].map(longPost);

/** Starts the flow as the SPA does: the consent screen's URL, the flow cookie kept as the browser would. */
async function startThroughRoute(userId: string, body: Record<string, string> = {}): Promise<URL> {
  const start = await callRoute(
    authorizeRoute,
    { userId },
    {
      params,
      body: { instance: `https://${mastodon.instance}/`, username: '@alice', returnPath: '/account-settings', ...body },
    },
    { method: 'POST' },
  );
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  rememberBrowserCookie(start.body.url, start.cookies);
  return new URL(start.body.url);
}

/** Lets the fake consent, and calls the callback as the browser would. */
async function consentAndCallBack(userId: string, authorizeUrl: URL) {
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') ?? '');
  const query = Object.fromEntries(back.searchParams);
  const callback = await callRedirectRoute(
    callbackRoute,
    { userId },
    { params, query, cookies: browserCookiesFor(query.state) },
  );
  return { back, query, callback, location: new URL(callback.location ?? '') };
}

async function connectThroughRoutes(userId: string, body: Record<string, string> = {}) {
  const authorizeUrl = await startThroughRoute(userId, body);
  return { authorizeUrl, ...(await consentAndCallBack(userId, authorizeUrl)) };
}

async function connectedUser(): Promise<string> {
  const userId = `user-${randomUUID()}`;
  const { location } = await connectThroughRoutes(userId);
  expect(location.searchParams.get('mastodon_connected')).toBe('true');
  return userId;
}

const statusesSince = (start: number) => mastodon.statuses.slice(start);

function expectChained(made: ReturnType<typeof statusesSince>, texts: string[]) {
  expect(made.map((status) => status.text)).toEqual(texts);
  expect(new Set(made.map((status) => status.idempotencyKey)).size).toBe(made.length);
  made.forEach((status, index) => {
    expect(status.inReplyToId).toBe(index === 0 ? null : made[index - 1]!.id);
  });
  expect(made.at(-1)!.text).toBe(ATTRIBUTION);
}

const FIVE_STATUS_TEXTS = [
  `The harbour at dawn\n\n${FIVE_STATUS_POSTS[0]!.slice(3)}`,
  ...FIVE_STATUS_POSTS.slice(1).map((post) => post.slice(3)),
  ATTRIBUTION,
];

describe('connecting Mastodon through its consent screen', () => {
  it('registers the app, sends PKCE, and stores the connection with the token encrypted', async () => {
    const userId = `user-${randomUUID()}`;
    const appsBefore = mastodon.apps.length;

    const { authorizeUrl, location } = await connectThroughRoutes(userId);

    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${mastodon.url}/oauth/authorize`);
    expect(authorizeUrl.searchParams.get('scope')).toBe('read:accounts read:search write:statuses write:media');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(`${location.pathname}?${location.searchParams}`).toBe(
      `/account-settings?mastodon_connected=true&username=${encodeURIComponent(`@alice@${mastodon.instance}`)}`,
    );
    expect(mastodon.apps.length).toBe(appsBefore + 1);
    const app = mastodon.apps.at(-1)!;
    expect(app).toMatchObject({
      redirectUri: REDIRECT_URI,
      scopes: ['read:accounts', 'read:search', 'write:statuses', 'write:media'],
      website: 'http://localhost:3000',
    });
    const { connections } = await listConnections(userId);
    expect(connections).toEqual([
      expect.objectContaining({
        platform: 'mastodon',
        isConnected: true,
        platformUsername: `@alice@${mastodon.instance}`,
        connectionData: {
          instance: mastodon.instance,
          accountId: mastodon.account.id,
          maxCharacters: 600,
          charactersReservedPerUrl: 23,
        },
      }),
    ]);
    const raw = await db.send(
      new GetCommand({ TableName: tableName(), Key: await connectionKeyOf(userId, 'mastodon') }),
    );
    expect(String(raw.Item?.accessToken)).toMatch(/^v1\./);
    const stored = await db.send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.oauthApp('mastodon', mastodon.instance, 'read:accounts read:search write:media write:statuses'),
      }),
    );
    expect(JSON.stringify(stored.Item)).not.toContain(app.clientSecret);
  });

  it('registers the app once per instance across two users’ flows', async () => {
    await connectedUser();
    const apps = mastodon.apps.length;
    await connectedUser();
    await connectedUser();
    expect(mastodon.apps.length).toBe(apps);
    expect(apps).toBe(1);
  });

  it('registers a new app, once, where the stored one predates write:media, and connects through it', async () => {
    // The app registered before pictures, kept as the registry kept apps then (one per instance).
    const earlier = (await (
      await fetch(`${olderInstance.url}/api/v1/apps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: 'ThreadSnip',
          redirect_uris: REDIRECT_URI,
          scopes: 'read:accounts write:statuses',
        }),
      })
    ).json()) as { client_id: string; client_secret: string };
    const server = olderInstance.instance;
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: 'OAUTH_APPS',
          sk: `mastodon#${server}`,
          type: 'oauth-app',
          platform: 'mastodon',
          server,
          clientId: earlier.client_id,
          clientSecret: await sealToken(earlier.client_secret, `oauth-app#mastodon#${server}`),
          createdAt: new Date().toISOString(),
        },
      }),
    );
    const [alice, bob] = [`user-${randomUUID()}`, `user-${randomUUID()}`];

    // Two curators start at once: each registers an app, and both go on with the one kept.
    const started = await Promise.all([alice, bob].map((userId) => startThroughRoute(userId, { instance: server })));
    const connected = await Promise.all(
      [alice, bob].map((userId, index) => consentAndCallBack(userId, started[index]!)),
    );

    const clientIds = started.map((url) => url.searchParams.get('client_id'));
    expect(clientIds[0]).toBe(clientIds[1]);
    expect(clientIds[0]).not.toBe(earlier.client_id);
    expect(olderInstance.apps.find((app) => app.clientId === clientIds[0])?.scopes).toEqual([
      'read:accounts',
      'read:search',
      'write:statuses',
      'write:media',
    ]);
    expect(connected.map(({ location }) => location.searchParams.get('mastodon_connected'))).toEqual(['true', 'true']);
    expect((await listConnections(alice)).connections).toEqual([
      expect.objectContaining({ platform: 'mastodon', isConnected: true, platformUsername: `@alice@${server}` }),
    ]);
  });

  it('refuses a reused state, a foreign state and a refused consent, storing nothing', async () => {
    const userId = `user-${randomUUID()}`;
    mastodon.denyNextConsent();
    const denied = await connectThroughRoutes(userId);
    expect(denied.query.error).toBe('access_denied');
    expect(denied.location.searchParams.get('mastodon_oauth_error')).toBe('true');
    expect(denied.location.searchParams.get('message')).toBe(
      'You cancelled the connection on Mastodon. Nothing was connected.',
    );

    const connected = await connectThroughRoutes(`user-${randomUUID()}`);
    const replay = await callRedirectRoute(callbackRoute, { userId }, { params, query: connected.query });
    expect(new URL(replay.location ?? '').searchParams.get('mastodon_oauth_error')).toBe('true');

    const foreign = await issueOAuthState(userId, 'reddit', new Date(), { context: { instance: mastodon.instance } });
    const forged = await callRedirectRoute(
      callbackRoute,
      { userId },
      { params, query: { code: 'x', state: foreign.state } },
    );
    expect(forged.status).toBe(302);
    expect(new URL(forged.location ?? '').searchParams.get('mastodon_oauth_error')).toBe('true');
    expect((await listConnections(userId)).connections).toEqual([]);
  });

  it('connects nothing when a consent link started by one account is finished in another browser; the starter still can', async () => {
    const owner = `user-${randomUUID()}`;
    const stranger = `user-${randomUUID()}`;
    const handedOver = await startOAuth('mastodon', owner, {
      instance: mastodon.instance,
      username: '@alice',
      returnPath: '/account-settings',
    });
    const consent = await fetch(handedOver, { redirect: 'manual' });
    const query = Object.fromEntries(new URL(consent.headers.get('location') ?? '').searchParams);

    const elsewhere = await oauthCallback('mastodon', stranger, query, { cookies: [] });

    expect(elsewhere.searchParams.get('mastodon_oauth_error')).toBe('true');
    expect(elsewhere.searchParams.get('message')).toBe(
      'This connection was started in another browser or by another account, so nothing was connected. To connect your own account, sign in to ThreadSnip in this browser and choose Connect again.',
    );
    expect((await listConnections(owner)).connections).toEqual([]);
    const own = await oauthCallback('mastodon', owner, query);
    expect(own.searchParams.get('mastodon_connected')).toBe('true');
    expect((await listConnections(owner)).connections).toEqual([
      expect.objectContaining({ platform: 'mastodon', isConnected: true }),
    ]);
  });

  it('checks the instance and username as the connect form does', async () => {
    const userId = `user-${randomUUID()}`;
    const start = (body: Record<string, string>) =>
      callRoute(authorizeRoute, { userId }, { params, body }, { method: 'POST' });
    expect((await start({ instance: 'not a server', username: 'alice' })).body).toMatchObject({
      error: 'Please enter a valid Mastodon instance (e.g., mastodon.social)',
    });
    expect((await start({ instance: mastodon.instance, username: ' @ ' })).body).toMatchObject({
      error: 'Please enter your username',
    });
    expect((await start({ username: 'alice' })).body).toMatchObject({
      error: 'Please select a server or enter a custom instance',
    });
  });

  it('says when the instance cannot be reached, storing nothing', async () => {
    const userId = `user-${randomUUID()}`;
    const start = await callRoute(
      authorizeRoute,
      { userId },
      { params, body: { instance: silentInstance, username: 'alice' } },
      { method: 'POST' },
    );
    expect(start.status).toBe(400);
    expect(start.body).toEqual({
      error: `Mastodon could not be reached: nothing is listening at ${silentInstance}`,
      code: 'connection_failed',
    });
    expect((await listConnections(userId)).connections).toEqual([]);
  });

  it('refuses a private-address instance not allowed, sending it nothing and storing nothing', async () => {
    const userId = `user-${randomUUID()}`;
    const apps = mastodon.apps.length;
    const requests = mastodon.requests.length;

    const literal = await callRoute(
      authorizeRoute,
      { userId },
      { params, body: { instance: '10.0.0.1', username: 'alice' } },
      { method: 'POST' },
    );
    expect(literal.status).toBe(400);
    expect(literal.body.error).toBe(
      'The instance 10.0.0.1 is a private network address, which cannot be reached for security reasons.',
    );

    // A domain name resolving to this machine, at the fake's own port: refused at the connection.
    const originalLookup = dns.lookup;
    const port = mastodon.instance.split(':')[1];
    // biome-ignore lint/suspicious/noExplicitAny: dns.lookup's overloads, forwarded unchanged
    (dns as any).lookup = (hostname: string, ...rest: any[]) =>
      // biome-ignore lint/suspicious/noExplicitAny: as above
      (originalLookup as any)(hostname === 'social.internal.example' ? '127.0.0.1' : hostname, ...rest);
    syncBuiltinESMExports();
    try {
      const named = await callRoute(
        authorizeRoute,
        { userId },
        { params, body: { instance: `social.internal.example:${port}`, username: 'alice' } },
        { method: 'POST' },
      );
      expect(named.status).toBe(400);
      expect(named.body.error).toContain(
        `The instance social.internal.example:${port} points to a loopback (this machine) address`,
      );
    } finally {
      dns.lookup = originalLookup;
      syncBuiltinESMExports();
    }
    expect(mastodon.apps.length).toBe(apps);
    expect(mastodon.requests.length).toBe(requests);
    expect((await listConnections(userId)).connections).toEqual([]);
  });
});

describe('publishing a thread to Mastodon through the queue', () => {
  it('uses the instance’s own limit, counting links as 23 characters', async () => {
    const userId = await connectedUser();
    const link = `https://example.org/${'long-path/'.repeat(14)}`;
    const posts = [
      `1/ ${'Boats come back. '.repeat(22).trim()}`,
      `2/ Read the auction notes at ${link}`,
      '3/ Buyers bid.',
    ];
    const thread = makeThread(userId, posts);
    await putThread(thread);
    const start = mastodon.statuses.length;

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());
    const row = await settle(userId, thread.id);

    // Over 600 raw characters, within 600 as Mastodon counts: one status.
    const made = statusesSince(start);
    expect(made).toHaveLength(1);
    expect(made[0]!.text.length).toBeGreaterThan(600);
    expect(made[0]!.text).toBe(
      `The harbour at dawn\n\n${posts.map((post) => post.slice(3)).join('\n\n')}\n\n${ATTRIBUTION}`,
    );
    expect(row).toMatchObject({ status: 'completed', postUrl: `${mastodon.url}/@alice/${made[0]!.id}` });
  });

  it('falls back to 500 characters when the instance does not answer', async () => {
    const userId = await connectedUser();
    const posts = [1, 2, 3].map((n) => `${n}/ ${'Fish, nets and weather. '.repeat(6).trim()}`);
    const thread = makeThread(userId, posts);
    await putThread(thread);
    const start = mastodon.statuses.length;
    mastodon.setInstanceFailing(true);
    try {
      await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());
    } finally {
      mastodon.setInstanceFailing(false);
    }
    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsTotal: 2 });
    expectChained(statusesSince(start), [
      `The harbour at dawn\n\n${posts.map((post) => post.slice(3)).join('\n\n')}`,
      ATTRIBUTION,
    ]);
  });

  it('posts every status in order, chained, with the attribution last', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_STATUS_POSTS);
    await putThread(thread);
    const start = mastodon.statuses.length;

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());

    const row = await settle(userId, thread.id);
    const made = statusesSince(start);
    expect(row).toMatchObject({ status: 'completed', postsMade: 5, postsTotal: 5 });
    expectChained(made, FIVE_STATUS_TEXTS);
    expect(row.postUrl).toBe(`${mastodon.url}/@alice/${made[0]!.id}`);
  });

  it("posts every status with the thread's language (ISO 639-1)", async () => {
    const userId = await connectedUser();
    const thread = { ...makeThread(userId, FIVE_STATUS_POSTS), language: 'pt' };
    await putThread(thread);
    const start = mastodon.statuses.length;

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });
    expect(statusesSince(start).map((status) => status.language)).toEqual(['pt', 'pt', 'pt', 'pt', 'pt']);
  });

  it('is refused with 422 by the instance for a language code it does not know', async () => {
    const userId = await connectedUser();
    const thread = { ...makeThread(userId, ['1/ Boats return before sunrise.']), language: 'qq' };
    await putThread(thread);
    const start = mastodon.statuses.length;

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Language is not a valid language code'),
    });
    expect(statusesSince(start)).toEqual([]);
  });

  it("credits the article's author by their fediverse account in the attribution status", async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_STATUS_POSTS, {
      authorHandles: { fediverse: '@mara@journa.host', profiles: [] },
    });
    await putThread(thread);
    const start = mastodon.statuses.length;

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });
    expect(statusesSince(start).at(-1)?.text).toBe(`${ATTRIBUTION}\n\nAuthor: @mara@journa.host`);
  });

  it('resumes after a 5xx on post 3 of 5 without a duplicate, the attribution last', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_STATUS_POSTS);
    await putThread(thread);
    const start = mastodon.statuses.length;
    mastodon.failStatus(3, { status: 503 });

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });
    expectChained(statusesSince(start), FIVE_STATUS_TEXTS);
  });

  it('does not post twice when post 3 was made but its answer was lost (the Idempotency-Key)', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_STATUS_POSTS);
    await putThread(thread);
    const start = mastodon.statuses.length;
    mastodon.failStatus(3, { madeThenLost: true });

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });
    expectChained(statusesSince(start), FIVE_STATUS_TEXTS);
  });

  it('waits out a 429 until X-RateLimit-Reset by re-queueing, then completes', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_STATUS_POSTS);
    await putThread(thread);
    const start = mastodon.statuses.length;
    mastodon.failStatus(2, { status: 429, resetInSeconds: 1 });

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });
    expectChained(statusesSince(start), FIVE_STATUS_TEXTS);
  });

  it('fails the row with a reconnect message when the token was revoked, posting nothing more', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_STATUS_POSTS);
    await putThread(thread);
    const start = mastodon.statuses.length;
    mastodon.failStatus(2, { status: 401 });

    await requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date());

    const row = await settle(userId, thread.id);
    expect(row).toMatchObject({ status: 'failed', postsMade: 1 });
    expect(row.error).toBe(
      `${mastodon.instance} refused the access token (The access token was revoked). Reconnect Mastodon in Account Settings.`,
    );
    expect(statusesSince(start)).toHaveLength(1);
    // The connection now asks for a reconnection, and the next publish is refused before anything is queued.
    const [connection] = (await listConnections(userId)).connections;
    expect(connection?.connectionData.needsReconnect).toBe(true);
    await expect(requestPublish(userId, thread.id, { platforms: ['mastodon'] }, new Date())).rejects.toMatchObject({
      code: 'reconnect_required',
    });
    expect(statusesSince(start)).toHaveLength(1);
  });
});

describe('placing the source link on Mastodon', () => {
  itPlacesTheLinkOnTheFirstPostWhenChosen({
    platform: 'mastodon',
    connectedUser,
    bodyPosts: FIVE_STATUS_POSTS,
    received: () => mastodon.statuses,
  });
});
