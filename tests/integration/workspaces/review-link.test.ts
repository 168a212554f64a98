import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Thread } from '#shared/schemas/thread';
import { teamWithApproval } from '../../helpers/approval-team';
import { PUBLIC_CHAT, startPublishingPipeline } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute, type RouteHandler } from '../../helpers/route-call';

// A client's review link end to end in this process: the routes as API Gateway calls them and the
// publishing pipeline (local SQS polled by the real worker, the local Telegram Bot API).
const pipeline = await startPublishingPipeline();

const workspaceRoute = async (name: string): Promise<RouteHandler> =>
  (await import(`#functions/http/workspaces/${name}`)).handler;
const publicRoute = async (name: string): Promise<RouteHandler> =>
  (await import(`#functions/http/public/${name}`)).handler;
const routes = {
  putSettings: await workspaceRoute('put-settings'),
  activity: await workspaceRoute('get-activity'),
  review: await workspaceRoute('get-review'),
  createLink: await workspaceRoute('create-review-link'),
  listLinks: await workspaceRoute('list-review-links'),
  revokeLink: await workspaceRoute('revoke-review-link'),
  clientView: await publicRoute('get-client-review'),
  clientDecision: await publicRoute('post-client-decision'),
  publish: (await import('#functions/http/publishing/post-publish')).handler as RouteHandler,
  editThread: (await import('#functions/http/threads/put-thread')).handler as RouteHandler,
};
const { putThread } = await import('#functions/data/thread-repository');
const { listNotifications } = await import('#functions/data/notification-repository');
const { disconnectConnection, putConnection } = await import('#functions/data/connection-repository');
const { putReviewLink } = await import('#functions/data/review-link-repository');
const { hashReviewToken } = await import('#functions/services/review/review-links');
const { threadVersion } = await import('#shared/workspaces/thread-version');
const { createScheduledItem } = await import('#functions/data/scheduled-item-repository');

afterAll(() => pipeline.stop());

/** A team with an owner, an editor and a reviewer, Telegram connected, approval required everywhere. */
const team = () => teamWithApproval(routes.putSettings, { name: 'Agency' });

async function threadIn(workspaceId: string, marker: string): Promise<Thread> {
  const thread = makeThread(workspaceId, [
    `${marker}: the port moved 4 million containers.`,
    `${marker}: the second post.`,
  ]);
  const [first, ...rest] = thread.posts;
  thread.posts = [
    {
      ...(first as Thread['posts'][number]),
      source: 'The port moved 4 million containers last year.',
      sourceFragment: 'The%20port%20moved%204%20million%20containers%20last%20year.',
      check: { status: 'checked', found: { numbers: 1, quotes: 0, names: 0 } },
    },
    ...rest,
  ];
  await putThread(thread);
  return thread;
}

/** Each client is its own address, so budgets of one test never spend another's. */
const client = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 6)}`;
const tokenOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
const view = (token: string, ip: string) =>
  callRoute(routes.clientView, { userId: 'nobody' }, { params: { token } }, { sourceIp: ip });
const decide = (token: string, body: unknown, ip: string) =>
  callRoute(routes.clientDecision, { userId: 'nobody' }, { params: { token }, body }, { sourceIp: ip, method: 'POST' });
const kinds = async (call: Awaited<ReturnType<typeof team>>['call'], owner: string, workspaceId: string) =>
  (await call(routes.activity, owner, { params: { workspaceId } })).body.entries.map(
    (entry: { kind: string }) => entry.kind,
  );

describe('the client review link', () => {
  it('shows the version it names with passages and checks, approves it once, and publishing then goes ahead', async () => {
    const { workspaceId, owner, editor, reviewer, call } = await team();
    const marker = `link-${randomUUID().slice(0, 8)}`;
    const thread = await threadIn(workspaceId, marker);
    const threadParams = { params: { threadId: thread.id } };

    const created = await call(routes.createLink, editor, { ...threadParams, body: { expiresInDays: 3 } });
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.body.url);
    // A reviewer may read the links but not make them.
    expect((await call(routes.createLink, reviewer, { ...threadParams, body: {} })).status).toBe(403);

    const listed = await call(routes.listLinks, reviewer, threadParams);
    expect(listed.body.links).toEqual([
      expect.objectContaining({ linkId: created.body.linkId, state: 'active', createdBy: `${editor}@example.com` }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const ip = client();
    const seen = await view(token, ip);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ state: 'active', title: thread.title, article: { url: thread.sourceUrl } });
    expect(seen.body.posts[0]).toEqual({
      id: 'post-0',
      text: thread.posts[0]?.content,
      source: 'The port moved 4 million containers last year.',
      sourceUrl: `${thread.sourceUrl}#:~:text=The%20port%20moved%204%20million%20containers%20last%20year.`,
      check: { status: 'checked', found: { numbers: 1, quotes: 0, names: 0 } },
    });
    expect(JSON.stringify(seen.body)).not.toContain(workspaceId);

    const decided = await decide(token, { decision: 'approve', name: 'Dana at Harbour Co' }, ip);
    expect(decided).toMatchObject({ status: 200, body: { state: 'used', decision: 'approve' } });
    expect((await call(routes.review, editor, threadParams)).body).toMatchObject({
      state: 'approved',
      approved: true,
      approvedBy: 'Client (via review link): Dana at Harbour Co',
    });

    const replay = await decide(token, { decision: 'request_changes', comment: 'On second thought…' }, ip);
    expect(replay).toMatchObject({ status: 409, body: { code: 'review_link_used' } });
    expect((await call(routes.review, editor, threadParams)).body.state).toBe('approved');
    expect((await view(token, ip)).body).toMatchObject({ state: 'used', decision: 'approve' });

    const published = await call(routes.publish, editor, { ...threadParams, body: { platforms: ['telegram'] } });
    expect(published.status).toBe(202);
    expect(await settle(workspaceId, thread.id, 'telegram')).toMatchObject({ status: 'completed' });

    expect(await kinds(call, owner, workspaceId)).toEqual([
      'review_link_viewed',
      'approved',
      'review_link_viewed',
      'review_link_created',
      'settings_changed',
    ]);
    const editorNotices = await listNotifications(editor, 30);
    expect(editorNotices.map((notice: { kind: string }) => notice.kind)).toContain('client_approved');
    expect((await call(routes.listLinks, editor, threadParams)).body.links[0]).toMatchObject({ state: 'used' });

    // The link names one version: after an edit, even the used link shows nothing of the new text.
    const posts = thread.posts.map(({ id, content }, index) => ({
      id,
      content: index === 1 ? `${content} Later.` : content,
    }));
    expect((await call(routes.editThread, editor, { ...threadParams, body: { posts } })).status).toBe(200);
    const after = await view(token, ip);
    expect(after).toMatchObject({ status: 410, body: { code: 'review_link_outdated' } });
    expect(JSON.stringify(after.body)).not.toContain('Later.');
  });

  it('requests changes with a comment attributed to the client, and refuses it without one', async () => {
    const { workspaceId, editor, call } = await team();
    const thread = await threadIn(workspaceId, `changes-${randomUUID().slice(0, 8)}`);
    const threadParams = { params: { threadId: thread.id } };
    const token = tokenOf((await call(routes.createLink, editor, { ...threadParams, body: {} })).body.url);
    const ip = client();
    const bare = await decide(token, { decision: 'request_changes' }, ip);
    expect(bare.status).toBe(400);
    const asked = await decide(token, { decision: 'request_changes', comment: 'Cite the year in post one.' }, ip);
    expect(asked).toMatchObject({ status: 200, body: { decision: 'request_changes' } });
    const review = (await call(routes.review, editor, threadParams)).body;
    expect(review.state).toBe('changes_requested');
    expect(review.comments).toEqual([
      expect.objectContaining({ authorEmail: 'Client (via review link)', text: 'Cite the year in post one.' }),
    ]);
  });

  it('refuses an expired, revoked, unknown or outdated link, writing nothing', async () => {
    const { workspaceId, owner, editor, call } = await team();
    const thread = await threadIn(workspaceId, `refused-${randomUUID().slice(0, 8)}`);
    const threadParams = { params: { threadId: thread.id } };
    const ip = client();

    const revoked = await call(routes.createLink, editor, { ...threadParams, body: {} });
    const revokedToken = tokenOf(revoked.body.url);
    expect(
      (await call(routes.revokeLink, editor, { params: { threadId: thread.id, linkId: revoked.body.linkId } })).status,
    ).toBe(204);
    expect((await view(revokedToken, ip)).body.code).toBe('review_link_revoked');
    expect(await decide(revokedToken, { decision: 'approve' }, ip)).toMatchObject({
      status: 410,
      body: { code: 'review_link_revoked' },
    });

    const unknown = await decide(randomUUID(), { decision: 'approve' }, ip);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'review_link_invalid' } });

    // Expired: the clock moves past the link's end.
    const expiring = await call(routes.createLink, editor, { ...threadParams, body: { expiresInDays: 1 } });
    const { vi } = await import('vitest');
    vi.useFakeTimers({ now: Date.parse(expiring.body.expiresAt) + 1_000, toFake: ['Date'] });
    try {
      expect(await decide(tokenOf(expiring.body.url), { decision: 'approve' }, client())).toMatchObject({
        status: 410,
        body: { code: 'review_link_expired' },
      });
    } finally {
      vi.useRealTimers();
    }
    expect(
      (await call(routes.listLinks, editor, threadParams)).body.links.map((link: { state: string }) => link.state),
    ).toEqual(['revoked', 'active']);

    // Outdated: the thread was edited after the link was made.
    const outdated = tokenOf((await call(routes.createLink, editor, { ...threadParams, body: {} })).body.url);
    const posts = thread.posts.map(({ id, content }, index) => ({
      id,
      content: index === 1 ? `${content} Edited.` : content,
    }));
    expect((await call(routes.editThread, editor, { ...threadParams, body: { posts } })).status).toBe(200);
    expect((await view(outdated, ip)).body.code).toBe('review_link_outdated');
    expect(await decide(outdated, { decision: 'approve' }, ip)).toMatchObject({
      status: 410,
      body: { code: 'review_link_outdated' },
    });

    expect((await call(routes.review, editor, threadParams)).body).toMatchObject({
      state: 'draft',
      approvedVersion: null,
    });
    expect(await kinds(call, owner, workspaceId)).toEqual([
      'review_link_created',
      'review_link_created',
      'review_link_revoked',
      'review_link_created',
      'settings_changed',
    ]);
  });

  it("a token of one thread never shows or decides another's", async () => {
    const { workspaceId, editor, call } = await team();
    const threadA = await threadIn(workspaceId, `a-${randomUUID().slice(0, 8)}`);
    const threadB = await threadIn(workspaceId, `b-${randomUUID().slice(0, 8)}`);
    const tokenA = tokenOf(
      (await call(routes.createLink, editor, { params: { threadId: threadA.id }, body: {} })).body.url,
    );
    const ip = client();
    const seen = await view(tokenA, ip);
    expect(JSON.stringify(seen.body)).not.toContain(threadB.id);
    expect(JSON.stringify(seen.body)).not.toContain(threadA.id);
    expect(seen.body.posts.map((post: { text: string }) => post.text)).toEqual(
      threadA.posts.map((post) => post.content),
    );
    // The path names only the token: a body naming B's id is ignored by the schema, and A is what gets approved.
    await decide(tokenA, { decision: 'approve', threadId: threadB.id }, ip);
    expect((await call(routes.review, editor, { params: { threadId: threadB.id } })).body.state).toBe('draft');
    expect((await call(routes.review, editor, { params: { threadId: threadA.id } })).body.state).toBe('approved');
    // B's links list is empty, and B's thread cannot revoke A's link.
    expect((await call(routes.listLinks, editor, { params: { threadId: threadB.id } })).body.links).toEqual([]);
    const linkA = (await call(routes.listLinks, editor, { params: { threadId: threadA.id } })).body.links[0].linkId;
    expect(await call(routes.revokeLink, editor, { params: { threadId: threadB.id, linkId: linkA } })).toMatchObject({
      status: 404,
      body: { code: 'review_link_not_found' },
    });
  });

  it('limits decisions per address, so guessing tokens spends the budget: 429, nothing written', async () => {
    const { workspaceId, editor, call } = await team();
    const thread = await threadIn(workspaceId, `limit-${randomUUID().slice(0, 8)}`);
    const token = tokenOf(
      (await call(routes.createLink, editor, { params: { threadId: thread.id }, body: {} })).body.url,
    );
    const ip = client();
    for (let i = 0; i < 10; i++)
      expect((await decide(randomUUID(), { decision: 'approve' }, ip)).body.code).toBe('review_link_invalid');
    // The address spent its decisions guessing: the real link's decision is refused, and nothing is written.
    const limited = await callRoute(
      routes.clientDecision,
      { userId: 'nobody' },
      { params: { token }, body: { decision: 'approve' } },
      { sourceIp: ip, method: 'POST' },
    );
    expect(limited).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect((await call(routes.review, editor, { params: { threadId: thread.id } })).body.state).toBe('draft');
    expect((await call(routes.listLinks, editor, { params: { threadId: thread.id } })).body.links[0].state).toBe(
      'active',
    );
  });

  it('limits views of one link, whatever the address: the 61st in the hour is refused', async () => {
    const { workspaceId, editor, call } = await team();
    const thread = await threadIn(workspaceId, `views-${randomUUID().slice(0, 8)}`);
    const token = tokenOf(
      (await call(routes.createLink, editor, { params: { threadId: thread.id }, body: {} })).body.url,
    );
    for (let i = 0; i < 60; i++) expect((await view(token, client())).status).toBe(200);
    expect(await view(token, client())).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
  });
});

describe('the platforms a review link shows', () => {
  /** Three body posts of about 180 characters: two join in one Mastodon status, none on X. */
  const bodyPosts = (marker: string) =>
    [1, 2, 3].map(
      (n) =>
        `${n}/ ${marker}: ${'The harbour authority reported record throughput for the third year running, '.repeat(2).trim()} (${n})`,
    );

  it('answers each chosen platform’s posts as they will post: Mastodon joins, X keeps apart, each placing the link its way', async () => {
    const { workspaceId, editor, call } = await team();
    const marker = `platforms-${randomUUID().slice(0, 8)}`;
    const thread = makeThread(workspaceId, bodyPosts(marker));
    // Mastodon was chosen to put the link in the first post as well; X keeps its default (the credit only).
    thread.linkPlacements = { mastodon: 'first-post-and-credit' };
    await putThread(thread);
    const created = await call(routes.createLink, editor, {
      params: { threadId: thread.id },
      body: { platforms: ['mastodon', 'twitter'] },
    });
    expect(created).toMatchObject({ status: 201, body: { platforms: ['mastodon', 'twitter'] } });

    const seen = await view(tokenOf(created.body.url), client());
    expect(seen.status).toBe(200);
    const [mastodon, x] = seen.body.platforms;
    const [p0, p1, p2, credit] = thread.posts.map((post) => post.content);
    const body = (text: string | undefined) => (text ?? '').replace(/^\d\/ /, '');
    expect(mastodon).toEqual({
      platform: 'mastodon',
      account: null,
      linkPlacement: 'first-post-and-credit',
      posts: [
        {
          text: `${thread.title}\n\n${body(p0)}\n\n${thread.sourceUrl}\n\n${body(p1)}`,
          postIds: ['post-0', 'post-1'],
        },
        { text: body(p2), postIds: ['post-2'] },
        { text: credit, postIds: ['post-3'] },
      ],
      firstComment: null,
    });
    expect(x).toEqual({
      platform: 'twitter',
      account: null,
      linkPlacement: 'credit-post',
      posts: [
        { text: `${thread.title}\n\n${body(p0)}`, postIds: ['post-0'] },
        { text: body(p1), postIds: ['post-1'] },
        { text: body(p2), postIds: ['post-2'] },
        { text: credit, postIds: ['post-3'] },
      ],
      firstComment: null,
    });
    // The source posts the rendered ones name are in the answer, with their passages; nothing else is.
    expect(seen.body.posts.map((post: { id: string }) => post.id)).toEqual(['post-0', 'post-1', 'post-2', 'post-3']);
    expect(JSON.stringify(seen.body)).not.toContain(workspaceId);
    expect(JSON.stringify(seen.body)).not.toContain(thread.id);
    const listed = await call(routes.listLinks, editor, { params: { threadId: thread.id } });
    expect(listed.body.links[0].platforms).toEqual(['mastodon', 'twitter']);
  });

  it('defaults to the platforms of the thread’s upcoming items, else the connected ones, else refuses', async () => {
    const { workspaceId, editor, call } = await team();
    const thread = await threadIn(workspaceId, `default-${randomUUID().slice(0, 8)}`);
    const params = { threadId: thread.id };
    const platformsOf = async (created: { url: string }) =>
      (await view(tokenOf(created.url), client())).body.platforms.map(
        (version: { platform: string }) => version.platform,
      );

    // Nothing scheduled: the workspace's connected platforms (Telegram).
    const connected = await call(routes.createLink, editor, { params, body: {} });
    expect(connected.body.platforms).toEqual(['telegram']);
    expect(await platformsOf(connected.body)).toEqual(['telegram']);

    // Scheduled (by time and by the queue) for Bluesky and Mastodon: those, whatever is connected.
    const now = new Date().toISOString();
    const item = (itemId: string, platforms: ('bluesky' | 'mastodon')[], source: 'time' | 'queue') => ({
      userId: workspaceId,
      itemId,
      threadId: thread.id,
      threadTitle: thread.title,
      platforms,
      at: new Date(Date.now() + 3_600_000).toISOString(),
      timeZone: 'UTC',
      source,
      status: 'scheduled' as const,
      firedAt: null,
      cancelledAt: null,
      outcomes: {},
      fireLeaseUntil: null,
      createdAt: now,
      updatedAt: now,
    });
    await createScheduledItem(item(randomUUID(), ['bluesky'], 'time'));
    await createScheduledItem(item(randomUUID(), ['mastodon', 'bluesky'], 'queue'));
    const scheduled = await call(routes.createLink, editor, { params, body: {} });
    expect(scheduled.status).toBe(201);
    expect([...scheduled.body.platforms].sort()).toEqual(['bluesky', 'mastodon']);

    // Neither scheduled nor connected: the editor must choose.
    const bare = await threadIn(workspaceId, `bare-${randomUUID().slice(0, 8)}`);
    await disconnectConnection(workspaceId, 'telegram', PUBLIC_CHAT.id, new Date().toISOString());
    const refused = await call(routes.createLink, editor, { params: { threadId: bare.id }, body: {} });
    expect(refused).toMatchObject({ status: 400, body: { error: expect.stringContaining('Choose the platforms') } });
    expect((await call(routes.listLinks, editor, { params: { threadId: bare.id } })).body.links).toEqual([]);
  });

  it.each([
    ['an unknown platform', ['mastodon', 'myspace']],
    ['an empty list', []],
    ['a platform twice', ['twitter', 'twitter']],
    ['not a list', 'mastodon'],
  ])('refuses %s with a 400 JSON error, making no link', async (_case, platforms) => {
    const { workspaceId, editor, call } = await team();
    const thread = await threadIn(workspaceId, `bad-${randomUUID().slice(0, 8)}`);
    const answer = await call(routes.createLink, editor, { params: { threadId: thread.id }, body: { platforms } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
    expect((await call(routes.listLinks, editor, { params: { threadId: thread.id } })).body.links).toEqual([]);
  });
});

describe('the accounts a review link shows', () => {
  /** A Mastodon account as its connect flow stores it: its server and that server's own post length. */
  const mastodonAccount = (workspaceId: string, id: string, host: string, maxCharacters: number, name: string | null) =>
    putConnection({
      userId: workspaceId,
      platform: 'mastodon',
      accountId: `${id}@${host}`,
      name,
      platformUsername: `@news@${host}`,
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
      isConnected: true,
      connectionData: { instance: `https://${host}`, accountId: id, maxCharacters, charactersReservedPerUrl: 23 },
      updatedAt: new Date().toISOString(),
    });
  const NEWS = '101@social.example';
  const DESK = '202@harbour.example';
  /** A team with two Mastodon accounts: 500 characters on social.example, 1,000 on harbour.example. */
  async function teamWithTwoMastodonAccounts() {
    const made = await team();
    await mastodonAccount(made.workspaceId, '101', 'social.example', 500, null);
    await mastodonAccount(made.workspaceId, '202', 'harbour.example', 1_000, 'Harbour desk');
    return made;
  }
  /** Three body posts of about 180 characters: 500 characters hold two, 1,000 hold all three. */
  const threadOfThree = async (workspaceId: string) => {
    const thread = makeThread(
      workspaceId,
      [1, 2, 3].map(
        (n) =>
          `${n}/ ${'The harbour authority reported record throughput for the third year running, '.repeat(2).trim()} (${n})`,
      ),
    );
    await putThread(thread);
    return thread;
  };
  type Section = { platform: string; account: { id: string; name: string } | null; posts: { text: string }[] };

  it('shows one section per chosen account, named, each laid out with its own server’s limit', async () => {
    const { workspaceId, editor, call } = await teamWithTwoMastodonAccounts();
    const thread = await threadOfThree(workspaceId);

    const created = await call(routes.createLink, editor, {
      params: { threadId: thread.id },
      body: { accounts: { mastodon: [NEWS, DESK] } },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { platforms: ['mastodon'], accounts: { mastodon: [NEWS, DESK] } },
    });
    const seen = await view(tokenOf(created.body.url), client());

    expect(seen.status).toBe(200);
    const sections: Section[] = seen.body.platforms;
    expect(sections.map(({ platform, account }) => ({ platform, account }))).toEqual([
      { platform: 'mastodon', account: { id: NEWS, name: '@news@social.example' } },
      { platform: 'mastodon', account: { id: DESK, name: 'Harbour desk' } },
    ]);
    const [news, desk] = sections as [Section, Section];
    expect(Math.max(...news.posts.map((post) => post.text.length))).toBeLessThanOrEqual(500);
    expect(Math.max(...desk.posts.map((post) => post.text.length))).toBeGreaterThan(500);
    expect(desk.posts.length).toBeLessThan(news.posts.length);
    const listed = await call(routes.listLinks, editor, { params: { threadId: thread.id } });
    expect(listed.body.links[0]).toMatchObject({ platforms: ['mastodon'], accounts: { mastodon: [NEWS, DESK] } });
  });

  it('shows every connected account of a platform named without accounts, and by default every connected account', async () => {
    const { workspaceId, editor, call } = await teamWithTwoMastodonAccounts();
    const thread = await threadOfThree(workspaceId);
    const accountsOf = async (body: unknown) => {
      const created = await call(routes.createLink, editor, { params: { threadId: thread.id }, body });
      return (await view(tokenOf(created.body.url), client())).body.platforms.map(
        ({ platform, account }: Section) => `${platform}:${account?.name}`,
      );
    };

    expect(await accountsOf({ platforms: ['mastodon'] })).toEqual([
      'mastodon:@news@social.example',
      'mastodon:Harbour desk',
    ]);
    // In the workspace's listing order (by platform, then account).
    expect(await accountsOf({})).toEqual([
      'mastodon:@news@social.example',
      'mastodon:Harbour desk',
      `telegram:${PUBLIC_CHAT.title}`,
    ]);
  });

  it('defaults to the account the thread’s scheduled item posts to', async () => {
    const { workspaceId, editor, call } = await teamWithTwoMastodonAccounts();
    const thread = await threadOfThree(workspaceId);
    const now = new Date().toISOString();
    await createScheduledItem({
      userId: workspaceId,
      itemId: randomUUID(),
      threadId: thread.id,
      threadTitle: thread.title,
      platforms: ['mastodon'],
      accounts: { mastodon: [DESK] },
      at: new Date(Date.now() + 3_600_000).toISOString(),
      timeZone: 'UTC',
      source: 'time',
      status: 'scheduled',
      firedAt: null,
      cancelledAt: null,
      outcomes: {},
      fireLeaseUntil: null,
      createdAt: now,
      updatedAt: now,
    });

    const created = await call(routes.createLink, editor, { params: { threadId: thread.id }, body: {} });

    expect(created.body).toMatchObject({ platforms: ['mastodon'], accounts: { mastodon: [DESK] } });
    const seen = await view(tokenOf(created.body.url), client());
    expect(seen.body.platforms.map(({ account }: Section) => account?.name)).toEqual(['Harbour desk']);
  });

  it('refuses an account the workspace did not connect with a 404, making no link', async () => {
    const { workspaceId, editor, call } = await teamWithTwoMastodonAccounts();
    const thread = await threadOfThree(workspaceId);

    const answer = await call(routes.createLink, editor, {
      params: { threadId: thread.id },
      body: { platforms: ['mastodon'], accounts: { mastodon: ['999@elsewhere.example'] } },
    });

    expect(answer).toMatchObject({ status: 404, body: { code: 'account_not_found' } });
    expect((await call(routes.listLinks, editor, { params: { threadId: thread.id } })).body.links).toEqual([]);
  });

  it('still shows a link made with platforms only (before accounts): one section per platform, as its first account posts', async () => {
    const { workspaceId, call, editor } = await teamWithTwoMastodonAccounts();
    const thread = await threadOfThree(workspaceId);
    const token = `old-${randomUUID()}`;
    const now = new Date();
    await putReviewLink(
      {
        workspaceId,
        threadId: thread.id,
        linkId: randomUUID().slice(0, 12),
        version: threadVersion(thread.posts),
        platforms: ['mastodon'],
        createdAt: now.toISOString(),
        createdBy: 'editor@example.com',
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
        revokedAt: null,
        usedAt: null,
        decision: null,
      },
      hashReviewToken(token),
    );

    const seen = await view(token, client());

    expect(seen.status).toBe(200);
    const sections: Section[] = seen.body.platforms;
    expect(sections.map(({ platform, account }) => ({ platform, account }))).toEqual([
      { platform: 'mastodon', account: null },
    ]);
    // Laid out for the first account's server (500 characters).
    expect(Math.max(...sections[0]!.posts.map((post) => post.text.length))).toBeLessThanOrEqual(500);
    const listed = await call(routes.listLinks, editor, { params: { threadId: thread.id } });
    expect(listed.body.links[0]).toMatchObject({ platforms: ['mastodon'] });
    expect(listed.body.links[0]).not.toHaveProperty('accounts');
  });
});
