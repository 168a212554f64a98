import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import twitterText from 'twitter-text';
import { afterAll, describe, expect, it } from 'vitest';
import { attributionText } from '#shared/attribution';
import type { PublishRequest } from '#shared/schemas/publishing';
import { startTwitterServer, type Tweet } from '../../fakes/twitter-server';
import { connectionKeyOf } from '../../helpers/connections';
import { startMediaBucket } from '../../helpers/media-bucket';
import { answerConsent, browserCookieFor, oauthCallback, startOAuth } from '../../helpers/oauth-consent';
import { outgoingImage } from '../../helpers/outgoing-images';
import { expectRetryReusesRecordedUploads, recordingSteps } from '../../helpers/outgoing-posts';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, firstPost, makeThread, settle, TEST_APP_HOST } from '../../helpers/publishing-threads';

const CLIENT = { clientId: 'x-client-id', clientSecret: 'x-client-secret' };
const REDIRECT_URI = 'http://localhost:3000/api/connections/twitter/callback';
const twitter = await startTwitterServer({
  ...CLIENT,
  redirectUris: [REDIRECT_URI],
  account: { id: '2244994945', username: 'harbourcurator', name: 'Harbour Curator' },
});
Object.assign(process.env, {
  TWITTER_API_URL: twitter.url,
  TWITTER_AUTHORIZE_URL: twitter.authorizeUrl,
  TWITTER_CLIENT_ID: CLIENT.clientId,
  TWITTER_CLIENT_SECRET: CLIENT.clientSecret,
  OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
});
// The bucket the run reads a post's pictures from (the curator's own, stored as the app stores them).
const mediaBucket = await startMediaBucket();
const pipeline = await startPublishingPipeline();
const { db, tableName } = await import('#functions/data/client');
const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const { listConnections, loadLiveConnection, storeConnection } = await import(
  '#functions/services/connections/connections'
);
const { twitterAdapter } = await import('#functions/services/platforms/twitter');
const { PlatformRateLimitError, PlatformRejectedError, PlatformUnavailableError } = await import(
  '#functions/services/platforms/platform-adapter'
);
const { ReconnectRequiredError } = await import('#functions/lib/errors');
const { scheduleThread } = await import('#functions/services/scheduling/scheduled-items');
const { requestPublish, getPublishStatus, runPublishMessage } = await import(
  '#functions/services/publishing/publish-thread'
);
const { getPublishRun, startFreshRun } = await import('#functions/data/publish-run-repository');
const { saveImage } = await import('#functions/services/media/media');
const { issueOAuthState } = await import('#functions/services/connections/oauth-state');

afterAll(async () => {
  await pipeline.stop();
  await twitter.close();
  await mediaBucket.close();
});

/** POST authorize as the signed-in user → the local X's consent page → its Authorize (or Cancel) button. */
async function consent(userId: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  return answerConsent(await startOAuth('twitter', userId, { returnPath: '/account-settings' }), decision);
}

const callback = (userId: string, query: Record<string, string>) => oauthCallback('twitter', userId, query);

async function connectedUser(): Promise<string> {
  const userId = `user-${randomUUID()}`;
  const back = await consent(userId);
  const location = await callback(userId, Object.fromEntries(back.searchParams));
  expect(location.searchParams.get('twitter_connected')).toBe('true');
  return userId;
}

function tweetsSince(start: number): Tweet[] {
  return twitter.tweets.slice(start);
}

function expectChainedThread(sent: Tweet[], articleUrl: string) {
  sent.forEach((tweet, index) => {
    expect(tweet.inReplyTo).toBe(index === 0 ? null : sent[index - 1]!.id);
    expect(twitterText.parseTweet(tweet.text).weightedLength).toBeLessThanOrEqual(280);
  });
  expect(new Set(sent.map((tweet) => tweet.text)).size).toBe(sent.length);
  expect(sent.at(-1)!.text).toBe(attributionText(TEST_APP_HOST, articleUrl));
}

// X refuses a post identical to one the account made: every thread here is about its own article.
let articles = 0;
const nextArticle = () => `${ARTICLE}-${++articles}`;

// Four body posts of about 250 characters: each stays its own post at 280.
const longPost = (n: number, articleUrl: string) =>
  `${n}/ ${`Note ${n} on ${articleUrl.split('/').at(-1)}: the boats return before sunrise and buyers bid. `.repeat(3).trim()}`;
const fourPosts = (articleUrl: string) => [1, 2, 3, 4].map((n) => longPost(n, articleUrl));

async function publish(
  userId: string,
  bodyPosts?: (articleUrl: string) => string[],
  linkPlacements?: PublishRequest['linkPlacements'],
) {
  const articleUrl = nextArticle();
  const thread = makeThread(userId, (bodyPosts ?? fourPosts)(articleUrl), { sourceUrl: articleUrl });
  await putThread(thread);
  await requestPublish(userId, thread.id, { platforms: ['twitter'], linkPlacements }, new Date());
  return thread;
}

async function storedConnection(userId: string) {
  const raw = await db.send(new GetCommand({ TableName: tableName(), Key: await connectionKeyOf(userId, 'twitter') }));
  return raw.Item;
}

/** Two hours pass: the stored token's expiry is behind us and X no longer takes it. */
async function expireAccessToken(userId: string) {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: await connectionKeyOf(userId, 'twitter'),
      UpdateExpression: 'SET tokenExpiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
    }),
  );
  twitter.expireAccessTokens();
}

describe('connecting X through its consent screen', () => {
  it('sends the browser to X with PKCE and the scopes, and comes back connected as @handle with tokens sealed', async () => {
    const userId = `user-${randomUUID()}`;
    const url = await startOAuth('twitter', userId);
    expect(url.origin + url.pathname).toBe(twitter.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'tweet.read tweet.write users.read offline.access media.write',
      code_challenge_method: 'S256',
    });

    const back = await consent(userId);
    const location = await callback(userId, Object.fromEntries(back.searchParams));

    expect(location.pathname).toBe('/account-settings');
    expect(location.searchParams.get('twitter_connected')).toBe('true');
    expect(location.searchParams.get('username')).toBe('@harbourcurator');
    const { connections } = await listConnections(userId);
    expect(connections).toEqual([
      expect.objectContaining({
        platform: 'twitter',
        isConnected: true,
        platformUsername: '@harbourcurator',
        connectionData: {
          userId: '2244994945',
          username: 'harbourcurator',
          grantedScopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'],
        },
      }),
    ]);
    expect(connections[0]).not.toHaveProperty('picturesNeedReconnect');
    const item = await storedConnection(userId);
    expect(String(item?.accessToken)).toMatch(/^v1\./);
    expect(String(item?.refreshToken)).toMatch(/^v1\./);
    // X's access tokens last two hours.
    expect(Date.parse(String(item?.tokenExpiresAt)) - Date.now()).toBeGreaterThan(7_000_000);
    expect(twitter.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
  });

  it('refuses a reused state, a state of another platform, and a cancelled consent, storing nothing', async () => {
    const userId = `user-${randomUUID()}`;
    const approved = await consent(userId);
    const query = Object.fromEntries(approved.searchParams);
    const first = await callback(userId, query);
    expect(first.searchParams.get('twitter_connected')).toBe('true');
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: await connectionKeyOf(userId, 'twitter'),
        UpdateExpression: 'SET isConnected = :no',
        ExpressionAttributeValues: { ':no': false },
      }),
    );

    const replayed = await callback(userId, query);
    expect(replayed.searchParams.get('twitter_oauth_error')).toBe('true');
    expect(replayed.searchParams.get('message')).toBeTruthy();

    const other = `user-${randomUUID()}`;
    const { state: redditState } = await issueOAuthState(other, 'reddit', new Date(), {});
    const foreign = await callback(other, { state: redditState, code: query.code ?? '' });
    expect(foreign.searchParams.get('twitter_oauth_error')).toBe('true');

    const cancelledUser = `user-${randomUUID()}`;
    const cancelled = await consent(cancelledUser, 'deny');
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    const denied = await callback(cancelledUser, Object.fromEntries(cancelled.searchParams));
    expect(denied.searchParams.get('twitter_oauth_error')).toBe('true');
    expect(denied.searchParams.get('message')).toBe(
      'You cancelled the connection on Twitter/X. Nothing was connected.',
    );

    expect((await storedConnection(userId))?.isConnected).toBe(false);
    expect((await listConnections(other)).connections).toEqual([]);
    expect((await listConnections(cancelledUser)).connections).toEqual([]);
  });
});

describe('a consent link handed to someone else (the flow is bound to the browser that started it)', () => {
  const mismatch =
    'This connection was started in another browser or by another account, so nothing was connected. To connect your own account, sign in to ThreadSnip in this browser and choose Connect again.';

  it("connects nothing to the account that started it when another browser finishes it, and the starter's own browser still can", async () => {
    const owner = `user-${randomUUID()}`;
    const stranger = `user-${randomUUID()}`;
    const handedOver = await startOAuth('twitter', owner, { returnPath: '/account-settings' });
    // The stranger has a flow of their own under way: their browser holds their own X flow cookie.
    const theirs = await startOAuth('twitter', stranger);
    const theirCookie = browserCookieFor(theirs.searchParams.get('state'));
    expect(theirCookie).toMatch(/^threadsnip_oauth_twitter=/);

    // The stranger approves the link with their X account and their browser lands on our callback.
    const back = await answerConsent(handedOver, 'allow');
    const query = Object.fromEntries(back.searchParams);
    const withoutCookie = await oauthCallback('twitter', stranger, query, { cookies: [] });
    const withTheirCookie = await oauthCallback('twitter', stranger, query, { cookies: [theirCookie ?? ''] });

    for (const landing of [withoutCookie, withTheirCookie]) {
      expect(landing.pathname).toBe('/account-settings');
      expect(landing.searchParams.get('twitter_oauth_error')).toBe('true');
      expect(landing.searchParams.get('twitter_connected')).toBeNull();
      expect(landing.searchParams.get('message')).toBe(mismatch);
    }
    expect((await listConnections(owner)).connections).toEqual([]);
    expect((await listConnections(stranger)).connections).toEqual([]);

    // Nothing was spent: the browser that started the flow finishes it.
    const own = await oauthCallback('twitter', owner, query);
    expect(own.searchParams.get('twitter_connected')).toBe('true');
    expect((await listConnections(owner)).connections).toEqual([
      expect.objectContaining({ platform: 'twitter', isConnected: true }),
    ]);
  });
});

describe('publishing a thread to X through the queue', () => {
  it('posts each post as a reply to the one before, the title first and the attribution last', async () => {
    const userId = await connectedUser();
    const start = twitter.tweets.length;
    const thread = await publish(userId);

    const row = await settle(userId, thread.id);

    const sent = tweetsSince(start);
    const posts = fourPosts(thread.sourceUrl);
    expect(sent.map((tweet) => tweet.text)).toEqual([
      `The harbour at dawn\n\n${posts[0]!.slice(3)}`,
      ...posts.slice(1).map((post) => post.slice(3)),
      attributionText(TEST_APP_HOST, thread.sourceUrl),
    ]);
    expectChainedThread(sent, thread.sourceUrl);
    expect(row).toMatchObject({
      status: 'completed',
      postsMade: 5,
      postUrl: `https://x.com/harbourcurator/status/${sent[0]!.id}`,
    });
    const saved = await getThreadForUser(userId, thread.id);
    expect(saved?.postedToX).toBe(true);
    expect(saved?.platformPosts.twitter).toEqual({ posted: true, postUrl: row.postUrl });
  });

  it("mentions the author's X account (the article's twitter:creator) under the attribution", async () => {
    const userId = await connectedUser();
    const start = twitter.tweets.length;
    const articleUrl = nextArticle();
    const thread = makeThread(userId, fourPosts(articleUrl), {
      sourceUrl: articleUrl,
      authorHandles: { twitter: '@maralind', profiles: [] },
    });
    await putThread(thread);
    await requestPublish(userId, thread.id, { platforms: ['twitter'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });

    expect(tweetsSince(start).at(-1)?.text).toBe(`${attributionText(TEST_APP_HOST, articleUrl)}\n\nAuthor: @maralind`);
  });

  it('puts the article link on the first post as well when the thread chose it, the attribution still last', async () => {
    const userId = await connectedUser();
    const start = twitter.tweets.length;
    // About 165 characters each: the title, the first post and the link share one post; two posts never do.
    const shorterPosts = (articleUrl: string) =>
      [1, 2, 3].map(
        (n) =>
          `${n}/ Note ${n} on ${articleUrl.split('/').at(-1)}: the boats return before sunrise, buyers bid at six and the hall fills with traders from three towns along the coast before the bell.`,
      );

    const thread = await publish(userId, shorterPosts, { twitter: 'first-post-and-credit' });

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 4 });
    const sent = tweetsSince(start);
    const posts = shorterPosts(thread.sourceUrl);
    expect(sent[0]!.text).toBe(`The harbour at dawn\n\n${posts[0]!.slice(3)}\n\n${thread.sourceUrl}`);
    expect(sent.slice(1, -1).map((tweet) => tweet.text)).toEqual(posts.slice(1).map((post) => post.slice(3)));
    expectChainedThread(sent, thread.sourceUrl);
  });

  it("splits by X's weighted count: a CJK character counts twice", async () => {
    const userId = await connectedUser();
    const start = twitter.tweets.length;
    // 199 characters, but 299 by X's count: with the title, one post would be refused.
    const harbours = Array.from({ length: 100 }, () => '港').join(' ');
    const thread = await publish(userId, () => [harbours]);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });

    // The title alone (it and the post do not fit together), the post in two between words, the attribution.
    const sent = tweetsSince(start);
    expect(sent.length).toBe(4);
    expect(sent[0]!.text).toBe('The harbour at dawn');
    expect(
      sent
        .slice(1, 3)
        .map((tweet) => tweet.text)
        .join(' '),
    ).toBe(harbours);
    expectChainedThread(sent, thread.sourceUrl);
  });

  it('resumes after a 503 on post 3 without duplicating a post', async () => {
    const userId = await connectedUser();
    const start = twitter.tweets.length;
    twitter.failTweet(3, { status: 503 });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });

    const sent = tweetsSince(start);
    expect(sent).toHaveLength(5);
    expectChainedThread(sent, thread.sourceUrl);
  });

  it('does not post twice when the attribution was made but its answer was lost (found among the posts since the run began)', async () => {
    const userId = await connectedUser();
    const start = twitter.tweets.length;
    // The fifth post carries the article's link, which X shows as a t.co link.
    twitter.failTweet(5, { status: 503, madeThenLost: true });
    const thread = await publish(userId);

    const row = await settle(userId, thread.id);

    expect(row).toMatchObject({ status: 'completed', postsMade: 5 });
    const sent = tweetsSince(start);
    expect(sent).toHaveLength(5);
    expectChainedThread(sent, thread.sourceUrl);
  });

  it('refuses a thread published again as X does (duplicate content), without claiming the earlier posts', async () => {
    const userId = await connectedUser();
    const thread = await publish(userId);
    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });
    const start = twitter.tweets.length;

    await requestPublish(userId, thread.id, { platforms: ['twitter'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({
      status: 'failed',
      postsMade: 0,
      error: 'Twitter/X refused the post: You are not allowed to create a Tweet with duplicate content.',
    });
    expect(tweetsSince(start)).toHaveLength(0);
  });

  it('waits out a 429 until x-rate-limit-reset by re-queueing, then completes', async () => {
    const userId = await connectedUser();
    const start = twitter.tweets.length;
    twitter.failTweet(2, { status: 429, resetIn: 2 });
    const startedAt = Date.now();
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });

    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
    const sent = tweetsSince(start);
    expect(sent).toHaveLength(5);
    expectChainedThread(sent, thread.sourceUrl);
  });

  it("waits for the daily cap's own reset when the user's 24-hour post limit is spent", async () => {
    const userId = await connectedUser();
    const connection = await loadLiveConnection(userId, 'twitter', new Date());
    twitter.failTweet(1, { status: 429, resetIn: 60, dailyResetIn: 3600 });

    const refused = await twitterAdapter
      .publishPost(connection!, firstPost(`A post for the daily cap ${randomUUID()}`))
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(PlatformRateLimitError);
    expect(refused).toMatchObject({ message: 'Twitter/X daily post limit reached' });
    expect((refused as InstanceType<typeof PlatformRateLimitError>).retryAfterSeconds).toBeGreaterThan(3500);
  });

  it('refreshes an expired access token before posting and keeps the rotated refresh token', async () => {
    const userId = await connectedUser();
    const before = await storedConnection(userId);
    await expireAccessToken(userId);
    const start = twitter.tweets.length;

    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
    expect(tweetsSince(start)).toHaveLength(5);
    expect(twitter.tokenRequests.some((form) => form.get('grant_type') === 'refresh_token')).toBe(true);
    const after = await storedConnection(userId);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(Date.parse(String(after?.tokenExpiresAt))).toBeGreaterThan(Date.now());

    // The rotated token is the one kept: a second expiry refreshes again.
    await expireAccessToken(userId);
    const again = await publish(userId);
    expect(await settle(userId, again.id)).toMatchObject({ status: 'completed' });
  });

  it('marks the connection for reconnection when the refresh token was revoked, and posts nothing', async () => {
    const userId = await connectedUser();
    await expireAccessToken(userId);
    twitter.revokeRefreshTokens();
    const start = twitter.tweets.length;
    const thread = makeThread(userId, fourPosts(ARTICLE));
    await putThread(thread);

    await expect(requestPublish(userId, thread.id, { platforms: ['twitter'] }, new Date())).rejects.toThrow(
      /^Twitter\/X needs to be connected again \(Twitter\/X refused the authorization: .+\)\. Reconnect it in Account Settings\.$/,
    );

    expect(tweetsSince(start)).toEqual([]);
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
    const { connections } = await listConnections(userId);
    expect(connections[0]?.connectionData.needsReconnect).toBe(true);
  });

  it('fails the row with a reconnect message when X refuses the token mid-thread', async () => {
    const userId = await connectedUser();
    twitter.failTweet(2, { status: 401 });
    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({
      status: 'failed',
      postsMade: 1,
      error: 'Twitter/X no longer accepts this connection. Reconnect Twitter/X in Account Settings.',
    });
    const { connections } = await listConnections(userId);
    expect(connections[0]?.connectionData.needsReconnect).toBe(true);
  });
});

describe("posting pictures with their alt text through X's media API", () => {
  async function pictures() {
    return [
      await outgoingImage({ mediaId: 'media-dawn', alt: 'Boats at the quay before sunrise' }),
      await outgoingImage({
        mediaId: 'media-market',
        mimeType: 'image/jpeg',
        alt: 'Buyers bidding at the fish market',
      }),
    ];
  }

  it('uploads each picture as tweet_image, sets its alt text, and attaches the media ids in order to the reply', async () => {
    const userId = await connectedUser();
    const connection = (await loadLiveConnection(userId, 'twitter', new Date()))!;
    const parent = await twitterAdapter.publishPost(connection, firstPost(`The harbour, a thread ${randomUUID()}`));
    const images = await pictures();
    const post = recordingSteps({ ...firstPost(`Two pictures from the quay ${randomUUID()}`), images });

    const made = await twitterAdapter.publishPost(connection, { ...post, index: 1, root: parent, parent });

    const tweet = twitter.tweets.find((entry) => entry.id === made.id)!;
    expect(tweet.inReplyTo).toBe(parent.id);
    expect(tweet.media.map((item) => [item.mediaType, item.alt])).toEqual([
      ['image/png', 'Boats at the quay before sunrise'],
      ['image/jpeg', 'Buyers bidding at the fish market'],
    ]);
    expect(tweet.media.map((item) => new Uint8Array(item.bytes))).toEqual(images.map((image) => image.data));
    // X forgets a media id a day after its upload (expires_after_secs 86400).
    const expiresAt = new Date(post.now.getTime() + 86_400_000).toISOString();
    expect(post.steps.at(-1)).toEqual({
      'media:media-dawn': tweet.media[0]!.id,
      'media:media-dawn:expires': expiresAt,
      'media:media-market': tweet.media[1]!.id,
      'media:media-market:expires': expiresAt,
    });
  });

  it('waits while X reports the upload in_progress and posts once it has succeeded', async () => {
    const userId = await connectedUser();
    const connection = (await loadLiveConnection(userId, 'twitter', new Date()))!;
    twitter.failUpload(1, { processing: 'in_progress', reads: 1 });
    const post = recordingSteps({
      ...firstPost(`A picture X takes a moment over ${randomUUID()}`),
      images: (await pictures()).slice(0, 1),
    });

    const made = await twitterAdapter.publishPost(connection, post);

    expect(twitter.tweets.find((entry) => entry.id === made.id)?.media).toHaveLength(1);
  });

  it('fails with X’s reason and makes no post when an upload is refused or its processing fails', async () => {
    const userId = await connectedUser();
    const connection = (await loadLiveConnection(userId, 'twitter', new Date()))!;
    const posted = twitter.tweets.length;
    twitter.failUpload(2, { status: 400 });
    const images = await pictures();
    const post = recordingSteps({ ...firstPost(`Refused on the second picture ${randomUUID()}`), images });

    const refused = await twitterAdapter.publishPost(connection, post).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(PlatformRejectedError);
    expect((refused as Error).message).toBe('Twitter/X refused the post: media type unrecognized.');
    twitter.failUpload(1, { processing: 'failed' });
    const failed = await twitterAdapter.publishPost(connection, post).catch((error: unknown) => error);
    expect((failed as Error).message).toBe('Twitter/X could not process a picture: Unsupported image.');
    expect(twitter.tweets.length).toBe(posted);
  });

  it('reuses the recorded media ids when the post is retried after a failure, uploading nothing twice', async () => {
    const userId = await connectedUser();
    const connection = (await loadLiveConnection(userId, 'twitter', new Date()))!;
    twitter.failTweet(1, { status: 503 });
    const images = await pictures();
    const post = recordingSteps({ ...firstPost(`Retried with its pictures ${randomUUID()}`), images });
    await expect(twitterAdapter.publishPost(connection, post)).rejects.toBeInstanceOf(PlatformUnavailableError);

    const { made, recorded } = await expectRetryReusesRecordedUploads(post, {
      publish: (retry) => twitterAdapter.publishPost(connection, retry),
      uploads: twitter.uploads,
    });

    const tweet = twitter.tweets.find((entry) => entry.id === made.id)!;
    expect(tweet.media.map((item) => item.id)).toEqual([recorded['media:media-dawn'], recorded['media:media-market']]);
  });

  it.each([
    { when: 'after X has forgotten its media ids', hoursLater: 25, forgotten: true },
    { when: 'within an hour of X forgetting them', hoursLater: 23.5, forgotten: false },
  ])('uploads the pictures again for a retry $when, posting with the fresh ids', async ({ hoursLater, forgotten }) => {
    const connection = (await loadLiveConnection(await connectedUser(), 'twitter', new Date()))!;
    twitter.failTweet(1, { status: 429, resetIn: hoursLater * 3600 });
    const post = recordingSteps({ ...firstPost(`Retried a day later ${randomUUID()}`), images: await pictures() });
    await expect(twitterAdapter.publishPost(connection, post)).rejects.toBeInstanceOf(PlatformRateLimitError);
    const recorded = post.steps.at(-1)!;
    if (forgotten) twitter.expireMedia();
    const uploads = twitter.uploads();
    const later = new Date(post.now.getTime() + hoursLater * 3_600_000);

    const made = await twitterAdapter.publishPost(connection, { ...post, step: recorded, now: later });

    expect(twitter.uploads()).toBe(uploads + 2);
    const fresh = post.steps.at(-1)!;
    const tweet = twitter.tweets.find((entry) => entry.id === made.id)!;
    expect(tweet.media.map((item) => item.id)).toEqual([fresh['media:media-dawn'], fresh['media:media-market']]);
    expect(fresh['media:media-dawn']).not.toBe(recorded['media:media-dawn']);
    expect(fresh['media:media-dawn:expires']).toBe(new Date(later.getTime() + 86_400_000).toISOString());
  });

  it('a run retried a day after its upload failed uploads the picture again and posts with the new id', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, ['A picture from the quay.']);
    await putThread(thread);
    const [dawn] = await pictures();
    const record = await saveImage(userId, dawn!.data, 'article-image');
    const picture = {
      id: record.id,
      kind: 'article-image' as const,
      mimeType: record.mimeType,
      width: record.width,
      height: record.height,
      alt: 'Boats at the quay before sunrise',
      altSource: 'page' as const,
      credit: 'Image: The Coastal Ledger',
    };
    const runId = randomUUID();
    const startedAt = new Date().toISOString();
    const article = { url: thread.sourceUrl, title: thread.title };
    await startFreshRun({
      ...{ userId, threadId: thread.id, platform: 'twitter', runId, status: 'pending', made: [], error: null },
      ...{ postUrl: null, leaseUntil: null, startedAt, article, updatedAt: startedAt },
      posts: [`The quay at dawn ${randomUUID()}`],
      images: [[picture]],
    });
    const message = { userId, threadId: thread.id, platform: 'twitter' as const, runId, article, rateLimitWaits: 0 };
    const uploads = twitter.uploads();
    twitter.failTweet(1, { status: 503 });

    await expect(runPublishMessage(message, { receiveCount: 1, maxReceiveCount: 5 })).rejects.toBeInstanceOf(
      PlatformUnavailableError,
    );
    const firstId = (await getPublishRun(userId, thread.id, 'twitter'))?.step?.data[`media:${record.id}`];
    expect(firstId).toBeTruthy();
    expect(twitter.uploads()).toBe(uploads + 1);

    // A day and an hour later X has forgotten the id; the retry runs on that day's clock.
    twitter.expireMedia();
    const dayLater = new Date(Date.now() + 25 * 3_600_000);
    await runPublishMessage(message, { receiveCount: 2, maxReceiveCount: 5 }, () => dayLater);

    expect(twitter.uploads()).toBe(uploads + 2);
    const run = await getPublishRun(userId, thread.id, 'twitter');
    expect(run).toMatchObject({ status: 'completed' });
    const tweet = twitter.tweets.find((entry) => entry.id === run?.made[0]?.id)!;
    expect(tweet.media).toHaveLength(1);
    expect(tweet.media[0]!.id).not.toBe(firstId);
    expect(tweet.media[0]!.alt).toBe('Boats at the quay before sunrise');
  });

  it('names a media id X has forgotten in its refusal of the post, as X does', async () => {
    const connection = (await loadLiveConnection(await connectedUser(), 'twitter', new Date()))!;
    twitter.failTweet(1, { status: 503 });
    const post = recordingSteps({
      ...firstPost(`Named after X forgot it ${randomUUID()}`),
      images: (await pictures()).slice(0, 1),
    });
    await expect(twitterAdapter.publishPost(connection, post)).rejects.toBeInstanceOf(PlatformUnavailableError);
    const forgottenId = post.steps.at(-1)!['media:media-dawn'];
    twitter.expireMedia();

    const answer = await fetch(`${twitter.url}/2/tweets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${connection.credentials.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Still naming it ${randomUUID()}`, media: { media_ids: [forgottenId] } }),
    });

    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      title: 'Invalid Request',
      errors: [{ parameters: { 'media.media_ids': [forgottenId] }, message: 'Your media IDs are invalid.' }],
    });
  });
});

describe('an X connection made before ThreadSnip posted pictures (its grant lacks media.write)', () => {
  const SCOPES_BEFORE_PICTURES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access'];

  /** A connection as ThreadSnip stored them before pictures: no granted scopes recorded, a token without media.write. */
  async function connectedBeforePictures(): Promise<string> {
    const userId = `user-${randomUUID()}`;
    await storeConnection(
      userId,
      'twitter',
      {
        platformUsername: '@harbourcurator',
        credentials: {
          accessToken: twitter.issueAccessToken(SCOPES_BEFORE_PICTURES),
          refreshToken: null,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
        connectionData: { userId: '2244994945', username: 'harbourcurator' },
      },
      new Date(),
    );
    return userId;
  }

  /** A thread whose second post carries a described picture. */
  async function threadWithPicture(userId: string) {
    const articleUrl = nextArticle();
    const thread = makeThread(userId, fourPosts(articleUrl), { sourceUrl: articleUrl });
    thread.posts[1]!.media = [
      {
        id: 'media-harbour-dawn',
        kind: 'upload',
        mimeType: 'image/png',
        width: 1200,
        height: 800,
        alt: 'Boats at the quay before sunrise',
        altSource: 'curator',
        credit: null,
      },
    ];
    await putThread(thread);
    return thread;
  }

  const reconnectForPictures =
    "Twitter/X was connected before ThreadSnip posted pictures, so it cannot post this thread's pictures. Reconnect Twitter/X in Account Settings to post pictures, or remove them from the thread.";

  it('refuses to publish or schedule a thread with pictures there, sending X nothing, and the card asks to reconnect', async () => {
    const userId = await connectedBeforePictures();
    const thread = await threadWithPicture(userId);
    const [tweets, uploads] = [twitter.tweets.length, twitter.uploads()];

    const published = await requestPublish(userId, thread.id, { platforms: ['twitter'] }, new Date()).catch(
      (error: unknown) => error,
    );
    const scheduled = await scheduleThread({ userId, userAgent: 'test', now: new Date() }, thread.id, {
      platforms: ['twitter'],
      at: new Date(Date.now() + 86_400_000).toISOString(),
    }).catch((error: unknown) => error);

    const refusal = { code: 'reconnect_for_pictures', status: 400, message: reconnectForPictures };
    expect(published).toMatchObject(refusal);
    expect(scheduled).toMatchObject(refusal);
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
    expect([twitter.tweets.length, twitter.uploads()]).toEqual([tweets, uploads]);
    const { connections } = await listConnections(userId);
    expect(connections[0]).toMatchObject({ platform: 'twitter', isConnected: true, picturesNeedReconnect: true });
    expect(connections[0]?.connectionData.needsReconnect).toBeUndefined();
  });

  it('still publishes a thread without pictures there', async () => {
    const userId = await connectedBeforePictures();

    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });
  });

  it('asks nothing more once reconnected: the new grant covers pictures', async () => {
    const userId = await connectedBeforePictures();

    const back = await consent(userId);
    const location = await callback(userId, Object.fromEntries(back.searchParams));

    expect(location.searchParams.get('twitter_connected')).toBe('true');
    const { connections } = await listConnections(userId);
    expect(connections[0]).not.toHaveProperty('picturesNeedReconnect');
    expect(connections[0]?.connectionData.grantedScopes).toContain('media.write');
  });

  it('fails a picture post with a reconnect reason when X refuses the upload (403), making no post', async () => {
    const connection = {
      platformUsername: '@harbourcurator',
      credentials: {
        accessToken: twitter.issueAccessToken(SCOPES_BEFORE_PICTURES),
        refreshToken: null,
        expiresAt: null,
      },
      connectionData: { userId: '2244994945', username: 'harbourcurator', grantedScopes: SCOPES_BEFORE_PICTURES },
    };
    const tweets = twitter.tweets.length;
    const post = {
      ...firstPost(`A picture from the quay ${randomUUID()}`),
      images: [await outgoingImage({ mediaId: 'media-quay', alt: 'The quay at dawn' })],
    };

    const refused = await twitterAdapter.publishPost(connection, post).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ReconnectRequiredError);
    expect((refused as Error).message).toBe(
      'Twitter/X did not allow ThreadSnip to upload pictures (Missing scope media.write). Reconnect Twitter/X in Account Settings to post pictures.',
    );
    expect(twitter.tweets.length).toBe(tweets);
  });
});
