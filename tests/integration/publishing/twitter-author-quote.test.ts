import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startTwitterServer, type XAccount } from '../../fakes/twitter-server';
import { authorPostEntryOnShareStep, authorPostOnShareStep } from '../../helpers/author-posts';
import { outgoingImage } from '../../helpers/outgoing-images';
import { outgoingPost } from '../../helpers/outgoing-posts';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, makeThread, settle } from '../../helpers/publishing-threads';

const CURATOR: XAccount = { id: '2244994945', username: 'harbourcurator', name: 'Harbour Curator' };
const twitter = await startTwitterServer({
  clientId: 'x-client-id',
  clientSecret: 'x-client-secret',
  redirectUris: [],
  account: CURATOR,
});
Object.assign(process.env, { TWITTER_API_URL: twitter.url, TWITTER_CLIENT_ID: 'x-client-id' });
const pipeline = await startPublishingPipeline();
const { putThread } = await import('#functions/data/thread-repository');
const { storeConnection, loadLiveConnection } = await import('#functions/services/connections/connections');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { X_SCOPES } = await import('#functions/services/platforms/twitter');

afterAll(async () => {
  await pipeline.stop();
  await twitter.close();
});

const AUTHOR: XAccount = { id: '1400000001', username: 'DanaReyes', name: 'Dana Reyes' };
const IMPOSTOR: XAccount = { id: '1400000002', username: 'danareyes_news', name: 'Dana Reyes News' };

/** A curator connected to X (paid reads on unless told) and a thread about a fresh article by @danareyes. */
async function curatorWithThread(options: { paidReads?: boolean } = {}) {
  const userId = `user-${randomUUID()}`;
  await storeConnection(
    userId,
    'twitter',
    {
      platformUsername: `@${CURATOR.username}`,
      credentials: {
        accessToken: twitter.issueAccessToken([...X_SCOPES]),
        refreshToken: null,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      connectionData: {
        userId: CURATOR.id,
        username: CURATOR.username,
        grantedScopes: [...X_SCOPES],
        engagementReads: options.paidReads ?? true,
      },
    },
    new Date(),
  );
  // X refuses a post the account already made: each thread is about its own article.
  const marker = randomUUID().slice(0, 8);
  const sourceUrl = `${ARTICLE}-${marker}`;
  // Long enough that the credit is a reply of its own (X's 280).
  const body = `The harbour wakes before dawn, as ${sourceUrl} tells. ${'Boats, nets and the auction hall at first light. '.repeat(4)}`;
  const thread = makeThread(userId, [body.trim()], {
    authorHandles: { twitter: '@danareyes', profiles: [] },
    sourceUrl,
    title: `The harbour at dawn, part ${marker}`,
  });
  await putThread(thread);
  return { userId, thread, sourceUrl };
}

/** A post by `account` sharing `link` (with tracking, as shared), `ageMs` ago; its id. */
const shared = (account: XAccount, link: string, options: { ageMs?: number; quotePolicy?: 'mentioned' } = {}) =>
  twitter.addAuthorPost(account, { text: `My new piece on the harbour: ${link}?utm_source=twitter`, ...options });

/**
 * Publishes the thread to X quoting `postId`: the finished row, the posts made, and what each quotes
 * (the credit, last, is the only one that may).
 */
async function publishQuoting(userId: string, threadId: string, postId: string) {
  const start = twitter.tweets.length;
  await requestPublish(userId, threadId, { platforms: ['twitter'], quotes: { twitter: postId } }, new Date());
  const row = await settle(userId, threadId, 'twitter');
  const made = twitter.tweets.slice(start);
  expect(made.length).toBeGreaterThan(1);
  expect(made.slice(0, -1).every((tweet) => tweet.quoteTweetId === null)).toBe(true);
  return { row, made, creditQuotes: made.at(-1)?.quoteTweetId };
}

describe("finding the author's own X post (GET …/author-posts, paid reads on)", () => {
  it("answers the author's earliest post linking the article, found with url: and from:", async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const announcement = shared(AUTHOR, sourceUrl, { ageMs: 3 * 86_400_000 });
    shared(AUTHOR, sourceUrl, { ageMs: 86_400_000 });

    const post = await authorPostOnShareStep('twitter', userId, thread.id);

    expect(post).toMatchObject({
      id: announcement,
      authorHandle: '@DanaReyes',
      url: `https://x.com/DanaReyes/status/${announcement}`,
    });
    expect(post.excerpt).toContain('My new piece on the harbour');
  });

  it('answers none when only another account shared the article', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    shared(IMPOSTOR, sourceUrl);

    expect(await authorPostOnShareStep('twitter', userId, thread.id)).toBeNull();
  });

  it("answers none when the author's post links another article that starts the same way", async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    shared(AUTHOR, `${sourceUrl}-part-2`);

    expect(await authorPostOnShareStep('twitter', userId, thread.id)).toBeNull();
  });

  it('reads nothing while the curator has paid reads off, and says that is why', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread({ paidReads: false });
    shared(AUTHOR, sourceUrl);
    const searches = twitter.searches();

    expect(await authorPostEntryOnShareStep('twitter', userId, thread.id)).toEqual({
      platform: 'twitter',
      post: null,
      unsearched: 'paid_reads_off',
    });
    expect(twitter.searches()).toBe(searches);
  });
});

describe("quoting the author's X post in the credit (quote_tweet_id)", () => {
  it('quotes the chosen post in the credit reply, which keeps the link and attribution', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const postId = shared(AUTHOR, sourceUrl);

    const { row, made, creditQuotes } = await publishQuoting(userId, thread.id, postId);

    expect(row).toMatchObject({ status: 'completed', quoteNote: null });
    expect(creditQuotes).toBe(postId);
    expect(made.at(-1)?.text).toContain(`Read original article at: ${sourceUrl}`);
  });

  it("never quotes a post the client names that is not the author's", async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const impostorPost = shared(IMPOSTOR, sourceUrl);

    const { row, creditQuotes } = await publishQuoting(userId, thread.id, impostorPost);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(creditQuotes).toBeNull();
  });

  it('credits plainly, saying why, when the post was deleted after the share step', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const postId = shared(AUTHOR, sourceUrl);
    twitter.deleteTweet(postId);

    const { row, made, creditQuotes } = await publishQuoting(userId, thread.id, postId);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(creditQuotes).toBeNull();
    expect(made.at(-1)?.text).toContain(`Read original article at: ${sourceUrl}`);
  });

  it("credits plainly, saying why, when X refuses the quote (the author's quote settings)", async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const postId = shared(AUTHOR, sourceUrl, { quotePolicy: 'mentioned' });

    const { row, made, creditQuotes } = await publishQuoting(userId, thread.id, postId);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toBe(
      'Twitter/X refused the quote (Quoting this post is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are quoting.), so the credit links the article without quoting it.',
    );
    expect(creditQuotes).toBeNull();
    expect(made.at(-1)?.text).toContain(`Read original article at: ${sourceUrl}`);
  });

  it('refuses the quote when the post is deleted between the check and the credit', async () => {
    const { twitterAdapter } = await import('#functions/services/platforms/twitter');
    const { QuoteRefusedError } = await import('#functions/services/platforms/platform-adapter');
    const { userId, sourceUrl } = await curatorWithThread();
    const connection = (await loadLiveConnection(userId, 'twitter', new Date()))!;
    const postId = shared(AUTHOR, sourceUrl);
    twitter.deleteTweet(postId);
    const start = twitter.tweets.length;

    const credit = twitterAdapter.publishPost(connection, {
      ...outgoingPost({ text: `Read original article at: ${sourceUrl}` }),
      quote: { id: postId },
    });

    await expect(credit).rejects.toThrow(QuoteRefusedError);
    await expect(credit).rejects.toThrow(/does not exist or is not visible/);
    expect(twitter.tweets.length).toBe(start);
  });

  it('keeps the pictures of a credit that has them and refuses the quote before uploading anything', async () => {
    const { twitterAdapter } = await import('#functions/services/platforms/twitter');
    const { userId, sourceUrl } = await curatorWithThread();
    const connection = (await loadLiveConnection(userId, 'twitter', new Date()))!;
    const postId = shared(AUTHOR, sourceUrl);
    const uploads = twitter.uploads();

    const credit = twitterAdapter.publishPost(connection, {
      ...outgoingPost({ text: `Read original article at: ${sourceUrl}` }),
      images: [await outgoingImage({ mediaId: 'media-credit', alt: 'The quay at dawn' })],
      quote: { id: postId },
    });

    await expect(credit).rejects.toThrow(/cannot quote another post here, so the credit keeps its pictures/);
    expect(twitter.uploads()).toBe(uploads);
  });

  it('checks nothing and says why when the curator turned paid reads off since the share step', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread({ paidReads: false });
    const postId = shared(AUTHOR, sourceUrl);
    const lookups = twitter.lookups();

    const { row, creditQuotes } = await publishQuoting(userId, thread.id, postId);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/Reading posts is off/);
    expect(twitter.lookups()).toBe(lookups);
    expect(creditQuotes).toBeNull();
  });
});
