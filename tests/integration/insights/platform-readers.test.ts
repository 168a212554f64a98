import { afterAll, describe, expect, it } from 'vitest';
import { startBlueskyServer } from '../../fakes/bluesky-server';
import { startDiscordServer } from '../../fakes/discord-server';
import { startFacebookServer } from '../../fakes/facebook-server';
import { startMetaThreadsServer } from '../../fakes/meta-threads-server';
import { startRedditServer } from '../../fakes/reddit-server';
import { startTwitterServer, xSnowflake } from '../../fakes/twitter-server';

// Each platform's reader against a stand-in that checks the request as the platform documents it.
const bluesky = await startBlueskyServer();
const twitter = await startTwitterServer({
  clientId: 'x-client',
  clientSecret: 'x-secret',
  redirectUris: [],
  account: { id: '42', username: 'curator', name: 'Curator' },
});
const threads = await startMetaThreadsServer({
  appId: 'th-app',
  appSecret: 'th-secret',
  redirectUris: [],
  user: { id: '7001', username: 'curator' },
});
const reddit = await startRedditServer({
  clientId: 'reddit-app',
  clientSecret: 'reddit-secret',
  redirectUri: 'http://localhost:3000/api/connections/reddit/callback',
  username: 'curator',
  subreddits: [{ name: 'CuratedReads', title: 'Curated Reads', subscribers: 100, role: 'moderator' }],
});
const DISCORD_APP = {
  clientId: '1100000000000000001',
  clientSecret: 'discord-secret',
  botToken: 'MTEw.bot-token.secret',
  redirectUri: 'http://localhost:3000/api/connections/discord/callback',
};
// @everyone may view the channel; reading history is granted per server below.
const VIEW = 1n << 10n;
const READ_HISTORY = 1n << 16n;
const guild = (id: string, everyone: bigint) => ({
  id,
  name: `Server ${id}`,
  userPermissions: '32',
  roles: [{ id, permissions: everyone.toString() }],
  channels: [{ id: `${id}1`, name: 'news', type: 0, position: 0, permission_overwrites: [] }],
  botRoles: [] as string[],
});
const discord = await startDiscordServer({
  app: DISCORD_APP,
  bot: { id: '1100000000000000001', username: 'ThreadSnip' },
  user: { id: '2200000000000000002', username: 'curator' },
  guilds: [guild('300', VIEW | READ_HISTORY), guild('400', VIEW)],
});
const PAGE = { id: '1110001', name: 'Harbour Gazette' };
const facebook = await startFacebookServer({
  appId: 'fb-app',
  appSecret: 'fb-secret',
  redirectUris: [],
  user: { id: '9990009', name: 'Dana Curator' },
  pages: [PAGE],
});
Object.assign(process.env, {
  REDDIT_API_URL: reddit.apiUrl,
  REDDIT_AUTH_URL: reddit.authUrl,
  REDDIT_CLIENT_ID: 'reddit-app',
  REDDIT_CLIENT_SECRET: 'reddit-secret',
  DISCORD_API_URL: discord.apiUrl,
  DISCORD_CLIENT_ID: DISCORD_APP.clientId,
  DISCORD_CLIENT_SECRET: DISCORD_APP.clientSecret,
  DISCORD_BOT_TOKEN: DISCORD_APP.botToken,
  FACEBOOK_GRAPH_URL: facebook.graphUrl,
  FACEBOOK_APP_ID: 'fb-app',
  FACEBOOK_APP_SECRET: 'fb-secret',
  THREADS_API_URL: threads.apiUrl,
  TABLE_NAME: 'unused',
  APP_PUBLIC_URL: 'http://localhost:3000',
  BLUESKY_APPVIEW_URL: bluesky.url,
  TWITTER_API_URL: twitter.url,
});
const { blueskyAdapter } = await import('#functions/services/platforms/bluesky');
const { twitterAdapter } = await import('#functions/services/platforms/twitter');
const { metaThreadsAdapter } = await import('#functions/services/platforms/meta-threads');
const { telegramAdapter } = await import('#functions/services/platforms/telegram');
const { linkedinAdapter } = await import('#functions/services/platforms/linkedin');
const { redditAdapter } = await import('#functions/services/platforms/reddit');
const { discordAdapter } = await import('#functions/services/platforms/discord');
const { facebookAdapter } = await import('#functions/services/platforms/facebook');
const { ReconnectRequiredError } = await import('#functions/lib/errors');
const { PlatformRateLimitError, PlatformRejectedError } = await import(
  '#functions/services/platforms/platform-adapter'
);

afterAll(async () => {
  await bluesky.close();
  await twitter.close();
  await threads.close();
  await reddit.close();
  await discord.close();
  await facebook.close();
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
  const post = (id: string, createdAt = Date.now()) => {
    twitter.tweets.push({ id, authorId: '42', text: `post ${id}`, inReplyTo: null, media: [], createdAt });
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

  it("reads the link clicks of the user's own posts made within 30 days, and asks nothing more of older ones", async () => {
    const recent = post(xSnowflake(Date.now() - 3_600_000, 1), Date.now() - 3_600_000);
    twitter.setNonPublicMetrics(recent.id, { impression_count: 950, url_link_clicks: 17, user_profile_clicks: 3 });
    const old = post(xSnowflake(Date.now() - 40 * 86_400_000, 2), Date.now() - 40 * 86_400_000);
    twitter.setNonPublicMetrics(old.id, { url_link_clicks: 5 });
    const token = twitter.issueAccessToken(['tweet.read', 'users.read']);

    const [fresh] = await twitterAdapter.readEngagement!(connection(token), [recent], new Date());
    expect(fresh?.metrics).toMatchObject({ likes: 0, linkClicks: 17 });
    // An old post among them: nothing non-public is asked for that lookup (X would refuse the field).
    const both = await twitterAdapter.readEngagement!(connection(token), [recent, old], new Date());
    expect(both.map((figures) => figures.metrics.linkClicks)).toEqual([undefined, undefined]);
    expect(both.every((figures) => !figures.deleted)).toBe(true);
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
      mediaType: 'TEXT',
      pictures: [],
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

    const figures = await metaThreadsAdapter.readEngagement!(connection(token), [first, gone], new Date());

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
    await expect(metaThreadsAdapter.readEngagement!(connection(token), made, new Date())).rejects.toBeInstanceOf(
      PlatformRateLimitError,
    );
    const noInsights = threads.issueToken(['threads_basic', 'threads_content_publish']);
    await expect(metaThreadsAdapter.readEngagement!(connection(noInsights), made, new Date())).rejects.toBeInstanceOf(
      ReconnectRequiredError,
    );
    await expect(metaThreadsAdapter.readEngagement!(connection('THrevoked'), made, new Date())).rejects.toBeInstanceOf(
      ReconnectRequiredError,
    );
  });
});

describe('Reddit: GET /api/info?id=t3_…,t1_… with the read scope', () => {
  const submitted = (id: string) => {
    const name = `t3_${id}`;
    reddit.submissions.push({
      name,
      createdUtc: Math.floor(Date.now() / 1000),
      subreddit: 'CuratedReads',
      title: 'Why cities run hot',
      text: 'Cities trap heat.',
      url: `https://www.reddit.com/r/CuratedReads/comments/${id}/why_cities_run_hot/`,
    });
    return { id: name, url: null };
  };
  const userConnection = (scopes = ['identity', 'submit', 'read']) => {
    const { accessToken, refreshToken } = reddit.issueTokens(scopes);
    return { ...connection(accessToken), credentials: { accessToken, refreshToken, expiresAt: null } };
  };

  it('reads score and comments for every post in one call by fullname; a deleted post is deleted', async () => {
    const first = submitted('r1');
    const gone = submitted('r2');
    reddit.setFigures(first.id, { score: 57, comments: 9 });
    reddit.deletePost(gone.id);
    const never = { id: 't3_zz9', url: null };
    const calls = reddit.infoRequests.length;

    const figures = await redditAdapter.readEngagement!(userConnection(), [first, gone, never], new Date());

    expect(reddit.infoRequests.slice(calls)).toEqual([[first.id, gone.id, never.id]]);
    expect(figures).toEqual([
      { position: 0, remoteId: first.id, deleted: false, metrics: { score: 57, comments: 9 } },
      { position: 1, remoteId: gone.id, deleted: true, metrics: {} },
      { position: 2, remoteId: never.id, deleted: true, metrics: {} },
    ]);
  });

  it('tells a 429 as a rate limit with Reddit’s reset, and a revoked grant as a reconnect', async () => {
    const made = [submitted('r3')];

    reddit.rateLimitInfo(1);
    const limited = redditAdapter.readEngagement!(userConnection(), made, new Date());
    await expect(limited).rejects.toBeInstanceOf(PlatformRateLimitError);
    await expect(limited).rejects.toMatchObject({ retryAfterSeconds: 120 });
    // Without the read scope Reddit answers 403: refused, not a figure.
    await expect(redditAdapter.readEngagement!(userConnection(['identity']), made, new Date())).rejects.toBeInstanceOf(
      PlatformRejectedError,
    );
    // The user removed the app: the access token gets 401 and the refresh is refused.
    const revoked = userConnection();
    reddit.expireAccessTokens();
    reddit.revokeRefreshTokens();
    await expect(redditAdapter.readEngagement!(revoked, made, new Date())).rejects.toBeInstanceOf(
      ReconnectRequiredError,
    );
  });
});

describe('Discord: GET /channels/{channel}/messages/{message} as the bot', () => {
  const posted = (channelId: string, id: string) => {
    discord.messages.push({ id, channelId, content: `post ${id}`, nonce: null });
    return { id, url: `https://discord.com/channels/300/${channelId}/${id}` };
  };

  it('sums the reactions of each message (super reactions included); a deleted message is deleted', async () => {
    const first = posted('3001', '900000000000000101');
    const reply = posted('900000000000000101', '900000000000000102');
    const gone = posted('3001', '900000000000000103');
    discord.threads.set('900000000000000101', { parentId: '3001', name: 'Why cities run hot' });
    discord.setReactions(first.id, [
      { emoji: '🔥', normal: 5, burst: 1 },
      { emoji: '👍', normal: 3, burst: 0 },
    ]);
    discord.deleteMessage(gone.id);

    const figures = await discordAdapter.readEngagement!(connection('unused'), [first, reply, gone], new Date());

    expect(figures).toEqual([
      { position: 0, remoteId: first.id, deleted: false, metrics: { reactions: 9 } },
      { position: 1, remoteId: reply.id, deleted: false, metrics: { reactions: 0 } },
      { position: 2, remoteId: gone.id, deleted: true, metrics: {} },
    ]);
    const reads = discord.requests.filter((request) => request.method === 'GET' && request.path.includes('/messages/'));
    expect(reads.every((request) => request.auth === 'Bot')).toBe(true);
  });

  it('tells a 429 as a rate limit, a channel the bot may not read as a refusal, and a reset bot token as a refusal', async () => {
    const made = [posted('3001', '900000000000000110')];

    discord.rateLimitReads(1);
    const limited = discordAdapter.readEngagement!(connection('unused'), made, new Date());
    await expect(limited).rejects.toBeInstanceOf(PlatformRateLimitError);
    await expect(limited).rejects.toMatchObject({ retryAfterSeconds: 3 });
    const unreadable = [{ id: '900000000000000111', url: 'https://discord.com/channels/400/4001/900000000000000111' }];
    discord.messages.push({ id: unreadable[0]!.id, channelId: '4001', content: 'x', nonce: null });
    await expect(discordAdapter.readEngagement!(connection('unused'), unreadable, new Date())).rejects.toBeInstanceOf(
      PlatformRejectedError,
    );
    // The bot token is the operator's, not the user's: a 401 is a refusal, never the user's reconnect.
    discord.resetBotToken();
    const refused = discordAdapter.readEngagement!(connection('unused'), made, new Date());
    await expect(refused).rejects.toBeInstanceOf(PlatformRejectedError);
    await expect(refused).rejects.not.toBeInstanceOf(ReconnectRequiredError);
  });
});

describe('Facebook: GET /{post-id} and /{comment-id} with the Page token (pages_read_engagement)', () => {
  const SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'pages_manage_engagement'];
  const made = (n: number, parentId: string | null = null) => {
    const id = parentId ? `${n}_${n + 50}` : `${PAGE.id}_${n}`;
    facebook.posts.push({
      id,
      pageId: PAGE.id,
      message: `post ${n}`,
      link: null,
      parentId,
      photos: [],
      createdAt: Date.now(),
    });
    return { id, url: null };
  };

  it('reads the Page post’s reactions, comments and shares, and each reply comment’s likes and replies', async () => {
    const post = made(501);
    const reply = made(502, post.id);
    const gone = made(503, post.id);
    facebook.setEngagement(post.id, { reactions: 41, comments: 6, shares: 3 });
    facebook.setEngagement(reply.id, { reactions: 4, comments: 1 });
    facebook.deletePost(gone.id);
    const token = facebook.issuePageToken(PAGE.id, SCOPES);

    const figures = await facebookAdapter.readEngagement!(connection(token), [post, reply, gone], new Date());

    expect(figures).toEqual([
      { position: 0, remoteId: post.id, deleted: false, metrics: { reactions: 41, comments: 6, shares: 3 } },
      { position: 1, remoteId: reply.id, deleted: false, metrics: { reactions: 4, comments: 1 } },
      { position: 2, remoteId: gone.id, deleted: true, metrics: {} },
    ]);
  });

  it('counts a post nobody shared as 0 shares (Facebook leaves the field out)', async () => {
    const post = made(510);
    facebook.setEngagement(post.id, { reactions: 2, comments: 0 });
    const token = facebook.issuePageToken(PAGE.id, SCOPES);

    const [figures] = await facebookAdapter.readEngagement!(connection(token), [post], new Date());

    expect(figures?.metrics).toEqual({ reactions: 2, comments: 0, shares: 0 });
  });

  it('tells the Page rate limit (32) as a rate limit, a missing permission as a refusal and a dead token (190) as a reconnect', async () => {
    const post = [made(520)];

    facebook.rateLimitReads(1);
    const limited = facebookAdapter.readEngagement!(
      connection(facebook.issuePageToken(PAGE.id, SCOPES)),
      post,
      new Date(),
    );
    await expect(limited).rejects.toBeInstanceOf(PlatformRateLimitError);
    await expect(limited).rejects.toMatchObject({ retryAfterSeconds: 7 * 60 });
    const withoutRead = facebook.issuePageToken(PAGE.id, ['pages_show_list', 'pages_manage_posts']);
    const refused = facebookAdapter.readEngagement!(connection(withoutRead), post, new Date());
    await expect(refused).rejects.toBeInstanceOf(PlatformRejectedError);
    await expect(refused).rejects.not.toBeInstanceOf(ReconnectRequiredError);
    const token = facebook.issuePageToken(PAGE.id, SCOPES);
    facebook.invalidateTokens();
    await expect(facebookAdapter.readEngagement!(connection(token), post, new Date())).rejects.toBeInstanceOf(
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
