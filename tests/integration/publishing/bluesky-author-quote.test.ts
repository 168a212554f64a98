import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type KnownPost, startBlueskyServer } from '../../fakes/bluesky-server';
import { authorPostOnShareStep, postCreditQuoting, publishQuoting } from '../../helpers/author-posts';
import { outgoingPost } from '../../helpers/outgoing-posts';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, makeThread } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

// The stand-in is the sign-in service, the PDS and the public AppView at once.
const bluesky = await startBlueskyServer();
Object.assign(process.env, {
  BLUESKY_SERVICE_URL: bluesky.url,
  BLUESKY_APPVIEW_URL: bluesky.url,
  ALLOW_PRIVATE_FETCH_HOSTS: bluesky.host,
});
const pipeline = await startPublishingPipeline();
const { putThread } = await import('#functions/data/thread-repository');
const { handler: connectRoute } = await import('#functions/http/connections/post-bluesky-connection');

afterAll(async () => {
  await pipeline.stop();
  await bluesky.close();
});

const AUTHOR = { did: 'did:plc:carolauthor', handle: 'carol.example.com' };
bluesky.state.handles.set(AUTHOR.handle, AUTHOR.did);

let nextKey = 0;
/** A post the AppView shows, by the author and linking ARTICLE unless told otherwise; its at:// URI. */
function knownPost(overrides: Partial<KnownPost> = {}): string {
  const post: KnownPost = {
    ...AUTHOR,
    text: 'I wrote about the harbour at dawn',
    createdAt: '2026-11-01T09:00:00.000Z',
    links: [`${ARTICLE}?utm_source=bluesky`],
    ...overrides,
  };
  nextKey += 1;
  const uri = `at://${post.did}/app.bsky.feed.post/3kpost${nextKey}`;
  bluesky.state.knownPosts.set(uri, post);
  return uri;
}

/** A curator connected through the connect route, with a thread about `sourceUrl` by the author. */
async function curatorWithThread(sourceUrl = ARTICLE) {
  const userId = `user-${randomUUID()}`;
  const connected = await callRoute(
    connectRoute,
    { userId },
    { body: { handle: bluesky.handle, appPassword: 'abcd-efgh-ijkl-mnop' } },
    { method: 'POST', path: '/api/connections/bluesky' },
  );
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  const thread = makeThread(userId, ['The harbour at dawn.'], {
    sourceUrl,
    authorHandles: { bluesky: `@${AUTHOR.handle}`, profiles: [] },
  });
  await putThread(thread);
  return { userId, thread };
}

describe("finding the author's own Bluesky post (searchPosts by url and author)", () => {
  it("answers the author's earliest post linking the article", async () => {
    const { userId, thread } = await curatorWithThread();
    const announcement = knownPost({ createdAt: '2026-10-30T08:00:00.000Z' });
    knownPost({ createdAt: '2026-11-03T08:00:00.000Z' });

    const post = await authorPostOnShareStep('bluesky', userId, thread.id);

    expect(post).toMatchObject({
      id: announcement,
      authorHandle: '@carol.example.com',
      createdAt: '2026-10-30T08:00:00.000Z',
      excerpt: 'I wrote about the harbour at dawn',
    });
    expect(post.url).toBe(`https://bsky.app/profile/carol.example.com/post/${announcement.split('/').at(-1)}`);
  });

  it('answers none when the post linking the article is by another DID, even under the same handle', async () => {
    const sourceUrl = `https://news.example.com/impostor-${randomUUID()}`;
    const { userId, thread } = await curatorWithThread(sourceUrl);
    knownPost({ did: 'did:plc:impostor', links: [sourceUrl] });

    expect(await authorPostOnShareStep('bluesky', userId, thread.id)).toBeNull();
  });

  it("answers none when the author's post links another article", async () => {
    const sourceUrl = `https://news.example.com/another-${randomUUID()}`;
    const { userId, thread } = await curatorWithThread(sourceUrl);
    knownPost({ links: [`${sourceUrl}/comments`] });

    expect(await authorPostOnShareStep('bluesky', userId, thread.id)).toBeNull();
  });
});

describe("searching for the author's post with the curator's session", () => {
  const searches = () => bluesky.requests.filter((request) => request.method === 'app.bsky.feed.searchPosts');

  /** The curator's connection as the adapter gets it, without its session when `withoutSession`. */
  async function curatorConnection(withoutSession = false) {
    const { loadLiveConnection } = await import('#functions/services/connections/connections');
    const { userId } = await curatorWithThread(articleUrl);
    const connection = (await loadLiveConnection(userId, 'bluesky', new Date()))!;
    if (!withoutSession) return connection;
    const { pds: _pds, ...connectionData } = connection.connectionData;
    return { ...connection, connectionData };
  }

  const findOnBluesky = async (connection: Awaited<ReturnType<typeof curatorConnection>>) => {
    const { blueskyAdapter } = await import('#functions/services/platforms/bluesky');
    return blueskyAdapter.authorPosts!.find(connection, `@${AUTHOR.handle}`, articleUrl, new Date());
  };

  // An article of each test's own, so no earlier test's post about it is found first.
  let articleUrl = '';
  beforeEach(() => {
    articleUrl = `https://news.example.com/searched-${randomUUID()}`;
  });

  it('asks its PDS with the access JWT, proxied to the AppView, while the public AppView wants a session', async () => {
    const { userId, thread } = await curatorWithThread(articleUrl);
    const uri = knownPost({ links: [articleUrl] });
    const before = searches().length;

    const post = await authorPostOnShareStep('bluesky', userId, thread.id);

    expect(post?.id).toBe(uri);
    expect(searches().slice(before)).toEqual([
      {
        method: 'app.bsky.feed.searchPosts',
        authorization: expect.stringMatching(/^Bearer ey/),
        proxy: 'did:web:api.bsky.app#bsky_appview',
      },
    ]);
  });

  it('asks the public AppView, with no token, only when the connection holds no session', async () => {
    const connection = await curatorConnection(true);
    const uri = knownPost({ links: [articleUrl] });
    bluesky.state.publicSearchRequiresAuth = false;
    try {
      const before = searches().length;

      const post = await findOnBluesky(connection);

      expect(post?.id).toBe(uri);
      expect(searches().slice(before)).toEqual([{ method: 'app.bsky.feed.searchPosts', authorization: undefined }]);
    } finally {
      bluesky.state.publicSearchRequiresAuth = true;
    }
  });

  it('says why when the public AppView refuses a search made without a session', async () => {
    const connection = await curatorConnection(true);
    knownPost({ links: [articleUrl] });

    await expect(findOnBluesky(connection)).rejects.toThrow(
      'The Bluesky AppView refused the read: Authentication Required',
    );
  });
});

describe("quoting the author's post in the credit (app.bsky.embed.recordWithMedia)", () => {
  it('quotes the chosen post beside the link card, keeping the attribution text', async () => {
    const { userId, thread } = await curatorWithThread();
    const uri = knownPost();
    const start = bluesky.records.length;

    const row = await publishQuoting('bluesky', userId, thread.id, uri);

    expect(row).toMatchObject({ status: 'completed', quoteNote: null });
    const credit = bluesky.records.slice(start).at(-1)!;
    expect(credit.text).toContain(thread.posts.at(-1)!.content);
    expect(credit.embed).toMatchObject({
      $type: 'app.bsky.embed.recordWithMedia',
      record: { $type: 'app.bsky.embed.record', record: { uri, cid: `bafyrei${uri.split('/').at(-1)}` } },
      media: { $type: 'app.bsky.embed.external', external: { uri: ARTICLE } },
    });
  });

  /** A post the share step offered that the credit must not quote, each made so in its own way. */
  const deletedPost = () => {
    const uri = knownPost();
    bluesky.state.knownPosts.delete(uri);
    return uri;
  };
  it.each([
    ["never quotes a post the client names that is not the author's", () => knownPost({ did: 'did:plc:impostor' })],
    // Still the author's post about the article, so the publish request's check keeps it.
    [
      'credits plainly, saying why, when the author detached quotes of the post',
      () => knownPost({ embeddingDisabled: true }),
      /quote settings do not allow/,
    ],
    ['credits plainly, saying why, when the post was deleted after the share step', deletedPost],
  ])('%s', async (_case, offeredPost, note = /could not be found again/) => {
    const { userId, thread } = await curatorWithThread();
    const uri = offeredPost();
    const start = bluesky.records.length;

    const row = await publishQuoting('bluesky', userId, thread.id, uri);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(note);
    expect(bluesky.records.slice(start).at(-1)!.embed).toMatchObject({ $type: 'app.bsky.embed.external' });
  });

  it('refuses the quote when the post is deleted between the check and the credit', async () => {
    const { QuoteRefusedError } = await import('#functions/services/platforms/platform-adapter');
    const { userId } = await curatorWithThread();
    const uri = knownPost();
    bluesky.state.knownPosts.delete(uri);
    const start = bluesky.records.length;

    const credit = postCreditQuoting('bluesky', userId, outgoingPost({ index: 0, total: 1 }), {
      id: uri,
      cid: 'bafyreigone',
    });

    await expect(credit).rejects.toThrow(QuoteRefusedError);
    await expect(credit).rejects.toThrow(/deleted/);
    expect(bluesky.records.length).toBe(start);
  });
});
