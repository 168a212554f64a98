import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues as queueEntries } from '#functions/manifest';
import { freePort } from '#local/ports';
import { startQueuePoller } from '#local/queue-poller';
import { createQueues, localSqsClient, startSqs } from '#local/queues';
import type { Thread } from '#shared/schemas/thread';
import { startWebmentionReceiver } from '#tests/fakes/webmention-server';
import { makeThread } from '#tests/helpers/publishing-threads';
import { callRoute, type RouteHandler } from '#tests/helpers/route-call';
import { startTestTable } from '#tests/helpers/test-table';

const OWNER = 'owner-1';
const STRANGER = 'stranger-2';

/** GETs a server-rendered page as API Gateway would hand it to the handler (no token). */
async function getPage(
  route: RouteHandler,
  request: { params?: Record<string, string>; query?: Record<string, string> },
) {
  const event = {
    version: '2.0',
    rawPath: '/t',
    rawQueryString: '',
    headers: { 'user-agent': 'page test' },
    queryStringParameters: request.query,
    pathParameters: request.params,
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', path: '/t' }, requestId: 'r' },
  };
  const result = (await route(event, {})) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode ?? 200, html: String(result.body ?? ''), headers: result.headers ?? {} };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('public thread pages and the Webmention to the author', () => {
  let stop: () => Promise<void>;
  let receiver: Awaited<ReturnType<typeof startWebmentionReceiver>>;
  let routes: Record<'visibility' | 'status' | 'page' | 'about' | 'displayName' | 'me', RouteHandler>;
  let accounts: typeof import('#functions/data/account-repository');
  let publicRepo: typeof import('#functions/data/public-thread-repository');
  let repo: typeof import('#functions/data/thread-repository');
  let securityLog: typeof import('#functions/data/security-event-repository');
  let articleUrl: string;

  function threadOf(id: string, title: string, createdAt: string): Thread {
    const thread = makeThread(OWNER, ['Cities are planting & <b>shading</b> streets'], {
      title,
      sourceUrl: articleUrl,
    });
    const [first, attribution] = thread.posts as [Thread['posts'][number], Thread['posts'][number]];
    return {
      ...thread,
      id,
      createdAt,
      updatedAt: createdAt,
      posts: [{ ...first, source: 'cities are planting trees, fast' }, attribution],
    };
  }

  beforeAll(async () => {
    const table = await startTestTable();
    receiver = await startWebmentionReceiver();
    receiver.page(
      'article',
      '<html><head><link rel="webmention" href="/endpoint/article"></head><body>x</body></html>',
    );
    articleUrl = `${receiver.url}/article`;
    const sqsServer = await startSqs(await freePort());
    const sqs = localSqsClient(sqsServer.endpoint);
    const queue = (await createQueues(sqs, queueEntries, 1)).find((entry) => entry.entry.name === 'webmention')!;
    Object.assign(process.env, {
      SQS_ENDPOINT: sqsServer.endpoint,
      WEBMENTION_QUEUE_URL: queue.url,
      WEBMENTION_RETRY_BASE_SECONDS: '1',
      ALLOW_PRIVATE_FETCH_HOSTS: receiver.host,
    });
    const poller = startQueuePoller(sqs, queue);
    repo = await import('#functions/data/thread-repository');
    securityLog = await import('#functions/data/security-event-repository');
    routes = {
      visibility: (await import('#functions/http/public/put-thread-visibility')).handler,
      status: (await import('#functions/http/public/get-thread-webmention')).handler,
      page: (await import('#functions/http/public/get-public-thread')).handler,
      about: (await import('#functions/http/public/get-about-article')).handler,
      displayName: (await import('#functions/http/account/put-display-name')).handler,
      me: (await import('#functions/http/account/get-me')).handler,
    };
    accounts = await import('#functions/data/account-repository');
    publicRepo = await import('#functions/data/public-thread-repository');
    // The owner of most threads here chose their display name in Account Settings.
    expect((await chooseDisplayName(OWNER, 'Owner One')).status).toBe(200);
    stop = async () => {
      await poller.stop();
      await sqsServer.close();
      await receiver.close();
      await table.stop();
    };
  });
  afterAll(() => stop());

  const setVisibility = (userId: string, threadId: string, body: unknown, email?: string) =>
    callRoute(routes.visibility, { userId, email }, { params: { threadId }, body }, { method: 'PUT' });
  const chooseDisplayName = (userId: string, displayName: unknown, email?: string) =>
    callRoute(routes.displayName, { userId, email }, { body: { displayName } }, { method: 'PUT' });
  const readStatus = (userId: string, threadId: string) =>
    callRoute(routes.status, { userId }, { params: { threadId } });
  /** The user's security events, oldest first: type and thread. */
  const eventsOf = async (userId: string) =>
    (await securityLog.listSecurityEvents(securityLog.securityEventSource({ userId }), 100, null)).events
      .reverse()
      .map((event) => ({ type: event.eventType, threadId: event.details.threadId, isPublic: event.details.isPublic }));

  it('makes a thread public: a signed-out page with every post, then the author is told once', async () => {
    await repo.putThread(threadOf('t-1', 'Trees <cool> cities', '2026-03-01T00:00:00.000Z'));

    const made = await setVisibility(OWNER, 't-1', { isPublic: true });
    expect(made.status).toBe(200);
    expect(made.body.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.body.publicPath).toBe(`/t/${made.body.publicId}`);

    const page = await getPage(routes.page, { params: { publicId: made.body.publicId } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.html).toContain('Trees &lt;cool&gt; cities');
    expect(page.html).toContain('Cities are planting &amp; &lt;b&gt;shading&lt;/b&gt; streets');
    expect(page.html).toContain(`href="${articleUrl}#:~:text=cities%20are%20planting%20trees%2C%20fast"`);
    expect(page.html).toContain('<meta name="robots" content="noindex">');

    const thread = await until(
      () => repo.getThreadForUser(OWNER, 't-1'),
      (value) => value?.webmention?.state === 'sent',
    );
    expect(thread?.webmention).toMatchObject({ state: 'sent', statusCode: 202, target: articleUrl });
    expect(receiver.received.filter((mention) => mention.target === articleUrl)).toEqual([
      { endpoint: '/endpoint/article', source: `http://localhost:3000/t/${made.body.publicId}`, target: articleUrl },
    ]);

    // Private, then public again with the same content: the same link, and no second mention.
    expect((await setVisibility(OWNER, 't-1', { isPublic: false })).body).toMatchObject({
      isPublic: false,
      publicPath: null,
    });
    expect((await getPage(routes.page, { params: { publicId: made.body.publicId } })).status).toBe(404);
    const again = await setVisibility(OWNER, 't-1', { isPublic: true, allowIndexing: true });
    expect(again.body.publicId).toBe(made.body.publicId);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(receiver.received.filter((mention) => mention.target === articleUrl)).toHaveLength(1);
    const indexed = await getPage(routes.page, { params: { publicId: made.body.publicId } });
    expect(indexed.html).not.toContain('noindex');
  });

  it('answers 404 for another user, a guessed id and a malformed one, changing nothing', async () => {
    await repo.putThread(threadOf('t-2', 'Private thoughts', '2026-03-02T00:00:00.000Z'));

    const foreign = await setVisibility(STRANGER, 't-2', { isPublic: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: expect.any(String), code: 'thread_not_found' });
    expect((await setVisibility(STRANGER, 'no-such-thread', { isPublic: true })).status).toBe(404);
    expect((await repo.getThreadForUser(OWNER, 't-2'))?.isPublic).toBe(false);
    // Logged as the thread routes log a foreign id and an unknown one.
    expect(await eventsOf(STRANGER)).toEqual(
      expect.arrayContaining([
        { type: 'thread_ownership_violation', threadId: 't-2', isPublic: undefined },
        { type: 'thread_access_failed', threadId: 'no-such-thread', isPublic: undefined },
      ]),
    );
    expect((await setVisibility(OWNER, 't-2', { isPublic: 'yes' })).status).toBe(400);
    for (const publicId of ['AAAAAAAAAAAAAAAAAAAAAA', '../../etc', '%00']) {
      const page = await getPage(routes.page, { params: { publicId } });
      expect(page.status).toBe(404);
      expect(page.html).not.toContain('Private thoughts');
    }
  });

  it("records each change of visibility, and answers the owner's status polls without a security event", async () => {
    const owner = 'owner-status';
    await repo.putThread({ ...threadOf('t-4', 'Polled', '2026-03-04T00:00:00.000Z'), userId: owner });
    receiver.failNext(503);

    const before = await readStatus(owner, 't-4');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      visibility: { isPublic: false, allowIndexing: false, publicId: null, publicPath: null },
      webmention: null,
      awaiting: false,
    });
    const made = await setVisibility(owner, 't-4', { isPublic: true, displayName: 'Status Owner' });
    // Polled as the panel does until nothing more is awaited: pending through the 503's retry, then sent.
    const seen = new Set<string>();
    const settled = await until(
      () => readStatus(owner, 't-4'),
      (answer) => {
        seen.add(answer.body.webmention?.state ?? 'none');
        return answer.body.awaiting === false;
      },
    );
    expect(seen).toContain('pending');
    expect(settled.body.visibility).toEqual(made.body);
    expect(settled.body.webmention).toMatchObject({ state: 'sent', statusCode: 202, target: articleUrl });
    await setVisibility(owner, 't-4', { isPublic: false });

    // Many polls, two changes: the log holds the changes only.
    expect(await eventsOf(owner)).toEqual([
      { type: 'thread_visibility_changed', threadId: 't-4', isPublic: true },
      { type: 'thread_visibility_changed', threadId: 't-4', isPublic: false },
    ]);
    const strangers = await readStatus(STRANGER, 't-4');
    expect(strangers.status).toBe(404);
    expect(strangers.body.code).toBe('thread_not_found');
    expect(JSON.stringify(strangers.body)).not.toContain(made.body.publicId);
    expect(await eventsOf(STRANGER)).toContainEqual({
      type: 'thread_ownership_violation',
      threadId: 't-4',
      isPublic: undefined,
    });
  });

  it('retries a receiver that answers 503 through the queue, then records the mention', async () => {
    await repo.putThread(threadOf('t-3', 'Retry me', '2026-03-03T00:00:00.000Z'));
    await repo.updateThreadForUser(OWNER, 't-3', { title: 'Retry me, changed' }, '2026-03-03T00:00:01.000Z');
    receiver.failNext(503);

    const made = await setVisibility(OWNER, 't-3', { isPublic: true });
    const thread = await until(
      () => repo.getThreadForUser(OWNER, 't-3'),
      (value) => value?.webmention?.state === 'sent',
    );

    expect(thread?.webmention?.state).toBe('sent');
    expect(receiver.received.filter((mention) => mention.source.endsWith(made.body.publicId))).toHaveLength(1);
  });

  describe("the curator's name: only the display name they chose, never their email", () => {
    const EMAIL = 'marguerite.okafor@mail.example';
    // Every piece of the address a page could leak: the whole, the local part, its words, the domain.
    const emailParts = [EMAIL, 'marguerite.okafor', 'marguerite', 'okafor', 'mail.example'];
    const expectNoEmail = (html: string) => {
      for (const part of emailParts) expect(html.toLowerCase(), part).not.toContain(part);
    };

    it('asks for a display name on the first make-public, takes it in the same request, and pages show it', async () => {
      const curator = 'curator-named';
      // The account as sign-up makes it: the username is the email's local part.
      expect((await callRoute(routes.me, { userId: curator, email: EMAIL })).body).toMatchObject({
        username: 'marguerite.okafor',
        displayName: null,
      });
      await repo.putThread({ ...threadOf('t-5', 'Named curator', '2026-03-05T00:00:00.000Z'), userId: curator });

      const asked = await setVisibility(curator, 't-5', { isPublic: true }, EMAIL);
      expect(asked.status).toBe(409);
      expect(asked.body).toEqual({
        error: 'Choose a display name before making a thread public: public pages name you by it, never by your email.',
        code: 'display_name_required',
      });
      expect((await repo.getThreadForUser(curator, 't-5'))?.isPublic).toBe(false);
      const refused = await setVisibility(curator, 't-5', { isPublic: true, displayName: EMAIL }, EMAIL);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain('A display name cannot contain a web address or an email address.');
      expect((await repo.getThreadForUser(curator, 't-5'))?.isPublic).toBe(false);

      const made = await setVisibility(curator, 't-5', { isPublic: true, displayName: '  Harbour   Reader ' }, EMAIL);
      expect(made.status).toBe(200);
      expect((await callRoute(routes.me, { userId: curator, email: EMAIL })).body.displayName).toBe('Harbour Reader');

      const page = await getPage(routes.page, { params: { publicId: made.body.publicId } });
      expect(page.html).toContain('Drafted with AI, edited by Harbour Reader');
      expect(page.html).toContain('by Harbour Reader · ThreadSnip');
      expectNoEmail(page.html);
      const about = await getPage(routes.about, { query: { url: articleUrl } });
      expect(about.html).toContain('by Harbour Reader');
      expectNoEmail(about.html);
    });

    it('shows a changed display name on the next view, and refuses an invalid one, keeping the name', async () => {
      const curator = 'curator-renamed';
      expect((await chooseDisplayName(curator, 'First Name', EMAIL)).body).toEqual({ displayName: 'First Name' });
      await repo.putThread({ ...threadOf('t-6', 'Renamed curator', '2026-03-06T00:00:00.000Z'), userId: curator });
      const made = await setVisibility(curator, 't-6', { isPublic: true }, EMAIL);
      expect(made.status).toBe(200);
      const view = () => getPage(routes.page, { params: { publicId: made.body.publicId } });
      expect((await view()).html).toContain('edited by First Name');

      expect((await chooseDisplayName(curator, 'Quay Notes', EMAIL)).status).toBe(200);
      const renamed = await view();
      expect(renamed.html).toContain('edited by Quay Notes');
      expect(renamed.html).not.toContain('First Name');

      for (const [name, problem] of [
        ['see https://spam.example', 'A display name cannot contain a web address or an email address.'],
        ['Quay\u0000Notes', 'A display name cannot contain control or invisible characters.'],
        ['Q', 'A display name needs at least 2 characters.'],
        ['Q'.repeat(51), 'A display name can be at most 50 characters.'],
      ]) {
        const answer = await chooseDisplayName(curator, name, EMAIL);
        expect(answer.status, name).toBe(400);
        expect(answer.body.code).toBe('invalid_request');
        expect(answer.body.error).toContain(problem);
      }
      expect((await view()).html).toContain('edited by Quay Notes');
      expectNoEmail((await view()).html);
    });

    it('names no one on the public threads of a curator without a display name (made public before names existed)', async () => {
      const curator = 'curator-unnamed';
      await accounts.createProfileIfMissing({
        userId: curator,
        email: EMAIL,
        username: 'marguerite.okafor',
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      await repo.putThread({ ...threadOf('t-7', 'Unnamed curator', '2026-03-07T00:00:00.000Z'), userId: curator });
      const thread = await publicRepo.setThreadVisibility(
        curator,
        't-7',
        { isPublic: true, allowIndexing: false, newPublicId: 'UnnamedCuratorPageId00' },
        '2026-03-07T00:00:00.000Z',
      );
      await publicRepo.putPublicThreadEntry(thread!, 'UnnamedCuratorPageId00', articleUrl);

      const page = await getPage(routes.page, { params: { publicId: 'UnnamedCuratorPageId00' } });
      expect(page.status).toBe(200);
      expect(page.html).toContain('Drafted with AI, edited by a ThreadSnip curator');
      expectNoEmail(page.html);
      const about = await getPage(routes.about, { query: { url: articleUrl } });
      expect(about.html).toContain('Unnamed curator');
      expectNoEmail(about.html);

      // A name chosen and then removed: the page names no one again.
      await chooseDisplayName(curator, 'Briefly Named', EMAIL);
      expect((await getPage(routes.page, { params: { publicId: 'UnnamedCuratorPageId00' } })).html).toContain(
        'edited by Briefly Named',
      );
      expect((await chooseDisplayName(curator, null, EMAIL)).body).toEqual({ displayName: null });
      const cleared = await getPage(routes.page, { params: { publicId: 'UnnamedCuratorPageId00' } });
      expect(cleared.html).toContain('edited by a ThreadSnip curator');
      expectNoEmail(cleared.html);
    });
  });

  it('lists the public threads about an article, newest first, by its normalised URL', async () => {
    const page = await getPage(routes.about, { query: { url: `${articleUrl}#section` } });

    expect(page.status).toBe(200);
    const newest = page.html.indexOf('Retry me, changed');
    const older = page.html.indexOf('Trees &lt;cool&gt; cities');
    expect(newest).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newest);
    expect(page.html).not.toContain('Private thoughts');
    expect((await getPage(routes.about, { query: { url: 'not a url' } })).status).toBe(400);
  });
  it("names a team's thread by the team's name, asking its member for no display name of their own", async () => {
    const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
    const member = `member-${Date.now().toString(36)}`;
    const team = await createTeamWorkspace(
      { userId: member, email: `${member}@example.com` },
      'Harbour Desk',
      new Date(),
    );
    const thread = { ...threadOf('team-thread-1', 'Trees for the quay', '2026-05-01T00:00:00.000Z'), userId: team.id };
    await repo.putThread(thread);

    const made = await callRoute(
      routes.visibility,
      { userId: member },
      { params: { threadId: thread.id }, body: { isPublic: true }, headers: { 'x-workspace-id': team.id } },
      { method: 'PUT' },
    );
    expect(made.status).toBe(200);
    expect(await accounts.getDisplayName(member)).toBeNull();

    const page = await getPage(routes.page, { params: { publicId: made.body.publicId } });
    expect(page.status).toBe(200);
    expect(page.html).toContain('by Harbour Desk');
    expect(page.html).not.toContain(member);
    const about = await getPage(routes.about, { query: { url: articleUrl } });
    expect(about.html).toContain('by Harbour Desk');
  });
});
