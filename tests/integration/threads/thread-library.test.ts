import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { Thread, ThreadSummary } from '#shared/schemas/thread';
import { articleRights } from '../../helpers/article-rights';
import { callRoute, type RouteAnswer, type RouteRequest } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';

const table = await startTestTable();
const { db, tableName } = await import('#functions/data/client');
const { keys } = await import('#functions/data/keys');
const { putThread, updateThreadForUser, listThreadsForUser } = await import('#functions/data/thread-repository');
const listRoute = (await import('#functions/http/threads/get-threads')).handler;
const getRoute = (await import('#functions/http/threads/get-thread')).handler;
const putRoute = (await import('#functions/http/threads/put-thread')).handler;
const deleteRoute = (await import('#functions/http/threads/delete-thread')).handler;
const newestRoute = (await import('#functions/http/threads/get-newest-thread')).handler;

afterAll(() => table.stop());

const ATTRIBUTION = 'Thread created by localhost:3000. Read original article at: https://example.com/a';
const USER_AGENT = 'Mozilla/5.0 (library test)';

type Route = typeof listRoute;

function call(route: Route, userId: string, request: RouteRequest = {}): Promise<RouteAnswer> {
  return callRoute(route, { userId }, request, { path: '/api/threads', userAgent: USER_AGENT });
}

function thread(userId: string, index: number, title: string): Thread {
  const id = `${userId}-${String(index).padStart(4, '0')}-0000-4000-8000-000000000000`;
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
  return {
    id,
    userId,
    title,
    sourceUrl: 'https://example.com/a',
    createdAt,
    updatedAt: createdAt,
    posts: [
      { id: 'post-0', content: `First post of ${title} 1/2`, charCount: 20 },
      { id: 'post-1', content: ATTRIBUTION, charCount: ATTRIBUTION.length },
    ],
    themes: ['cities'],
    tone: 'professional',
    isSensitiveContent: false,
    sensitiveCategories: [],
    sensitiveContentMessage: null,
    hallucination: null,
    articleSize: 1000,
    generatedSize: 100,
    postedToX: false,
    platformPosts: {},
  };
}

interface SecurityEventRow {
  eventType: string;
  eventDetails: Record<string, unknown>;
}

async function securityEvents(userId: string): Promise<SecurityEventRow[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.securityEventPrefix },
    }),
  );
  return (result.Items ?? []) as SecurityEventRow[];
}

async function readAll(userId: string, sort: string, order: string): Promise<ThreadSummary[]> {
  const seen: ThreadSummary[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 10; pages += 1) {
    const response = await call(listRoute, userId, { query: { sort, order, ...(cursor ? { cursor } : {}) } });
    expect(response.status).toBe(200);
    expect(response.body.threads.length).toBeLessThanOrEqual(15);
    seen.push(...response.body.threads);
    cursor = response.body.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return seen;
}

describe(`the thread library routes on ${table.backend}`, () => {
  // Titles in a shuffled, mixed-case order so that title order differs from creation order.
  const titles = Array.from(
    { length: 40 },
    (_, index) => `${index % 2 ? 'b' : 'B'}eta ${String((index * 7) % 40).padStart(2, '0')}`,
  );
  const pagingUser = 'pager';

  it('pages 40 threads 15 at a time, each exactly once and in order, for both fields and both orders', async () => {
    for (const [index, title] of titles.entries()) await putThread(thread(pagingUser, index, title));
    await putThread(thread('someone-else', 0, 'Aardvark'));

    const byCreated = [...titles.keys()].map((index) => thread(pagingUser, index, titles[index]!).id);
    const byTitle = [...titles.entries()]
      .sort(([a, ta], [b, tb]) => ta.toLowerCase().localeCompare(tb.toLowerCase()) || a - b)
      .map(([index]) => thread(pagingUser, index, titles[index]!).id);

    expect((await readAll(pagingUser, 'createdAt', 'desc')).map((t) => t.id)).toEqual([...byCreated].reverse());
    expect((await readAll(pagingUser, 'createdAt', 'asc')).map((t) => t.id)).toEqual(byCreated);
    expect((await readAll(pagingUser, 'title', 'asc')).map((t) => t.id)).toEqual(byTitle);
    expect((await readAll(pagingUser, 'title', 'desc')).map((t) => t.id)).toEqual([...byTitle].reverse());
  });

  it('lists each thread as its card shows it: counts, a 120-character preview, badges, and no other post content', async () => {
    const passage = 'The council measured the streets at noon, SOURCE-PASSAGE-MARKER, and compared them.';
    const posts = Array.from({ length: 8 }, (_, index) => {
      const content = `${index + 1}/ ${`Post ${index} about shaded streets and heat in the city centre. `.repeat(4)}TAIL-${index}`;
      return { id: `post-${index}`, content, charCount: content.length, source: passage };
    });
    const rich: Thread = {
      ...thread('hana', 1, 'Heat in cities'),
      posts: [...posts, { id: 'post-8', content: ATTRIBUTION, charCount: ATTRIBUTION.length }],
      themes: ['cities', 'heat', 'trees'],
      tone: 'casual',
      isSensitiveContent: true,
      sensitiveCategories: ['health'],
      hallucination: { risk: 'low', reason: 'HALLUCINATION-MARKER', contentRatio: 0.4 },
      platformPosts: { bluesky: { posted: true, postUrl: 'https://bsky.app/profile/x/post/1' } },
      rights: articleRights({ nosnippet: true }),
      nextScheduled: { at: '2026-06-01T09:00:00.000Z', platforms: ['telegram', 'bluesky'] },
      engagement: 321,
      autoDraft: true,
    };
    const plain = thread('hana', 2, 'Plain one');
    await putThread(rich);
    await putThread(plain);

    const response = await call(listRoute, 'hana', { query: {} });

    expect(response.status).toBe(200);
    expect(response.body.threads).toEqual([
      {
        id: plain.id,
        title: 'Plain one',
        sourceUrl: 'https://example.com/a',
        createdAt: plain.createdAt,
        tone: 'professional',
        themes: ['cities'],
        isSensitiveContent: false,
        posted: false,
        postCount: 2,
        preview: 'First post of Plain one 1/2',
        nextScheduled: null,
      },
      {
        id: rich.id,
        title: 'Heat in cities',
        sourceUrl: 'https://example.com/a',
        createdAt: rich.createdAt,
        tone: 'casual',
        themes: ['cities', 'heat', 'trees'],
        isSensitiveContent: true,
        posted: true,
        postCount: 9,
        preview: `${posts[0]!.content.slice(0, 120).trimEnd()}...`,
        rights: rich.rights,
        autoDraft: true,
        engagement: 321,
        nextScheduled: { at: '2026-06-01T09:00:00.000Z', platforms: ['telegram', 'bluesky'] },
      },
    ]);
    const answered = JSON.stringify(response.body);
    for (const marker of [
      'TAIL-0',
      'Post 1 about',
      'SOURCE-PASSAGE-MARKER',
      'HALLUCINATION-MARKER',
      'bsky.app',
      ATTRIBUTION,
    ]) {
      expect(answered).not.toContain(marker);
    }
  });

  it('lists a row written by an older version with the defaults its detail shows', async () => {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.thread('ivan', 't-legacy'),
          ...keys.threadByCreated('ivan', '2025-05-01T00:00:00.000Z', 't-legacy'),
          type: 'thread',
          id: 't-legacy',
          userId: 'ivan',
          createdAt: '2025-05-01T00:00:00.000Z',
          posts: ['A plain-string post from before posts had ids', { note: 'no content' }, 'Second'],
          postedToX: true,
          rights: { reservation: 'unknown' },
        },
      }),
    );

    const response = await call(listRoute, 'ivan', { query: {} });

    expect(response.body.threads).toEqual([
      {
        id: 't-legacy',
        title: 'Untitled Thread',
        sourceUrl: '',
        createdAt: '2025-05-01T00:00:00.000Z',
        tone: 'professional',
        themes: [],
        isSensitiveContent: false,
        posted: true,
        postCount: 2,
        preview: 'A plain-string post from before posts had ids',
        nextScheduled: null,
      },
    ]);
  });

  it('refuses a tampered cursor, and a cursor of another sort, with a 400', async () => {
    const first = await call(listRoute, pagingUser, { query: { sort: 'createdAt', order: 'desc' } });
    const cursor: string = first.body.nextCursor;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    decoded.key.pk = keys.userPartition('someone-else');
    decoded.key.gsi3pk = keys.threadsOfUser('someone-else');
    const foreign = Buffer.from(JSON.stringify(decoded)).toString('base64url');

    for (const bad of [foreign, `${cursor.slice(0, -4)}!!!!`, 'not-a-cursor']) {
      const response = await call(listRoute, pagingUser, { query: { sort: 'createdAt', order: 'desc', cursor: bad } });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/cursor/i);
    }
    const otherSort = await call(listRoute, pagingUser, { query: { sort: 'title', order: 'asc', cursor } });
    expect(otherSort.status).toBe(400);
    const badSort = await call(listRoute, pagingUser, { query: { sort: 'userId' } });
    expect(badSort.status).toBe(400);
  });

  it("never lets user B read, change or delete user A's thread, and logs every attempt", async () => {
    const own = thread('alice', 1, 'Alice only');
    await putThread(own);
    const params = { threadId: own.id };
    const edit = {
      posts: [
        { id: 'post-0', content: 'Taken over' },
        { id: 'post-1', content: ATTRIBUTION },
      ],
    };

    const listed = await call(listRoute, 'bob', { query: {} });
    expect(listed.body.threads).toEqual([]);
    const read = await call(getRoute, 'bob', { params });
    const changed = await call(putRoute, 'bob', { params, body: edit });
    const deleted = await call(deleteRoute, 'bob', { params });
    for (const response of [read, changed, deleted]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: 'Access Denied: You do not have permission to access this thread.',
        code: 'thread_access_denied',
      });
    }

    const stillThere = await call(getRoute, 'alice', { params });
    expect(stillThere.status).toBe(200);
    expect(stillThere.body.posts[0].content).toBe(own.posts[0]!.content);

    const events = await securityEvents('bob');
    expect(events.map((event) => event.eventType).sort()).toEqual(
      [
        'thread_access',
        'thread_ownership_violation',
        'thread_ownership_violation',
        'unauthorized_thread_access',
      ].sort(),
    );
    for (const event of events.filter((e) => e.eventType !== 'thread_access')) {
      expect(event.eventDetails).toMatchObject({ threadId: own.id, userAgent: USER_AGENT });
    }
  });

  it('lets the owner read, save and delete, recording each; an unknown or deleted id answers 404', async () => {
    const own = thread('carol', 2, 'Carol keeps this');
    await putThread(own);
    const params = { threadId: own.id };

    const saved = await call(putRoute, 'carol', {
      params,
      body: {
        posts: [
          { id: 'post-0', content: 'Edited first post' },
          { id: 'post-1', content: ATTRIBUTION },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect((await call(getRoute, 'carol', { params })).body.posts[0].content).toBe('Edited first post');

    expect((await call(deleteRoute, 'carol', { params })).status).toBe(204);
    expect(await call(getRoute, 'carol', { params })).toEqual({
      status: 404,
      body: { error: 'Thread not found', code: 'thread_not_found' },
    });
    expect((await call(deleteRoute, 'carol', { params })).status).toBe(404);
    expect((await call(putRoute, 'carol', { params, body: { posts: [{ id: 'p', content: 'x' }] } })).status).toBe(404);
    expect((await call(getRoute, 'carol', { params: { threadId: '../../etc' } })).status).toBe(404);

    const types = (await securityEvents('carol')).map((event) => event.eventType);
    expect(types).toEqual(
      expect.arrayContaining([
        'thread_updated',
        'thread_detail_access',
        'thread_deleted',
        'thread_access_failed',
        'thread_delete_failed',
      ]),
    );
  });

  it('keeps the check of a post saved unchanged and marks an edited or added post as not checked', async () => {
    const checked = { status: 'checked', found: { numbers: 1, quotes: 0, names: 1 } } as const;
    const own = thread('dora', 3, 'Dora checks this');
    own.posts = [
      { id: 'post-0', content: 'Valmont was 7.2 degrees warmer.', charCount: 31, check: checked },
      { id: 'post-1', content: '1/ Trees cool streets.', charCount: 22, check: checked },
      { id: 'post-2', content: ATTRIBUTION, charCount: ATTRIBUTION.length },
    ];
    await putThread(own);
    const params = { threadId: own.id };

    const saved = await call(putRoute, 'dora', {
      params,
      body: {
        posts: [
          { id: 'post-0', content: 'Valmont was 7.2 degrees warmer.' },
          { id: 'post-1', content: '1/ Trees cool streets by 9 degrees.' },
          { id: 'post-9', content: '2/ My own note.' },
          { id: 'post-2', content: ATTRIBUTION },
        ],
      },
    });

    expect(saved.status).toBe(200);
    const stored = (await call(getRoute, 'dora', { params })).body as Thread;
    expect(stored.posts.map((post) => post.check)).toEqual([
      checked,
      { status: 'edited' },
      { status: 'edited' },
      undefined,
    ]);
  });

  it("keeps each post's passage and its checked text-fragment link (or its absence) through an edit", async () => {
    const own = thread('dora', 4, 'Dora edits this');
    own.posts = [
      { id: 'post-0', content: 'Hook', charCount: 4, source: 'A headline from <title>', sourceFragment: null },
      {
        id: 'post-1',
        content: '1/ Trees cool streets.',
        charCount: 22,
        source: 'Trees cool',
        sourceFragment: 'x-,Trees%20cool',
      },
      { id: 'post-2', content: ATTRIBUTION, charCount: ATTRIBUTION.length },
    ];
    await putThread(own);
    const params = { threadId: own.id };

    await call(putRoute, 'dora', {
      params,
      body: {
        posts: [
          { id: 'post-0', content: 'Hook, edited' },
          { id: 'post-1', content: '1/ Trees cool streets a lot.' },
          { id: 'post-2', content: ATTRIBUTION },
        ],
      },
    });

    const stored = (await call(getRoute, 'dora', { params })).body as Thread;
    expect(stored.posts.map((post) => [post.source, post.sourceFragment])).toEqual([
      ['A headline from <title>', null],
      ['Trees cool', 'x-,Trees%20cool'],
      [undefined, undefined],
    ]);
  });

  it('saves nothing when the post list is empty, a post is over the limit or unsafe, or the attribution changed', async () => {
    const own = thread('dave', 3, 'Dave edits');
    await putThread(own);
    const params = { threadId: own.id };
    const attempts = [
      [],
      [
        { id: 'post-0', content: 'x'.repeat(281) },
        { id: 'post-1', content: ATTRIBUTION },
      ],
      [
        { id: 'post-0', content: '<script>alert(1)</script>' },
        { id: 'post-1', content: ATTRIBUTION },
      ],
      [
        { id: 'post-0', content: 'fine' },
        { id: 'post-1', content: 'Made by me' },
      ],
    ];
    for (const posts of attempts) {
      const response = await call(putRoute, 'dave', { params, body: { posts } });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect((await call(getRoute, 'dave', { params })).body.posts).toEqual(own.posts);
  });

  it('moves a renamed thread (a regeneration) to its new place in the by-title order', async () => {
    await putThread(thread('erin', 1, 'Alpha'));
    await putThread(thread('erin', 2, 'Mid'));
    await updateThreadForUser('erin', thread('erin', 1, 'Alpha').id, { title: 'Zulu' }, '2026-02-01T00:00:00.000Z');
    const page = await listThreadsForUser('erin', { field: 'title', order: 'asc' }, 15, null);
    expect(page.threads.map((t) => t.title)).toEqual(['Mid', 'Zulu']);
  });

  it("records a restore by the create flow as thread_restored, or as a restore attempt on someone else's thread", async () => {
    const own = thread('frank', 1, 'Frank restores');
    await putThread(own);
    const restored = await call(getRoute, 'frank', { params: { threadId: own.id }, query: { purpose: 'restore' } });
    expect(restored.status).toBe(200);
    const foreign = await call(getRoute, 'gina', { params: { threadId: own.id }, query: { purpose: 'restore' } });
    expect(foreign.status).toBe(403);
    expect((await securityEvents('frank')).map((event) => event.eventType)).toEqual(['thread_restored']);
    expect((await securityEvents('gina')).map((event) => event.eventType)).toEqual([
      'unauthorized_thread_restore_attempt',
    ]);
  });

  it("answers the history's poll with the caller's newest thread id only, recording no security event", async () => {
    const eventsBefore = (await securityEvents(pagingUser)).length;

    const newest = await call(newestRoute, pagingUser);
    const none = await call(newestRoute, 'nobody-yet');

    expect(newest).toMatchObject({ status: 200, body: { threadId: thread(pagingUser, 39, titles[39]!).id } });
    expect(none).toMatchObject({ status: 200, body: { threadId: null } });
    expect((await securityEvents(pagingUser)).length).toBe(eventsBefore);
    expect(await securityEvents('nobody-yet')).toEqual([]);
  });
});
