import { afterAll, describe, expect, it } from 'vitest';
import { startBlueskyServer } from '../../fakes/bluesky-server';
import { startThreadsServer } from '../../fakes/threads-server';
import { startTwitterServer } from '../../fakes/twitter-server';

// Each platform's reader against a stand-in that checks the request as the platform documents it.
const bluesky = await startBlueskyServer();
const twitter = await startTwitterServer({
  clientId: 'x-client',
  clientSecret: 'x-secret',
  redirectUris: [],
  account: { id: '42', username: 'curator', name: 'Curator' },
});
const threads = await startThreadsServer({
  appId: 'th-app',
  appSecret: 'th-secret',
  redirectUris: [],
  user: { id: '7001', username: 'curator' },
});
Object.assign(process.env, {
  THREADS_API_URL: threads.apiUrl,
  TABLE_NAME: 'unused',
  APP_PUBLIC_URL: 'http://localhost:3000',
  BLUESKY_APPVIEW_URL: bluesky.url,
  TWITTER_API_URL: twitter.url,
});
const { blueskyAdapter } = await import('#functions/services/publishing/platforms/bluesky');
const { twitterAdapter } = await import('#functions/services/publishing/platforms/twitter');
const { threadsAdapter } = await import('#functions/services/publishing/platforms/threads');
const { telegramAdapter } = await import('#functions/services/publishing/platforms/telegram');
const { linkedinAdapter } = await import('#functions/services/publishing/platforms/linkedin');
const { ReconnectRequiredError } = await import('#functions/services/connections/oauth-flow');
const { PlatformRateLimitError, PlatformRejectedError } = await import(
  '#functions/services/publishing/platform-adapter'
);

afterAll(async () => {
  await bluesky.close();
  await twitter.close();
  await threads.close();
});

const connection = (accessToken: string) => ({
  platformUsername: null,
  credentials: { accessToken, refreshToken: null, expiresAt: null },
  connectionData: {},
});

describe('Bluesky: app.bsky.feed.getPosts on the public AppView', () => {
  const uri = (n: number) => `at://${bluesky.did}/app.bsky.feed.post/3kpost${n}`;

  it('reads likes, reposts, replies and quotes without a token; a post left out is deleted', async () => {
    bluesky.state.postCounts.set(uri(1), { likeCount: 12, repostCount: 3, replyCount: 2, quoteCount: 1 });
    bluesky.state.postCounts.set(uri(3), { likeCount: 4, repostCount: 0, replyCount: 0, quoteCount: 0 });

    const figures = await blueskyAdapter.readEngagement!(
      connection('unused'),
      [1, 2, 3].map((n) => ({ id: uri(n), url: null, cid: 'bafy' })),
      new Date(),
    );

    expect(figures).toEqual([
      { position: 0, remoteId: uri(1), deleted: false, metrics: { likes: 12, reposts: 3, replies: 2, quotes: 1 } },
      { position: 1, remoteId: uri(2), deleted: true, metrics: {} },
      { position: 2, remoteId: uri(3), deleted: false, metrics: { likes: 4, reposts: 0, replies: 0, quotes: 0 } },
    ]);
    const read = bluesky.requests.filter((request) => request.method === 'app.bsky.feed.getPosts').at(-1);
    expect(read?.authorization).toBeUndefined();
  });

  it('hands a 429 back as a rate limit with the AppView’s reset', async () => {
    bluesky.state.appViewRateLimited = 1;

    const read = blueskyAdapter.readEngagement!(connection('unused'), [{ id: uri(1), url: null }], new Date());

    await expect(read).rejects.toBeInstanceOf(PlatformRateLimitError);
  });
});

describe('X: GET /2/tweets?ids=…&tweet.fields=public_metrics', () => {
  const post = (id: string) => {
    twitter.tweets.push({ id, authorId: '42', text: `post ${id}`, inReplyTo: null, createdAt: Date.now() });
    return { id, url: null };
  };

  it('reads likes, reposts, replies, quotes and impressions in one call; a post X no longer has is deleted', async () => {
    const first = post('1870000000000000001');
    const second = post('1870000000000000002');
    twitter.setMetrics(first.id, {
      like_count: 30,
      retweet_count: 4,
      reply_count: 6,
      quote_count: 2,
      impression_count: 900,
    });
    const gone = { id: '1870000000000000099', url: null };
    const lookups = twitter.lookups();

    const figures = await twitterAdapter.readEngagement!(
      connection(twitter.issueAccessToken(['tweet.read', 'users.read'])),
      [first, gone, second],
      new Date(),
    );

    expect(twitter.lookups() - lookups).toBe(1);
    expect(figures[0]).toEqual({
      position: 0,
      remoteId: first.id,
      deleted: false,
      metrics: { likes: 30, reposts: 4, replies: 6, quotes: 2, impressions: 900 },
    });
    expect(figures[1]).toMatchObject({ position: 1, deleted: true, metrics: {} });
    expect(figures[2]).toMatchObject({ position: 2, deleted: false, metrics: { likes: 0 } });
  });

  it('tells a revoked token (401) as a reconnect, a 429 as a rate limit and a missing scope as a refusal', async () => {
    const made = [post('1870000000000000010')];
    const token = twitter.issueAccessToken(['tweet.read']);

    twitter.rateLimitLookups(1);
    await expect(twitterAdapter.readEngagement!(connection(token), made, new Date())).rejects.toBeInstanceOf(
      PlatformRateLimitError,
    );
    const writeOnly = twitter.issueAccessToken(['tweet.write']);
    await expect(twitterAdapter.readEngagement!(connection(writeOnly), made, new Date())).rejects.toBeInstanceOf(
      PlatformRejectedError,
    );
    twitter.revokeAccessTokens();
    await expect(twitterAdapter.readEngagement!(connection(token), made, new Date())).rejects.toBeInstanceOf(
      ReconnectRequiredError,
    );
  });
});

describe('Threads: GET /{threads-media-id}/insights with threads_manage_insights', () => {
  const published = (id: string) => {
    threads.media.push({
      id,
      userId: '7001',
      text: `post ${id}`,
      replyToId: null,
      containerId: `c${id}`,
      permalink: `https://www.threads.net/@curator/post/${id}`,
      createdAt: Date.now(),
    });
    return { id, url: null };
  };

  it('reads views, likes, replies, reposts and quotes per post; a deleted post (Graph 100/33) is deleted', async () => {
    const first = published('18000000000000001');
    const gone = published('18000000000000002');
    threads.setInsights(first.id, { views: 500, likes: 20, replies: 3, reposts: 2, quotes: 1 });
    threads.deleteMedia(gone.id);
    const token = threads.issueToken(['threads_basic', 'threads_content_publish', 'threads_manage_insights']);

    const figures = await threadsAdapter.readEngagement!(connection(token), [first, gone], new Date());

    expect(figures).toEqual([
      {
        position: 0,
        remoteId: first.id,
        deleted: false,
        metrics: { views: 500, likes: 20, replies: 3, reposts: 2, quotes: 1 },
      },
      { position: 1, remoteId: gone.id, deleted: true, metrics: {} },
    ]);
  });

  it('tells the request limit as a rate limit, a missing insights permission and a dead token as a reconnect', async () => {
    const made = [published('18000000000000010')];
    const token = threads.issueToken(['threads_basic', 'threads_manage_insights']);

    threads.rateLimitInsights(1);
    await expect(threadsAdapter.readEngagement!(connection(token), made, new Date())).rejects.toBeInstanceOf(
      PlatformRateLimitError,
    );
    const noInsights = threads.issueToken(['threads_basic', 'threads_content_publish']);
    await expect(threadsAdapter.readEngagement!(connection(noInsights), made, new Date())).rejects.toBeInstanceOf(
      ReconnectRequiredError,
    );
    await expect(threadsAdapter.readEngagement!(connection('THrevoked'), made, new Date())).rejects.toBeInstanceOf(
      ReconnectRequiredError,
    );
  });
});

describe('platforms that report no figures', () => {
  it('have no reader, so their engagement is shown as not reported, never as 0', () => {
    expect(telegramAdapter.readEngagement).toBeUndefined();
    expect(linkedinAdapter.readEngagement).toBeUndefined();
  });
});
