import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { authorPostOnShareStep } from '../../helpers/author-posts';
import { startMetaThreadsStandIn } from '../../helpers/meta-threads-stand-in';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, makeThread, settle } from '../../helpers/publishing-threads';

const threads = await startMetaThreadsStandIn();
const pipeline = await startPublishingPipeline();
const { putThread } = await import('#functions/data/thread-repository');
const { storeConnection } = await import('#functions/services/connections/connections');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { THREADS_SCOPES } = await import('#functions/services/platforms/meta-threads');

afterAll(async () => {
  await pipeline.stop();
  await threads.close();
});

const CURATOR = { id: '7770007', username: 'harbour.dana' };
const AUTHOR = { id: '8880001', username: 'carol.writes' };
const IMPOSTOR = { id: '8880002', username: 'carol.writes.fan' };
// Long enough that the credit is a reply of its own (Threads' 500 characters).
const BODY = 'Boats, nets and the auction hall at first light. '.repeat(9).trim();

/** A curator connected to Threads and a thread about a fresh article whose author links her Threads profile. */
async function curatorWithThread(scopes: readonly string[] = THREADS_SCOPES) {
  const userId = `user-${randomUUID()}`;
  await storeConnection(
    userId,
    'threads',
    {
      platformUsername: `@${CURATOR.username}`,
      credentials: {
        accessToken: threads.issueToken([...scopes]),
        refreshToken: null,
        expiresAt: new Date(Date.now() + 50 * 86_400_000).toISOString(),
      },
      connectionData: { userId: CURATOR.id, username: CURATOR.username },
    },
    new Date(),
  );
  const sourceUrl = `${ARTICLE}-${randomUUID().slice(0, 8)}`;
  const thread = makeThread(userId, [BODY], {
    authorHandles: { profiles: [`https://www.threads.com/@${AUTHOR.username}`] },
    sourceUrl,
  });
  await putThread(thread);
  return { userId, thread, sourceUrl };
}

/** A public post by `profile` previewing `link` (shared with tracking, as authors do); its id. */
const shared = (
  profile: { id: string; username: string },
  link: string,
  options: { ageMs?: number; quotable?: boolean } = {},
) =>
  threads.addProfilePost(profile, {
    text: 'My new piece on the harbour',
    link: `${link}?utm_source=threads`,
    ...options,
  });

/** Publishes to Threads quoting `postId`: the finished row and what the credit (the last post) quotes. */
async function publishQuoting(userId: string, threadId: string, postId: string) {
  const start = threads.media.length;
  await requestPublish(userId, threadId, { platforms: ['threads'], quotes: { threads: postId } }, new Date());
  const row = await settle(userId, threadId, 'threads');
  const made = threads.media.slice(start);
  expect(made.length).toBeGreaterThan(1);
  expect(made.slice(0, -1).every((post) => (post.quotedPostId ?? null) === null)).toBe(true);
  return { row, credit: made.at(-1)! };
}

describe("finding the author's own Threads post (GET …/author-posts)", () => {
  it("answers the author's earliest post previewing the article, by keyword search for its URL", async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const announcement = shared(AUTHOR, sourceUrl, { ageMs: 3 * 86_400_000 });
    shared(AUTHOR, sourceUrl, { ageMs: 86_400_000 });

    const post = await authorPostOnShareStep('threads', userId, thread.id);

    expect(post).toMatchObject({ id: announcement, authorHandle: '@carol.writes' });
    expect(post.url).toMatch(/^https:\/\/www\.threads\.net\/@carol\.writes\/post\//);
  });

  it('answers none when only another profile shared the article', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    shared(IMPOSTOR, sourceUrl);

    expect(await authorPostOnShareStep('threads', userId, thread.id)).toBeNull();
  });

  it("answers none when the author's post previews another article", async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    shared(AUTHOR, `${sourceUrl}-part-2`);

    expect(await authorPostOnShareStep('threads', userId, thread.id)).toBeNull();
  });

  it('finds nothing, without failing, for a connection made before keyword search was asked for', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread(
      THREADS_SCOPES.filter((scope) => scope !== 'threads_keyword_search'),
    );
    shared(AUTHOR, sourceUrl);

    expect(await authorPostOnShareStep('threads', userId, thread.id)).toBeNull();
  });
});

describe("quoting the author's Threads post in the credit (quote_post_id)", () => {
  it('quotes the chosen post in the credit reply, which keeps the link and attribution', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const postId = shared(AUTHOR, sourceUrl);

    const { row, credit } = await publishQuoting(userId, thread.id, postId);

    expect(row).toMatchObject({ status: 'completed', quoteNote: null });
    expect(credit.quotedPostId).toBe(postId);
    expect(credit.text).toContain(`Read original article at: ${sourceUrl}`);
  });

  it("never quotes a post the client names that is not the author's", async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const impostorPost = shared(IMPOSTOR, sourceUrl);

    const { row, credit } = await publishQuoting(userId, thread.id, impostorPost);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(credit.quotedPostId).toBeNull();
  });

  it('credits plainly, saying why, when the post was deleted after the share step', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const postId = shared(AUTHOR, sourceUrl);
    threads.deleteMedia(postId);

    const { row, credit } = await publishQuoting(userId, thread.id, postId);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(credit.quotedPostId).toBeNull();
  });

  it('credits plainly, saying why, when Threads refuses the quote (the author does not allow quoting)', async () => {
    const { userId, thread, sourceUrl } = await curatorWithThread();
    const postId = shared(AUTHOR, sourceUrl, { quotable: false });

    const { row, credit } = await publishQuoting(userId, thread.id, postId);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toBe(
      'Threads refused the quote (The author of this post does not allow quoting it), so the credit links the article without quoting it.',
    );
    expect(credit.quotedPostId).toBeNull();
    expect(credit.text).toContain(`Read original article at: ${sourceUrl}`);
  });
});
