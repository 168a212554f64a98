import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { MetaThreadsMedia } from '../../fakes/meta-threads-server';
import { connectionKeyOf } from '../../helpers/connections';
import { itPlacesTheLinkOnTheFirstPostWhenChosen } from '../../helpers/link-placement-checks';
import { connectMetaThreads, META_THREADS_APP, startMetaThreadsStandIn } from '../../helpers/meta-threads-stand-in';
import { answerConsent, oauthCallback, startOAuth } from '../../helpers/oauth-consent';
import { startMediaHost } from '../../helpers/outgoing-images';
import { expectRetryReusesRecordedUploads, recordingSteps } from '../../helpers/outgoing-posts';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, ATTRIBUTION, firstPost, makeThread, settle } from '../../helpers/publishing-threads';

const DAY_MS = 86_400_000;
const threads = await startMetaThreadsStandIn({
  // A stuck container is given up on quickly here (20 s by default): each attempt ends well within
  // the harness's 1-second visibility timeout, so SQS does not hand the message to a second worker.
  THREADS_CONTAINER_WAIT_MS: '300',
});
const pipeline = await startPublishingPipeline();
const { db, tableName } = await import('#functions/data/client');
const { putThread } = await import('#functions/data/thread-repository');
const { listConnections, loadLiveConnection } = await import('#functions/services/connections/connections');
const { requestPublish, getPublishStatus, runPublishMessage, rateLimitRetry } = await import(
  '#functions/services/publishing/publish-thread'
);
const { getPublishRun, startFreshRun } = await import('#functions/data/publish-run-repository');
const { metaThreadsAdapter } = await import('#functions/services/platforms/meta-threads');
const { PlatformRejectedError, PlatformUnavailableError } = await import(
  '#functions/services/platforms/platform-adapter'
);

const mediaHost = await startMediaHost();

afterAll(async () => {
  await pipeline.stop();
  await threads.close();
  await mediaHost.close();
});

async function storedConnection(userId: string) {
  const raw = await db.send(new GetCommand({ TableName: tableName(), Key: await connectionKeyOf(userId, 'threads') }));
  return raw.Item;
}

// Posts of 300 characters: two never fit one 500-character Threads post, so each is its own.
const post = (n: number) =>
  `${n}/ ${`Harbour note ${n}: boats return before sunrise and buyers bid. `.repeat(5).trim()}`;
const THREE_POSTS = [1, 2, 3].map(post);

async function publish(userId: string, bodyPosts = THREE_POSTS) {
  const thread = makeThread(userId, bodyPosts);
  await putThread(thread);
  await requestPublish(userId, thread.id, { platforms: ['threads'] }, new Date());
  return thread;
}

/** The title with the first post, each later post replying to the one before, the attribution last. */
function expectReplyChain(made: MetaThreadsMedia[]) {
  expect(made.map((item) => item.text)).toEqual([
    `The harbour at dawn\n\n${THREE_POSTS[0]!.slice(3)}`,
    ...THREE_POSTS.slice(1).map((text) => text.slice(3)),
    ATTRIBUTION,
  ]);
  expect(made.map((item) => item.replyToId)).toEqual([null, ...made.slice(0, -1).map((item) => item.id)]);
}

describe('connecting a Threads profile', () => {
  it('exchanges the code for a long-lived token (60 days), kept sealed, and names the profile', async () => {
    const before = Date.now();
    const { userId, location } = await connectMetaThreads();

    expect(location.searchParams.get('threads_connected')).toBe('true');
    expect(location.searchParams.get('username')).toBe('@harbour.dana');
    const { connections } = await listConnections(userId);
    expect(connections[0]).toMatchObject({
      platform: 'threads',
      platformUsername: '@harbour.dana',
      connectionData: { userId: '7770007', username: 'harbour.dana' },
    });
    const item = await storedConnection(userId);
    const live = await loadLiveConnection(userId, 'threads', new Date());
    expect(String(item?.accessToken)).toMatch(/^v1\./);
    expect(JSON.stringify(item)).not.toContain(live!.credentials.accessToken);
    const lifetime = Date.parse(String(item?.tokenExpiresAt)) - before;
    expect(lifetime).toBeGreaterThan(59 * DAY_MS);
    expect(lifetime).toBeLessThan(61 * DAY_MS);
    // The token renews itself: the card says so instead of asking for a reconnection.
    expect(connections[0]?.renewsBefore).toBe(item?.tokenExpiresAt);
    expect(connections[0]?.reconnectBy).toBeUndefined();
  });

  it('asks for the comma-separated Threads permissions, without PKCE', async () => {
    const url = await startOAuth('threads', `user-${randomUUID()}`);
    expect(url.searchParams.get('scope')).toBe(
      'threads_basic,threads_content_publish,threads_manage_replies,threads_read_replies,threads_manage_insights,threads_keyword_search',
    );
    expect(url.searchParams.get('client_id')).toBe(META_THREADS_APP.appId);
    expect(url.searchParams.has('code_challenge')).toBe(false);
  });

  it('stores nothing when the window is cancelled or the code replayed', async () => {
    const cancelledUser = `user-${randomUUID()}`;
    const cancelled = await answerConsent(await startOAuth('threads', cancelledUser), 'deny');
    const denied = await oauthCallback('threads', cancelledUser, Object.fromEntries(cancelled.searchParams));
    expect(denied.searchParams.get('message')).toBe('You cancelled the connection on Threads. Nothing was connected.');

    const approvedUser = `user-${randomUUID()}`;
    const approved = await answerConsent(await startOAuth('threads', approvedUser), 'allow');
    const query = Object.fromEntries(approved.searchParams);
    expect((await oauthCallback('threads', approvedUser, query)).searchParams.get('threads_connected')).toBe('true');
    const replayUser = `user-${randomUUID()}`;
    const replayed = await oauthCallback('threads', replayUser, query);
    expect(replayed.searchParams.get('threads_oauth_error')).toBe('true');

    expect((await listConnections(cancelledUser)).connections).toEqual([]);
    expect((await listConnections(replayUser)).connections).toEqual([]);
  });

  it('refreshes the long-lived token once fewer than 30 days are left, and asks to reconnect once it expired', async () => {
    const { userId } = await connectMetaThreads();
    threads.ageTokens(31 * DAY_MS);
    const later = new Date(Date.now() + 31 * DAY_MS);
    const refreshes = threads.stats.refreshes;

    const live = await loadLiveConnection(userId, 'threads', later);

    expect(threads.stats.refreshes).toBe(refreshes + 1);
    const item = await storedConnection(userId);
    expect(Date.parse(String(item?.tokenExpiresAt)) - later.getTime()).toBeGreaterThan(59 * DAY_MS);
    expect(live?.credentials.accessToken).toMatch(/^TH/);

    const { userId: idle } = await connectMetaThreads();
    await expect(loadLiveConnection(idle, 'threads', new Date(Date.now() + 61 * DAY_MS))).rejects.toThrow(
      'Threads needs to be connected again (Threads authorization has expired). Reconnect it in Account Settings.',
    );
  });
});

describe('publishing a thread to Threads through the queue', () => {
  it('makes each post a container replying to the one before, published once FINISHED, the attribution last', async () => {
    const { userId } = await connectMetaThreads();
    const start = threads.media.length;
    threads.failContainers({ inProgressPolls: 2 });
    const thread = await publish(userId);

    const row = await settle(userId, thread.id);

    const made = threads.media.slice(start);
    expect(made).toHaveLength(4);
    expectReplyChain(made);
    expect(row).toMatchObject({ status: 'completed', postsMade: 4, postUrl: made[0]!.permalink });
    const stored = await getPublishRun(userId, thread.id, 'threads');
    expect(stored?.made.map((entry) => entry.id)).toEqual(made.map((item) => item.id));
  });

  it('finds a post whose publish answer was lost instead of publishing it again', async () => {
    const { userId } = await connectMetaThreads();
    const start = threads.media.length;
    const containers = threads.stats.containersCreated;
    threads.failPublishes({ lostAnswer: true }, { status: 429, retryAfter: 1 }, { lostAnswer: true });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 4 });
    const made = threads.media.slice(start);
    expect(made).toHaveLength(4);
    expectReplyChain(made);
    expect(threads.stats.containersCreated - containers).toBe(4);
  });

  it('waits out Retry-After on a 429 even when its body says is_transient, then publishes once', async () => {
    const { userId } = await connectMetaThreads();
    const start = threads.media.length;
    const calls = threads.publishCallTimes.length;
    threads.failPublishes({ status: 429, retryAfter: 2, transient: true });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 4 });
    expectReplyChain(threads.media.slice(start));
    const [limited, retried] = threads.publishCallTimes.slice(calls);
    expect(retried! - limited!).toBeGreaterThanOrEqual(2000);
  });

  it('waits out a Retry-After longer than a queue delay in hops, calling Threads no earlier', async () => {
    const { userId } = await connectMetaThreads();
    const thread = makeThread(userId, THREE_POSTS);
    await putThread(thread);
    const runId = randomUUID();
    const startedAt = new Date().toISOString();
    await startFreshRun({
      userId,
      threadId: thread.id,
      platform: 'threads',
      runId,
      status: 'pending',
      posts: ['Nets dry on the quay by noon.', ATTRIBUTION],
      made: [],
      error: null,
      postUrl: null,
      leaseUntil: null,
      startedAt,
      article: { url: ARTICLE, title: thread.title },
      updatedAt: startedAt,
    });
    const message = {
      userId,
      threadId: thread.id,
      platform: 'threads' as const,
      runId,
      article: { url: ARTICLE, title: thread.title },
      rateLimitWaits: 0,
    };
    const now = new Date();

    // Threads asked for an hour: SQS delays 15 minutes at most, the rest rides in the message.
    const [waiting, delay] = rateLimitRetry(message, 3600, now);
    expect(delay).toBe(900);
    expect(Date.parse(waiting.notBefore!) - now.getTime()).toBe(3_600_000);
    expect(rateLimitRetry(message, 120, now)).toEqual([{ ...message, rateLimitWaits: 1 }, 120]);

    const containers = threads.stats.containersCreated;
    const calls = threads.stats.publishCalls;
    await runPublishMessage(waiting, { receiveCount: 1, maxReceiveCount: 5 });
    expect(threads.stats.containersCreated).toBe(containers);
    expect(threads.stats.publishCalls).toBe(calls);
    expect((await getPublishRun(userId, thread.id, 'threads'))?.status).toBe('pending');

    // Delivered once the hour is over, it publishes.
    await runPublishMessage(
      waiting,
      { receiveCount: 1, maxReceiveCount: 5 },
      () => new Date(now.getTime() + 3_601_000),
    );
    expect((await getPublishRun(userId, thread.id, 'threads'))?.status).toBe('completed');
    expect(threads.stats.publishCalls).toBe(calls + 2);
  });

  it('finds the post of a container a stopped worker published but did not record, making no new container', async () => {
    const { userId } = await connectMetaThreads();
    const live = (await loadLiveConnection(userId, 'threads', new Date()))!;
    const post = recordingSteps({
      ...firstPost('Boats return before sunrise.'),
      runStartedAt: new Date().toISOString(),
    });
    const made = await metaThreadsAdapter.publishPost(live, post);
    const containers = threads.stats.containersCreated;

    // Delivered again with the container recorded as the post's step, the post itself not recorded.
    const again = await metaThreadsAdapter.publishPost(live, { ...post, step: post.steps[0]!, mayAlreadyExist: true });

    expect(again).toEqual(made);
    expect(threads.stats.containersCreated).toBe(containers);
    expect(threads.media.filter((item) => item.text === post.text)).toHaveLength(1);
  });

  it('reuses the container stuck IN_PROGRESS on the retry, never making a second one', async () => {
    const { userId } = await connectMetaThreads();
    const start = threads.media.length;
    const containers = threads.stats.containersCreated;
    // Stuck for this attempt's whole wait, then ready on the queue's next delivery.
    threads.failContainers({ inProgressPolls: 5 });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 4 });
    expectReplyChain(threads.media.slice(start));
    expect(threads.stats.containersCreated - containers).toBe(4);
  });

  it('fails the row naming the cause when a container stays IN_PROGRESS through every attempt', async () => {
    const { userId } = await connectMetaThreads();
    const start = threads.media.length;
    threads.failContainers({ inProgressPolls: 1 }, { inProgressPolls: Number.POSITIVE_INFINITY });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({
      status: 'failed',
      postsMade: 1,
      error: 'Threads did not finish preparing post 2 in time (its container is still IN_PROGRESS)',
    });
    expect(threads.media.slice(start)).toHaveLength(1);
  });

  it.each([
    ['ERROR', 'Threads could not prepare post 1: UNKNOWN'],
    ['EXPIRED', 'Threads let post 1 expire before it could be published'],
  ] as const)('fails the row clearly when a container ends in %s, and a retry makes a new one', async (ends, error) => {
    const { userId } = await connectMetaThreads();
    const start = threads.media.length;
    threads.failContainers({ ends });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'failed', postsMade: 0, error });
    expect(threads.media.slice(start)).toEqual([]);

    await requestPublish(userId, thread.id, { platforms: ['threads'] }, new Date());
    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 4 });
    expectReplyChain(threads.media.slice(start));
  });

  it('refuses a run the 24-hour reply quota cannot take, before posting anything', async () => {
    const { userId } = await connectMetaThreads();
    const start = threads.media.length;
    threads.setQuotaUsage({ posts: 3, replies: 998 });
    try {
      const thread = await publish(userId);
      expect(await settle(userId, thread.id)).toMatchObject({
        status: 'failed',
        postsMade: 0,
        error:
          "Threads' 24-hour publishing limit would be passed: this thread needs 1 post and 3 replies, and the " +
          'profile has 247 posts and 2 replies left. Try again once earlier posts are more than a day old.',
      });
      expect(threads.media.slice(start)).toEqual([]);
    } finally {
      threads.setQuotaUsage({ posts: 0, replies: 0 });
    }
  });

  it('asks to reconnect when the publishing permission was refused on the consent screen', async () => {
    const { userId } = await connectMetaThreads(['threads_content_publish']);
    const thread = await publish(userId);

    const row = await settle(userId, thread.id);

    expect(row.status).toBe('failed');
    expect(row.error).toContain('Threads did not grant ThreadSnip a permission it needs to publish');
    expect((await listConnections(userId)).connections[0]?.connectionData.needsReconnect).toBe(true);
  });

  it('shows the row in the publishing status with the thread’s first post as its View link', async () => {
    const { userId } = await connectMetaThreads();
    const thread = await publish(userId, ['One short post about the harbour.']);
    await settle(userId, thread.id);

    const { platforms } = await getPublishStatus(userId, thread.id, new Date());

    const [first] = threads.media.filter((item) => item.text.includes('One short post'));
    expect(platforms).toEqual([expect.objectContaining({ platform: 'threads', postUrl: first!.permalink })]);
    expect(first!.text).toContain(ARTICLE);
  });
});

describe('posting pictures to Threads through IMAGE and CAROUSEL containers', () => {
  async function connected() {
    const { userId } = await connectMetaThreads();
    return (await loadLiveConnection(userId, 'threads', new Date()))!;
  }

  it('posts one picture as an IMAGE container with its alt text, replying to the post before', async () => {
    const connection = await connected();
    const parent = await metaThreadsAdapter.publishPost(connection, firstPost(`Harbour thread ${randomUUID()}`));
    const image = await mediaHost.picture('Boats at the quay before sunrise');
    const post = { ...firstPost(`The quay ${randomUUID()}`), images: [image] };

    const made = await metaThreadsAdapter.publishPost(connection, { ...post, index: 1, root: parent, parent });

    const published = threads.media.find((item) => item.id === made.id)!;
    expect(published).toMatchObject({ mediaType: 'IMAGE', replyToId: parent.id, text: post.text });
    expect(published.pictures.map((item) => [item.alt, new Uint8Array(item.bytes)])).toEqual([
      ['Boats at the quay before sunrise', image.data],
    ]);
  });

  it('posts several pictures as a CAROUSEL of FINISHED item containers, in order, and records their ids', async () => {
    const connection = await connected();
    const images = await Promise.all(['The quay', 'The market', 'The boats'].map((alt) => mediaHost.picture(alt)));
    const post = recordingSteps({ ...firstPost(`Three pictures ${randomUUID()}`), images });

    const made = await metaThreadsAdapter.publishPost(connection, post);

    const published = threads.media.find((item) => item.id === made.id)!;
    expect(published.mediaType).toBe('CAROUSEL');
    expect(published.pictures.map((item) => item.alt)).toEqual(['The quay', 'The market', 'The boats']);
    const items = threads.containers().filter((container) => container.isCarouselItem);
    expect(post.steps.at(-1)).toEqual({
      ...Object.fromEntries(images.map((image) => [`item:${image.mediaId}`, expect.any(String)])),
      containerId: published.containerId,
    });
    expect(images.map((image) => post.steps.at(-1)![`item:${image.mediaId}`])).toEqual(
      items.slice(-3).map((container) => container.id),
    );
  });

  it('fails with a clear reason and publishes nothing when Threads cannot fetch a picture', async () => {
    const connection = await connected();
    const published = threads.media.length;
    const images = [await mediaHost.picture('Gone', { unreachable: true })];
    const post = { ...firstPost(`A picture that is gone ${randomUUID()}`), images };

    const refused = await metaThreadsAdapter.publishPost(connection, post).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(PlatformRejectedError);
    expect((refused as Error).message).toBe('Threads could not prepare post 1: UNKNOWN');
    expect(threads.media.length).toBe(published);
  });

  it('reuses the recorded item and carousel containers on a retry, making none twice', async () => {
    const connection = await connected();
    // The two items finish at once; the carousel is still IN_PROGRESS when the first attempt gives up.
    threads.failContainers({ inProgressPolls: 0 }, { inProgressPolls: 0 }, { inProgressPolls: 3 });
    const images = [await mediaHost.picture('First'), await mediaHost.picture('Second')];
    const post = recordingSteps({ ...firstPost(`Retried carousel ${randomUUID()}`), images });
    await expect(metaThreadsAdapter.publishPost(connection, post)).rejects.toBeInstanceOf(PlatformUnavailableError);

    const { made, recorded } = await expectRetryReusesRecordedUploads(post, {
      publish: (retry) => metaThreadsAdapter.publishPost(connection, retry),
      uploads: () => threads.stats.containersCreated,
    });

    const published = threads.media.find((item) => item.id === made.id)!;
    expect(published.containerId).toBe(recorded.containerId);
    expect(published.pictures.map((item) => item.alt)).toEqual(['First', 'Second']);
  });
});

describe('placing the source link on Threads', () => {
  itPlacesTheLinkOnTheFirstPostWhenChosen({
    platform: 'threads',
    connectedUser: async () => (await connectMetaThreads()).userId,
    bodyPosts: THREE_POSTS,
    received: () => threads.media,
  });
});
