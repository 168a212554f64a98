import { randomUUID } from 'node:crypto';
import { AtpAgent } from '@atproto/api';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attributionText } from '../../shared/attribution';
import type { PublishRequest } from '../../shared/schemas/publishing';
import { connectionKeyOf } from '../helpers/connections';
import { startPublishingPipeline } from '../helpers/publishing-harness';
import { makeThread, settle, TEST_APP_HOST } from '../helpers/publishing-threads';
import { callRoute } from '../helpers/route-call';
import { type RunningPds, startPds } from './pds';
import { startRelay } from './relay';

// `npm install` installs the PDS (the root postinstall); without it startPds throws, so every test
// here fails with the command to run, never skips.
const ARTICLE = { url: 'https://news.example.com/harbour-report', title: 'The harbour at dawn' };
const LINK_ONE = 'https://harbour.example.org/auction?day=mardi';
const LINK_TWO = 'https://example.com/malmo/fika';
// Four body posts too long to merge under 300 graphemes, with emoji (one a ZWJ family), accents and
// two links placed after multi-byte characters: with the attribution, 5 posts.
const BODY_POSTS = [
  `1/ 🌊 Les bateaux rentrent avant l'aube à Malmö; the café on the quay opens at five, and the crews queue for coffee and cardamom buns while the gulls circle above the slipway, waiting for scraps.`,
  `2/ À la criée, buyers bid on cod and plaice 🐟🐟. The auction runs on a tablet now, but the auctioneer still shouts the prices out loud. Full schedule: ${LINK_ONE} — it changes each season.`,
  `3/ Families 👩‍👩‍👧 watch from the pier as the last boat docks. Crème brûlée and smørrebrød are sold from a kiosk that has stood there since 1952, and the owner knows every skipper by name.`,
  `4/ Naïve visitors think the harbour sleeps after nine; it doesn't. Nets are mended, engines checked and ice loaded for the next night at sea. Where to eat after: ${LINK_TWO} 😋 worth the walk.`,
];

const utf8 = new TextEncoder();
const byteOffset = (text: string, index: number) => utf8.encode(text.slice(0, index)).byteLength;
const byteSlice = (text: string, start: number, end: number) =>
  new TextDecoder().decode(utf8.encode(text).slice(start, end));

interface PostRecord {
  text: string;
  createdAt: string;
  facets?: { index: { byteStart: number; byteEnd: number }; features: { $type: string; uri?: string }[] }[];
  reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } };
  embed?: { $type: string; external?: { uri: string; title: string; description: string } };
  /** BCP 47 languages of the text. */
  langs?: string[];
}

describe('Bluesky on a real PDS (@atproto/pds)', () => {
  let pds: RunningPds;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let pipeline: Awaited<ReturnType<typeof startPublishingPipeline>>;
  let app: {
    connections: typeof import('../../functions/services/connections/connections');
    publishing: typeof import('../../functions/services/publishing/publish-thread');
    threads: typeof import('../../functions/data/thread-repository');
    runs: typeof import('../../functions/data/publish-run-repository');
    data: typeof import('../../functions/data/client');
    keys: typeof import('../../functions/data/keys');
    route: typeof import('../../functions/http/connections/post-bluesky-connection');
  };

  beforeAll(async () => {
    pds = await startPds();
    relay = await startRelay(pds.pdsUrl);
    // Before the services load: the config is read once, on first use. The PDS and the relay are on
    // loopback, which the outbound guard refuses unless allowed.
    process.env.BLUESKY_SERVICE_URL = pds.pdsUrl;
    process.env.ALLOW_PRIVATE_FETCH_HOSTS = `${pds.allowedHosts},${relay.host}`;
    pipeline = await startPublishingPipeline();
    app = {
      connections: await import('../../functions/services/connections/connections'),
      publishing: await import('../../functions/services/publishing/publish-thread'),
      threads: await import('../../functions/data/thread-repository'),
      runs: await import('../../functions/data/publish-run-repository'),
      data: await import('../../functions/data/client'),
      keys: await import('../../functions/data/keys'),
      route: await import('../../functions/http/connections/post-bluesky-connection'),
    };
  });

  afterAll(async () => {
    await pipeline?.stop();
    await relay?.close();
    await pds?.stop();
  });

  afterEach(() => relay.intercept(null));

  /** A new account on the PDS with an app password, as a curator makes one in Settings → App Passwords. */
  async function blueskyAccount() {
    const name = `c${randomUUID().slice(0, 8)}`;
    const handle = `${name}.test`;
    const accountPassword = `account-${randomUUID()}`;
    const agent = new AtpAgent({ service: pds.pdsUrl });
    await agent.createAccount({ handle, email: `${name}@example.test`, password: accountPassword });
    const appPassword = (await agent.com.atproto.server.createAppPassword({ name: 'ThreadSnip' })).data.password;
    return { handle, did: agent.session!.did, accountPassword, appPassword, agent };
  }

  async function connectedCurator() {
    const account = await blueskyAccount();
    const userId = `user-${randomUUID()}`;
    await app.connections.connectBluesky(
      userId,
      { handle: account.handle, appPassword: account.appPassword },
      new Date(),
    );
    return { ...account, userId };
  }

  /** The account's posts as the PDS stores them, oldest first. */
  async function postsOf(account: { did: string; agent: AtpAgent }) {
    const listed = await account.agent.com.atproto.repo.listRecords({
      repo: account.did,
      collection: 'app.bsky.feed.post',
      reverse: true,
    });
    return listed.data.records.map((entry) => ({
      uri: entry.uri,
      cid: entry.cid,
      value: entry.value as unknown as PostRecord,
    }));
  }

  /**
   * Routes the connection's calls (session and PDS) through the relay, so the test sees them; the
   * XRPC methods called from now on.
   */
  async function recordXrpcCalls(userId: string): Promise<string[]> {
    await app.data.db.send(
      new UpdateCommand({
        TableName: app.data.tableName(),
        Key: await connectionKeyOf(userId, 'bluesky'),
        UpdateExpression: 'SET connectionData.pds = :relay, connectionData.#service = :relay',
        ExpressionAttributeNames: { '#service': 'service' },
        ExpressionAttributeValues: { ':relay': relay.url },
      }),
    );
    return relay.record();
  }

  async function publishAndSettle(userId: string, threadId: string, linkPlacements?: PublishRequest['linkPlacements']) {
    await app.publishing.requestPublish(userId, threadId, { platforms: ['bluesky'], linkPlacements }, new Date());
    return settle(userId, threadId);
  }

  it('connects with an app password: the session is stored encrypted, the password nowhere', async () => {
    const account = await blueskyAccount();
    const userId = `user-${randomUUID()}`;
    const answer = await callRoute(
      app.route.handler,
      { userId },
      { body: { handle: `@${account.handle}`, appPassword: account.appPassword } },
      { method: 'POST', path: '/api/connections/bluesky' },
    );
    expect(answer).toMatchObject({
      status: 200,
      body: {
        platform: 'bluesky',
        isConnected: true,
        platformUsername: `@${account.handle}`,
        connectionData: { did: account.did, handle: account.handle, service: pds.pdsUrl },
      },
    });
    const raw = await app.data.db.send(
      new GetCommand({
        TableName: app.data.tableName(),
        Key: await connectionKeyOf(userId, 'bluesky'),
      }),
    );
    const item = JSON.stringify(raw.Item);
    expect(item).not.toContain(account.appPassword);
    expect(String(raw.Item?.accessToken)).toMatch(/^v1\./);
    expect(String(raw.Item?.refreshToken)).toMatch(/^v1\./);
    // The access JWT's own expiry (the PDS gives two hours).
    const expiresIn = Date.parse(String(raw.Item?.tokenExpiresAt)) - Date.now();
    expect(expiresIn).toBeGreaterThan(60 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
  });

  it('refuses a wrong app password, or the account password, with a clear error and stores nothing', async () => {
    const account = await blueskyAccount();
    const userId = `user-${randomUUID()}`;
    const wrong = await callRoute(
      app.route.handler,
      { userId },
      { body: { handle: account.handle, appPassword: 'abcd-efgh-ijkl-mnop' } },
      { method: 'POST', path: '/api/connections/bluesky' },
    );
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'Bluesky refused the connection: Invalid identifier or password', code: 'connection_failed' },
    });
    await expect(
      app.connections.connectBluesky(
        userId,
        { handle: account.handle, appPassword: account.accountPassword },
        new Date(),
      ),
    ).rejects.toThrow('Bluesky refused the connection: use an app password (Settings → App Passwords)');
    const missing = await callRoute(
      app.route.handler,
      { userId },
      { body: { handle: account.handle } },
      { method: 'POST', path: '/api/connections/bluesky' },
    );
    expect(missing).toEqual({
      status: 400,
      body: { error: 'Invalid request body: appPassword: App Password Required', code: 'invalid_request' },
    });
    expect((await app.connections.listConnections(userId)).connections).toEqual([]);
  });

  it('publishes a 5-post thread: link facets at UTF-8 byte offsets, root and parent refs, the link card first and last', async () => {
    const curator = await connectedCurator();
    const thread = {
      ...makeThread(curator.userId, BODY_POSTS, { title: ARTICLE.title, sourceUrl: ARTICLE.url }),
      language: 'en',
    };
    await app.threads.putThread(thread);
    const calls = await recordXrpcCalls(curator.userId);

    const row = await publishAndSettle(curator.userId, thread.id);

    expect(row).toMatchObject({ status: 'completed', postsMade: 5, postsTotal: 5 });
    expect(calls.filter((method) => method === 'com.atproto.repo.createRecord')).toHaveLength(5);
    // The stored session served: no login and no refresh while publishing.
    expect(calls.filter((method) => method.startsWith('com.atproto.server.'))).toEqual([]);
    const posts = await postsOf(curator);
    expect(posts.map((post) => post.value.text)).toEqual([
      `${ARTICLE.title}\n\n${BODY_POSTS[0]!.slice(3)}`,
      ...BODY_POSTS.slice(1).map((post) => post.slice(3)),
      attributionText(TEST_APP_HOST, ARTICLE.url),
    ]);
    // The thread's language in the lexicon's langs, which the PDS validated as BCP 47.
    expect(posts.map((post) => post.value.langs)).toEqual(posts.map(() => ['en']));
    const createdAt = posts.map((post) => post.value.createdAt);
    expect([...createdAt].sort()).toEqual(createdAt);
    const rkey = (uri: string) => uri.split('/').pop();
    expect(row.postUrl).toBe(`https://bsky.app/profile/${curator.handle}/post/${rkey(posts[0]!.uri)}`);

    posts.forEach((post, index) => {
      if (index === 0) expect(post.value.reply).toBeUndefined();
      else
        expect(post.value.reply).toEqual({
          root: { uri: posts[0]!.uri, cid: posts[0]!.cid },
          parent: { uri: posts[index - 1]!.uri, cid: posts[index - 1]!.cid },
        });
    });

    const linkFacets = posts.flatMap((post) =>
      (post.value.facets ?? []).map((facet) => ({ text: post.value.text, facet })),
    );
    expect(linkFacets.map(({ facet }) => facet.features[0]?.uri)).toEqual([LINK_ONE, LINK_TWO, ARTICLE.url]);
    for (const { text, facet } of linkFacets) {
      const uri = facet.features[0]!.uri!;
      expect(facet.features[0]!.$type).toBe('app.bsky.richtext.facet#link');
      expect(facet.index.byteStart).toBe(byteOffset(text, text.indexOf(uri)));
      expect(byteSlice(text, facet.index.byteStart, facet.index.byteEnd)).toBe(uri);
    }
    // After 🐟🐟 and 'À', bytes run ahead of string indexes: the offsets are bytes.
    const second = posts[1]!.value;
    expect(second.facets![0]!.index.byteStart).toBeGreaterThan(second.text.indexOf(LINK_ONE));

    // Bluesky's default placement: the article's link card on the first post as well as the credit post.
    const card = {
      $type: 'app.bsky.embed.external',
      external: { uri: ARTICLE.url, title: ARTICLE.title, description: '' },
    };
    expect(posts[0]!.value.embed).toEqual(card);
    expect(posts.slice(1, -1).every((post) => post.value.embed === undefined)).toBe(true);
    expect(posts.at(-1)!.value.embed).toEqual(card);
    expect((await app.threads.getThreadForUser(curator.userId, thread.id))?.platformPosts.bluesky).toEqual({
      posted: true,
      postUrl: row.postUrl,
    });
  });

  it('links the credit post only when the thread chooses it, the first post without a card', async () => {
    const curator = await connectedCurator();
    const thread = makeThread(curator.userId, BODY_POSTS.slice(0, 2), { title: ARTICLE.title, sourceUrl: ARTICLE.url });
    await app.threads.putThread(thread);

    const row = await publishAndSettle(curator.userId, thread.id, { bluesky: 'credit-post' });

    expect(row.status).toBe('completed');
    const posts = await postsOf(curator);
    expect(posts.slice(0, -1).every((post) => post.value.embed === undefined)).toBe(true);
    expect(posts.at(-1)!.value).toMatchObject({
      text: attributionText(TEST_APP_HOST, ARTICLE.url),
      embed: { $type: 'app.bsky.embed.external', external: { uri: ARTICLE.url } },
    });
  });

  it("credits the article's author with a mention facet when their handle resolves, and as text when it does not", async () => {
    const curator = await connectedCurator();
    const author = await blueskyAccount();
    const credited = makeThread(curator.userId, ['1/ Boats return before sunrise.'], {
      title: ARTICLE.title,
      sourceUrl: ARTICLE.url,
      authorHandles: { bluesky: `@${author.handle}`, profiles: [] },
    });
    const unresolved = makeThread(curator.userId, ['1/ Nets dry on the quay.'], {
      title: ARTICLE.title,
      sourceUrl: ARTICLE.url,
      authorHandles: { bluesky: '@nobody-here.test', profiles: [] },
    });
    for (const thread of [credited, unresolved]) {
      await app.threads.putThread(thread);
      expect(await publishAndSettle(curator.userId, thread.id)).toMatchObject({ status: 'completed' });
    }

    const posts = await postsOf(curator);
    const mentionFacets = (text: string) => {
      const post = posts.find((entry) => entry.value.text.endsWith(text));
      return (post?.value.facets ?? []).filter(
        (facet) => facet.features[0]?.$type === 'app.bsky.richtext.facet#mention',
      );
    };
    const mention = `Author: @${author.handle}`;
    const [facet] = mentionFacets(mention);
    expect(mentionFacets(mention)).toHaveLength(1);
    expect((facet?.features[0] as { did?: string } | undefined)?.did).toBe(author.did);
    const text = posts.find((entry) => entry.value.text.endsWith(mention))!.value.text;
    expect(byteSlice(text, facet!.index.byteStart, facet!.index.byteEnd)).toBe(`@${author.handle}`);
    expect(mentionFacets('Author: @nobody-here.test')).toEqual([]);
  });

  it('resumes after an interruption at post 3 without duplicating a post, the chain intact', async () => {
    const curator = await connectedCurator();
    const thread = makeThread(curator.userId, BODY_POSTS, { title: ARTICLE.title, sourceUrl: ARTICLE.url });
    await app.threads.putThread(thread);
    await recordXrpcCalls(curator.userId);
    let createRecords = 0;
    relay.intercept(async (method, forward) => {
      if (method === 'com.atproto.repo.createRecord' && ++createRecords === 3) {
        return Response.json({ error: 'InvalidRequest', message: 'Simulated interruption' }, { status: 400 });
      }
      return forward();
    });

    const failed = await publishAndSettle(curator.userId, thread.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'Simulated interruption', postsMade: 2 });
    expect(await postsOf(curator)).toHaveLength(2);

    const resumed = await publishAndSettle(curator.userId, thread.id);

    expect(resumed).toMatchObject({ status: 'completed', postsMade: 5 });
    const posts = await postsOf(curator);
    expect(posts).toHaveLength(5);
    expect(new Set(posts.map((post) => post.value.text)).size).toBe(5);
    posts.slice(1).forEach((post, index) => {
      expect(post.value.reply?.parent.uri).toBe(posts[index]!.uri);
      expect(post.value.reply?.root.uri).toBe(posts[0]!.uri);
    });
    expect(posts.at(-1)!.value.text).toBe(attributionText(TEST_APP_HOST, ARTICLE.url));
  });

  it('does not post twice when post 3 was made but its answer was lost (a record key per post)', async () => {
    const curator = await connectedCurator();
    const thread = makeThread(curator.userId, BODY_POSTS, { title: ARTICLE.title, sourceUrl: ARTICLE.url });
    await app.threads.putThread(thread);
    await recordXrpcCalls(curator.userId);
    let createRecords = 0;
    relay.intercept(async (method, forward) => {
      const answer = await forward();
      // The PDS made the post; the answer is lost on the way back.
      if (method === 'com.atproto.repo.createRecord' && ++createRecords === 3) {
        return Response.json({ error: 'UpstreamFailure', message: 'Answer lost' }, { status: 502 });
      }
      return answer;
    });

    const row = await publishAndSettle(curator.userId, thread.id);

    expect(row).toMatchObject({ status: 'completed', postsMade: 5 });
    const posts = await postsOf(curator);
    expect(posts.map((post) => post.value.text)).toEqual([
      `${ARTICLE.title}\n\n${BODY_POSTS[0]!.slice(3)}`,
      ...BODY_POSTS.slice(1).map((post) => post.slice(3)),
      attributionText(TEST_APP_HOST, ARTICLE.url),
    ]);
    posts.slice(1).forEach((post, index) => {
      expect(post.value.reply?.parent.uri).toBe(posts[index]!.uri);
    });
  });

  /** Two hours later: the stored access JWT has expired. */
  async function expireAccessToken(userId: string) {
    await app.data.db.send(
      new UpdateCommand({
        TableName: app.data.tableName(),
        Key: await connectionKeyOf(userId, 'bluesky'),
        UpdateExpression: 'SET tokenExpiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
  }

  it('asks to reconnect, queueing nothing, when the app password was revoked and the session cannot be refreshed', async () => {
    const curator = await connectedCurator();
    await curator.agent.com.atproto.server.revokeAppPassword({ name: 'ThreadSnip' });
    await expireAccessToken(curator.userId);
    const thread = makeThread(curator.userId, ['1/ Boats return before sunrise.'], {
      title: ARTICLE.title,
      sourceUrl: ARTICLE.url,
    });
    await app.threads.putThread(thread);

    const refused = app.publishing.requestPublish(curator.userId, thread.id, { platforms: ['bluesky'] }, new Date());

    await expect(refused).rejects.toMatchObject({
      status: 400,
      code: 'reconnect_required',
      message: expect.stringMatching(
        /^Bluesky needs to be connected again \(.+\)\. Reconnect it in Account Settings\.$/,
      ),
    });
    expect((await app.publishing.getPublishStatus(curator.userId, thread.id, new Date())).platforms).toEqual([]);

    // Revoked between the request and the worker: the worker fails the row with the same message.
    const runId = randomUUID();
    await app.runs.startFreshRun({
      userId: curator.userId,
      threadId: thread.id,
      platform: 'bluesky',
      runId,
      status: 'pending',
      posts: ['Boats return before sunrise.'],
      made: [],
      error: null,
      postUrl: null,
      leaseUntil: null,
      startedAt: new Date().toISOString(),
      article: ARTICLE,
      updatedAt: new Date().toISOString(),
    });
    await app.publishing.runPublishMessage(
      { userId: curator.userId, threadId: thread.id, platform: 'bluesky', runId, article: ARTICLE, rateLimitWaits: 0 },
      { receiveCount: 1, maxReceiveCount: 3 },
    );
    const [row] = (await app.publishing.getPublishStatus(curator.userId, thread.id, new Date())).platforms;
    expect(row).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Bluesky needs to be connected again/),
    });
    expect(await postsOf(curator)).toEqual([]);
  });

  it('refreshes an expired access JWT with refreshSession (no new login) and keeps the new session', async () => {
    const curator = await connectedCurator();
    const key = await connectionKeyOf(curator.userId, 'bluesky');
    const before = (await app.data.db.send(new GetCommand({ TableName: app.data.tableName(), Key: key }))).Item!;
    await expireAccessToken(curator.userId);
    const thread = makeThread(curator.userId, ['1/ Boats return before sunrise 🌅.'], {
      title: ARTICLE.title,
      sourceUrl: ARTICLE.url,
    });
    await app.threads.putThread(thread);
    const calls = await recordXrpcCalls(curator.userId);

    const row = await publishAndSettle(curator.userId, thread.id);

    expect(row).toMatchObject({ status: 'completed', postsMade: 1 });
    expect(calls).toContain('com.atproto.server.refreshSession');
    expect(calls).not.toContain('com.atproto.server.createSession');
    const after = (await app.data.db.send(new GetCommand({ TableName: app.data.tableName(), Key: key }))).Item!;
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(Date.parse(String(after.tokenExpiresAt))).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
    expect(await postsOf(curator)).toHaveLength(1);
  });
});
