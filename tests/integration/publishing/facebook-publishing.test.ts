import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type GraphPost, startFacebookServer } from '../../fakes/facebook-server';
import { connectionKeyOf } from '../../helpers/connections';
import { itPlacesTheLinkOnTheFirstPostWhenChosen } from '../../helpers/link-placement-checks';
import { answerConsent, oauthCallback, startOAuth } from '../../helpers/oauth-consent';
import { startMediaHost } from '../../helpers/outgoing-images';
import { expectRetryReusesRecordedUploads, recordingSteps } from '../../helpers/outgoing-posts';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, ATTRIBUTION, firstPost, makeThread, settle } from '../../helpers/publishing-threads';

const APP = { appId: 'fb-app-id', appSecret: 'fb-app-secret' };
const GAZETTE = { id: '1110001', name: 'Harbour Gazette' };
const QUAY = { id: '2220002', name: 'Quay Notes' };
const facebook = await startFacebookServer({
  ...APP,
  redirectUris: ['http://localhost:3000/api/connections/facebook/callback'],
  user: { id: '9990009', name: 'Dana Curator' },
  pages: [GAZETTE, QUAY],
});
Object.assign(process.env, {
  FACEBOOK_GRAPH_URL: facebook.graphUrl,
  FACEBOOK_DIALOG_URL: facebook.dialogUrl,
  FACEBOOK_APP_ID: APP.appId,
  FACEBOOK_APP_SECRET: APP.appSecret,
  OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
});
const pipeline = await startPublishingPipeline();
const { db, tableName } = await import('#functions/data/client');
const { putThread } = await import('#functions/data/thread-repository');
const { listConnections, selectPublishTarget, loadLiveConnection } = await import(
  '#functions/services/connections/connections'
);
const { requestPublish, getPublishStatus, runPublishMessage } = await import(
  '#functions/services/publishing/publish-thread'
);
const { startFreshRun, claimPublishRun } = await import('#functions/data/publish-run-repository');
const { facebookAdapter } = await import('#functions/services/platforms/facebook');
const { PlatformRateLimitError, PlatformRejectedError, PlatformUnavailableError } = await import(
  '#functions/services/platforms/platform-adapter'
);

const mediaHost = await startMediaHost();

afterAll(async () => {
  await pipeline.stop();
  await facebook.close();
  await mediaHost.close();
});

/** Logs in through the local dialog, sharing `pages`, and returns the user and where the app was sent. */
async function connect(pages: string[]) {
  const userId = `user-${randomUUID()}`;
  const back = await answerConsent(await startOAuth('facebook', userId), 'allow', { page: pages });
  const location = await oauthCallback('facebook', userId, Object.fromEntries(back.searchParams));
  return { userId, location };
}

async function storedConnection(userId: string) {
  const raw = await db.send(new GetCommand({ TableName: tableName(), Key: await connectionKeyOf(userId, 'facebook') }));
  return raw.Item;
}

// Posts of 4,500 characters: two never fit one 8,000-character comment, so each is its own.
const longPost = (n: number) =>
  `${n}/ ${`Harbour note ${n}: the boats return before sunrise and buyers bid. `.repeat(68).trim()}`;
const THREE_POSTS = [1, 2, 3].map(longPost);

async function publish(userId: string, bodyPosts = THREE_POSTS) {
  const thread = makeThread(userId, bodyPosts);
  await putThread(thread);
  await requestPublish(userId, thread.id, { platforms: ['facebook'] }, new Date());
  return thread;
}

function postsSince(start: number): GraphPost[] {
  return facebook.posts.slice(start);
}

/** A Page post (no preview: the link is the credit's), then each comment on it in order, the attribution last. */
function expectPostThenComments(made: GraphPost[], pageId: string) {
  const [post, ...comments] = made;
  expect(post).toMatchObject({ pageId, link: null, parentId: null });
  expect(post!.message.startsWith('The harbour at dawn\n\n')).toBe(true);
  expect(comments.map((comment) => comment.parentId)).toEqual(comments.map(() => post!.id));
  expect(comments.map((comment) => comment.message)).toEqual([
    ...THREE_POSTS.slice(1).map((text) => text.slice(3)),
    ATTRIBUTION,
  ]);
}

describe('connecting a Facebook Page', () => {
  it('with one Page shared, chooses it and keeps its token sealed, never in the connection data', async () => {
    const { userId, location } = await connect([GAZETTE.id]);

    expect(location.searchParams.get('facebook_connected')).toBe('true');
    expect(location.searchParams.get('username')).toBe(GAZETTE.name);
    const { connections } = await listConnections(userId);
    expect(connections[0]).toMatchObject({
      platform: 'facebook',
      platformUsername: GAZETTE.name,
      connectionData: { pages: [GAZETTE], selectedPageId: GAZETTE.id, pageName: GAZETTE.name },
    });
    const item = await storedConnection(userId);
    expect(String(item?.accessToken)).toMatch(/^v1\./);
    expect(JSON.stringify(item)).not.toContain('EAA');
    // Page tokens from a long-lived user token do not expire.
    expect(item?.tokenExpiresAt).toBeNull();
  });

  it('asks for the comma-separated Page permissions without PKCE', async () => {
    const url = await startOAuth('facebook', `user-${randomUUID()}`);
    expect(url.searchParams.get('scope')).toBe(
      'pages_show_list,pages_manage_posts,pages_read_engagement,pages_manage_engagement',
    );
    expect(url.searchParams.get('client_id')).toBe(APP.appId);
    expect(url.searchParams.has('code_challenge')).toBe(false);
  });

  it('with no Page shared, or the dialog cancelled, or the code replayed, stores nothing', async () => {
    const { userId, location } = await connect([]);
    expect(location.searchParams.get('facebook_oauth_error')).toBe('true');
    expect(location.searchParams.get('message')).toContain('No Facebook Page');

    const cancelledUser = `user-${randomUUID()}`;
    const cancelled = await answerConsent(await startOAuth('facebook', cancelledUser), 'deny');
    const denied = await oauthCallback('facebook', cancelledUser, Object.fromEntries(cancelled.searchParams));
    expect(denied.searchParams.get('facebook_oauth_error')).toBe('true');
    expect(denied.searchParams.get('message')).toBe('You cancelled the connection on Facebook. Nothing was connected.');

    const replayUser = `user-${randomUUID()}`;
    const approved = await answerConsent(await startOAuth('facebook', replayUser), 'allow');
    const query = Object.fromEntries(approved.searchParams);
    expect((await oauthCallback('facebook', replayUser, query)).searchParams.get('facebook_connected')).toBe('true');
    const replayed = await oauthCallback('facebook', `user-${randomUUID()}`, query);
    expect(replayed.searchParams.get('facebook_oauth_error')).toBe('true');

    expect((await listConnections(userId)).connections).toEqual([]);
    expect((await listConnections(cancelledUser)).connections).toEqual([]);
  });
});

describe('publishing a thread to a Facebook Page through the queue', () => {
  it('posts on the Page, the rest as comments in order, the attribution last with the link', async () => {
    const { userId } = await connect([GAZETTE.id]);
    const start = facebook.posts.length;
    const thread = await publish(userId);

    const row = await settle(userId, thread.id);

    const made = postsSince(start);
    expect(made).toHaveLength(4);
    expectPostThenComments(made, GAZETTE.id);
    expect(row).toMatchObject({ status: 'completed', postUrl: `https://www.facebook.com/${made[0]!.id}` });
  });

  it('with several Pages, refuses to publish until one is chosen, then posts as that Page', async () => {
    const { userId, location } = await connect([GAZETTE.id, QUAY.id]);
    expect(location.searchParams.get('username')).toBe('Dana Curator');
    expect((await listConnections(userId)).connections[0]?.connectionData).toEqual({
      userId: '9990009',
      pages: [GAZETTE, QUAY],
    });
    const thread = makeThread(userId, THREE_POSTS);
    await putThread(thread);
    await expect(requestPublish(userId, thread.id, { platforms: ['facebook'] }, new Date())).rejects.toThrow(
      'Facebook Page Required',
    );
    await expect(selectPublishTarget(userId, 'facebook', '123', new Date())).rejects.toThrow();

    await selectPublishTarget(userId, 'facebook', QUAY.id, new Date());
    const start = facebook.posts.length;
    await requestPublish(userId, thread.id, { platforms: ['facebook'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
    expectPostThenComments(postsSince(start), QUAY.id);
  });

  it('resumes after a transient 500 on the second comment without duplicating anything', async () => {
    const { userId } = await connect([GAZETTE.id]);
    const start = facebook.posts.length;
    facebook.failPublish(3, { status: 500 });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 4 });
    const made = postsSince(start);
    expect(made).toHaveLength(4);
    expectPostThenComments(made, GAZETTE.id);
  });

  it('does not post twice when the Page post or a comment was made but its answer was lost', async () => {
    const { userId } = await connect([GAZETTE.id]);
    const start = facebook.posts.length;
    facebook.failPublish(1, { status: 500, madeThenLost: true });
    facebook.failPublish(3, { status: 500, madeThenLost: true });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 4 });
    const made = postsSince(start);
    expect(made).toHaveLength(4);
    expectPostThenComments(made, GAZETTE.id);
  });

  it('finds the Page post a worker made but did not record before it stopped, when SQS delivers the message again', async () => {
    const { userId } = await connect([GAZETTE.id]);
    const thread = makeThread(userId, THREE_POSTS);
    await putThread(thread);
    const posts = ['Boats return before sunrise.', 'Buyers bid at six, and the best fish go first.', ATTRIBUTION];
    const runId = randomUUID();
    const startedAt = new Date(Date.now() - 1_000).toISOString();
    await startFreshRun({
      userId,
      threadId: thread.id,
      platform: 'facebook',
      runId,
      status: 'pending',
      posts,
      made: [],
      error: null,
      postUrl: null,
      leaseUntil: null,
      startedAt,
      article: { url: ARTICLE, title: thread.title },
      updatedAt: startedAt,
    });
    // The first delivery's worker made the Page post, then stopped before recording it.
    const start = facebook.posts.length;
    const leftBehind: GraphPost = {
      id: `${GAZETTE.id}_${randomUUID().slice(0, 8)}`,
      pageId: GAZETTE.id,
      message: posts[0]!,
      link: null,
      parentId: null,
      photos: [],
      createdAt: Date.now(),
    };
    facebook.posts.push(leftBehind);

    await runPublishMessage(
      {
        userId,
        threadId: thread.id,
        platform: 'facebook',
        runId,
        article: { url: ARTICLE, title: thread.title },
        rateLimitWaits: 0,
      },
      { receiveCount: 2, maxReceiveCount: 5 },
    );

    const [row] = (await getPublishStatus(userId, thread.id, new Date())).platforms;
    expect(row).toMatchObject({
      status: 'completed',
      postsMade: 3,
      postUrl: `https://www.facebook.com/${leftBehind.id}`,
    });
    const made = postsSince(start);
    expect(made.map((post) => [post.message, post.parentId])).toEqual([
      [posts[0], null],
      [posts[1], leftBehind.id],
      [posts[2], leftBehind.id],
    ]);
  });

  it('resumes a run whose worker stopped holding it when the curator publishes again, finding the post it made', async () => {
    const { userId } = await connect([GAZETTE.id]);
    const thread = makeThread(userId, THREE_POSTS);
    await putThread(thread);
    const posts = ['Boats return before sunrise.', 'Buyers bid at six, and the best fish go first.', ATTRIBUTION];
    const runId = randomUUID();
    const startedAt = new Date(Date.now() - 120_000).toISOString();
    const run = { userId, threadId: thread.id, platform: 'facebook' as const, runId };
    await startFreshRun({
      ...run,
      status: 'pending',
      posts,
      made: [],
      error: null,
      postUrl: null,
      leaseUntil: null,
      startedAt,
      article: { url: ARTICLE, title: thread.title },
      updatedAt: startedAt,
    });
    // A worker took the run two minutes ago (a one-minute lease), made the Page post, and died.
    await claimPublishRun(run, Date.parse(startedAt), 60_000, startedAt);
    const start = facebook.posts.length;
    const leftBehind: GraphPost = {
      id: `${GAZETTE.id}_${randomUUID().slice(0, 8)}`,
      pageId: GAZETTE.id,
      message: posts[0]!,
      link: null,
      parentId: null,
      photos: [],
      createdAt: Date.now() - 90_000,
    };
    facebook.posts.push(leftBehind);

    await requestPublish(userId, thread.id, { platforms: ['facebook'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({
      status: 'completed',
      postsMade: 3,
      postUrl: `https://www.facebook.com/${leftBehind.id}`,
    });
    expect(postsSince(start).map((post) => [post.message, post.parentId])).toEqual([
      [posts[0], null],
      [posts[1], leftBehind.id],
      [posts[2], leftBehind.id],
    ]);
  });

  it('reads a Page rate limit as a wait of Facebook’s estimated time to regain access', async () => {
    const { userId } = await connect([GAZETTE.id]);
    const connection = await loadLiveConnection(userId, 'facebook', new Date());
    facebook.failPublish(1, { code: 32, regainMinutes: 3 });

    const refused = facebookAdapter.publishPost(connection!, firstPost('One post.'));

    await expect(refused).rejects.toBeInstanceOf(PlatformRateLimitError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 180 });
  });

  it('fails the row asking to reconnect when Facebook invalidates the Page token mid-thread', async () => {
    const { userId } = await connect([GAZETTE.id]);
    facebook.failPublish(2, { code: 190 });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({
      status: 'failed',
      postsMade: 1,
      error: 'Facebook no longer accepts this connection. Reconnect Facebook in Account Settings.',
    });
    expect((await listConnections(userId)).connections[0]?.connectionData.needsReconnect).toBe(true);
  });

  it('marks the connection for reconnection when the user token is invalidated before a Page switch, posting nothing', async () => {
    const { userId } = await connect([GAZETTE.id, QUAY.id]);
    await selectPublishTarget(userId, 'facebook', GAZETTE.id, new Date());
    facebook.invalidateTokens();
    const start = facebook.posts.length;
    const thread = makeThread(userId, THREE_POSTS);
    await putThread(thread);

    await expect(requestPublish(userId, thread.id, { platforms: ['facebook'] }, new Date())).rejects.toThrow(
      'Facebook needs to be connected again (Facebook no longer accepts the login). Reconnect it in Account Settings.',
    );

    expect(postsSince(start)).toEqual([]);
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
    expect((await listConnections(userId)).connections[0]?.connectionData.needsReconnect).toBe(true);
  });
});

describe('posting pictures to a Facebook Page: unpublished photos, then attached_media or a comment attachment', () => {
  async function connected() {
    const { userId } = await connect([GAZETTE.id]);
    return (await loadLiveConnection(userId, 'facebook', new Date()))!;
  }

  it('uploads each picture unpublished with its alt text and attaches them in order to the Page post', async () => {
    const connection = await connected();
    const images = [await mediaHost.picture('Boats at the quay'), await mediaHost.picture('Buyers at the market')];
    const post = recordingSteps({ ...firstPost(`Two pictures ${randomUUID()}`), images });

    const made = await facebookAdapter.publishPost(connection, post);

    const published = facebook.posts.find((entry) => entry.id === made.id)!;
    expect(published.link).toBeNull();
    expect(published.photos.map((photo) => [photo.alt, photo.published, new Uint8Array(photo.bytes)])).toEqual([
      ['Boats at the quay', false, images[0]!.data],
      ['Buyers at the market', false, images[1]!.data],
    ]);
    expect(post.steps.at(-1)).toEqual(
      Object.fromEntries(images.map((image, index) => [`photo:${image.mediaId}`, published.photos[index]!.id])),
    );
  });

  it('attaches a comment’s one picture as attachment_id, and refuses a comment with more before posting it', async () => {
    const connection = await connected();
    const root = await facebookAdapter.publishPost(connection, firstPost(`The Page post ${randomUUID()}`));
    const image = await mediaHost.picture('The harbour master');
    const reply = { ...firstPost(`A comment ${randomUUID()}`), images: [image], index: 1, root, parent: root };

    const made = await facebookAdapter.publishPost(connection, reply);

    const comment = facebook.posts.find((entry) => entry.id === made.id)!;
    expect(comment.parentId).toBe(root.id);
    expect(comment.photos.map((photo) => photo.alt)).toEqual(['The harbour master']);
    const posted = facebook.posts.length;
    const uploaded = facebook.photos.size;
    const two = [await mediaHost.picture('One'), await mediaHost.picture('Two')];
    const refused = await facebookAdapter
      .publishPost(connection, { ...reply, text: `Two on a comment ${randomUUID()}`, images: two })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlatformRejectedError);
    expect((refused as Error).message).toBe('Facebook takes one picture on a comment; post 2 has 2');
    expect([facebook.posts.length, facebook.photos.size]).toEqual([posted, uploaded]);
  });

  it('fails with Facebook’s reason and makes no post when it cannot fetch a picture', async () => {
    const connection = await connected();
    const posted = facebook.posts.length;
    const images = [await mediaHost.picture('Gone', { unreachable: true })];
    const post = { ...firstPost(`A picture that is gone ${randomUUID()}`), images };

    const refused = await facebookAdapter.publishPost(connection, post).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(PlatformRejectedError);
    expect((refused as Error).message).toBe('Facebook refused the post: (#324) Missing or invalid image file');
    expect(facebook.posts.length).toBe(posted);
  });

  it('reuses the recorded photo ids when the post is retried, uploading nothing twice', async () => {
    const connection = await connected();
    facebook.failPhotoUploads(1);
    const images = [await mediaHost.picture('First'), await mediaHost.picture('Second')];
    const post = recordingSteps({ ...firstPost(`Retried with pictures ${randomUUID()}`), images });
    await expect(facebookAdapter.publishPost(connection, post)).rejects.toBeInstanceOf(PlatformUnavailableError);
    facebook.failPublish(1, { status: 500 });
    await expect(facebookAdapter.publishPost(connection, post)).rejects.toBeInstanceOf(PlatformUnavailableError);

    const { made, recorded } = await expectRetryReusesRecordedUploads(post, {
      publish: (retry) => facebookAdapter.publishPost(connection, retry),
      uploads: () => facebook.photos.size,
    });

    const published = facebook.posts.find((entry) => entry.id === made.id)!;
    expect(published.photos.map((photo) => photo.id)).toEqual(Object.values(recorded));
  });
});

describe('placing the source link on a Facebook Page', () => {
  itPlacesTheLinkOnTheFirstPostWhenChosen({
    platform: 'facebook',
    connectedUser: async () => (await connect([GAZETTE.id])).userId,
    bodyPosts: THREE_POSTS,
    received: () => facebook.posts.map((post) => ({ text: post.message, link: post.link })),
  });

  it('gives a thread that fits one Page post, its credit included, the article as its preview', async () => {
    const { userId } = await connect([GAZETTE.id]);
    const start = facebook.posts.length;

    const thread = await publish(userId, ['1/ Boats return before sunrise.', '2/ Buyers bid at six.']);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 1 });
    const [post, ...more] = postsSince(start);
    expect(more).toEqual([]);
    expect(post).toMatchObject({ link: ARTICLE, parentId: null });
    expect(post!.message.endsWith(ATTRIBUTION)).toBe(true);
  });
});
