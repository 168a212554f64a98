import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeGuild, startDiscordServer } from '../../fakes/discord-server';
import { connectionKeyOf } from '../../helpers/connections';
import { itPlacesTheLinkOnTheFirstPostWhenChosen } from '../../helpers/link-placement-checks';
import { browserCookiesFor, rememberBrowserCookie } from '../../helpers/oauth-consent';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ATTRIBUTION, firstPost, makeThread, settle, THREAD_TITLE } from '../../helpers/publishing-threads';
import { callRedirectRoute, callRoute } from '../../helpers/route-call';

const APP = {
  clientId: '1100000000000000001',
  clientSecret: 'discord-client-secret',
  botToken: 'MTEw.bot-token.secret',
  redirectUri: 'http://localhost:3000/api/connections/discord/callback',
};
const BOT = { id: '1100000000000000001', username: 'ThreadSnip' };
const CURATOR = { id: '2200000000000000002', username: 'curator' };
const bits = (...values: number[]) => values.reduce((all, bit) => all | (1n << BigInt(bit)), 0n).toString();
// @everyone may view, send, start public threads, send in threads and read history.
const EVERYONE = bits(10, 11, 35, 38, 16);
const MANAGE_SERVER = bits(5, 10, 11);
type Overwrites = FakeGuild['channels'][number]['permission_overwrites'];
const text = (id: string, name: string, position: number, overwrites: Overwrites = []) => ({
  id,
  name,
  type: 0,
  position,
  permission_overwrites: overwrites,
});

/** A server where the user is a plain member: one of many, so the user's servers take two pages. */
const memberOnly = (id: string, name: string): FakeGuild => ({
  id,
  name,
  userPermissions: bits(10, 11),
  roles: [{ id, permissions: EVERYONE }],
  channels: [text(`${id}1`, 'chat', 0)],
  botRoles: [],
});

/**
 * One server the bot joins at consent, one it is in, one without the bot, 200 the user does not
 * manage (the bot is in one of them), and past the first page of 200 one more the user manages.
 */
function guilds(): FakeGuild[] {
  return [
    memberOnly('303', 'Member Only'),
    ...Array.from({ length: 199 }, (_, n) => memberOnly(String(1000 + n), `Crowd ${n}`)),
    {
      id: '5000',
      name: 'Late Server',
      userPermissions: MANAGE_SERVER,
      roles: [{ id: '5000', permissions: EVERYONE }],
      channels: [text('50001', 'links', 0)],
      botRoles: [],
    },
    {
      id: '301',
      name: 'Reading Club',
      userPermissions: MANAGE_SERVER,
      roles: [{ id: '301', permissions: EVERYONE }],
      channels: [
        text('3013', 'rules', 0, [{ id: '301', type: 0, allow: '0', deny: bits(11) }]),
        text('3011', 'general', 1),
        { id: '3014', name: 'Lounge', type: 2, position: 2, permission_overwrites: [] },
        // Hidden from everyone, opened to the bot's role: listed.
        text('3012', 'curation', 3, [
          { id: '301', type: 0, allow: '0', deny: bits(10) },
          { id: '301-bot', type: 0, allow: bits(10), deny: '0' },
        ]),
        // Threads are closed to the bot here: it could post the first message only, so not listed.
        text('3015', 'no-threads', 4, [{ id: BOT.id, type: 1, allow: '0', deny: bits(35) }]),
      ],
      botRoles: null,
    },
    {
      id: '302',
      name: 'Admin Guild',
      userPermissions: bits(3),
      owner: true,
      roles: [
        { id: '302', permissions: '0' },
        { id: '3029', permissions: bits(10, 11, 35, 38) },
      ],
      channels: [
        text('3021', 'news', 0),
        text('3022', 'private', 1, [{ id: '3029', type: 0, allow: '0', deny: bits(10) }]),
      ],
      botRoles: ['3029'],
    },
    {
      id: '304',
      name: 'No Bot Here',
      userPermissions: MANAGE_SERVER,
      roles: [{ id: '304', permissions: EVERYONE }],
      channels: [text('3041', 'general', 0)],
      botRoles: null,
    },
  ];
}

const discord = await startDiscordServer({ app: APP, bot: BOT, user: CURATOR, guilds: guilds() });
discord.setConsent({ guildId: '301' });
Object.assign(process.env, {
  DISCORD_API_URL: discord.apiUrl,
  DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
  DISCORD_CLIENT_ID: APP.clientId,
  DISCORD_CLIENT_SECRET: APP.clientSecret,
  DISCORD_BOT_TOKEN: APP.botToken,
  OAUTH_STATE_SECRET: 'discord-test-state-secret-of-32-chars!!',
});
const pipeline = await startPublishingPipeline();
const { db, tableName } = await import('#functions/data/client');
const { getConnection, putConnection } = await import('#functions/data/connection-repository');
const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const { listConnections, loadLiveConnection } = await import('#functions/services/connections/connections');
const { requestPublish, getPublishStatus } = await import('#functions/services/publishing/publish-thread');
const { discordAdapter, DISCORD_BOT_PERMISSIONS } = await import('#functions/services/platforms/discord');
const { issueOAuthState } = await import('#functions/services/connections/oauth-state');
const authorizeRoute = (await import('#functions/http/connections/post-oauth-authorization')).handler;
const putTarget = (await import('#functions/http/connections/put-connection-target')).handler;
const callbackRoute = (await import('#functions/http/connections/get-oauth-callback')).handler;

afterAll(async () => {
  await pipeline.stop();
  await discord.close();
});

// Each post is too long to share a 2,000-character message with another: 4 messages and the attribution.
const longPost = (n: number) =>
  `${n}/ ${`Paragraph ${n} about the harbour, its boats and the auction hall. `.repeat(18).trim()}`;
const LONG_POSTS = [1, 2, 3, 4].map(longPost);

/** POST authorize, the consent screen on the fake, then the callback route with what it sent back. */
async function connectThroughConsent(userId: string) {
  const start = await callRoute(
    authorizeRoute,
    { userId },
    { params: { platform: 'discord' }, body: { returnPath: '/account-settings' } },
    { method: 'POST', path: '/api/connections/discord/authorize' },
  );
  expect(start.status).toBe(200);
  rememberBrowserCookie(start.body.url, start.cookies);
  const consent = await fetch(start.body.url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const query = Object.fromEntries(back.searchParams);
  const callback = await callRedirectRoute(
    callbackRoute,
    { userId },
    { params: { platform: 'discord' }, query, cookies: browserCookiesFor(query.state) },
    { path: '/api/connections/discord/callback' },
  );
  return { authorizeUrl: new URL(start.body.url), back, callback };
}

async function connectedUser(channelId = '3011'): Promise<string> {
  const userId = `user-${randomUUID()}`;
  const { callback } = await connectThroughConsent(userId);
  expect(callback.status).toBe(302);
  await chooseChannel(userId, channelId);
  return userId;
}

/** Saves the channel choice through the selector's route (PUT /api/connections/discord/target). */
async function chooseChannel(userId: string, channelId: string) {
  const answer = await callRoute(
    putTarget,
    { userId },
    { params: { platform: 'discord' }, body: { targetId: channelId } },
    { method: 'PUT' },
  );
  expect(answer.status).toBe(200);
  expect(answer.body.connectionData.selectedChannelId).toBe(channelId);
}

async function publish(userId: string, bodyPosts: string[]) {
  const thread = makeThread(userId, bodyPosts);
  await putThread(thread);
  await requestPublish(userId, thread.id, { platforms: ['discord'] }, new Date());
  return { thread, row: await settle(userId, thread.id) };
}

const messagesSince = (start: number) => discord.messages.slice(start);
const expectedTexts = [
  `${THREAD_TITLE}\n\n${LONG_POSTS[0]!.slice(3)}`,
  ...LONG_POSTS.slice(1).map((p) => p.slice(3)),
  ATTRIBUTION,
];

/** The first message in the channel, every other one in the thread started from it, in order. */
function expectThreadInChannel(sent: typeof discord.messages, channelId: string) {
  expect(sent.map((message) => message.content)).toEqual(expectedTexts);
  const [first, ...rest] = sent;
  expect(first!.channelId).toBe(channelId);
  expect(discord.threads.get(first!.id)).toEqual({ parentId: channelId, name: THREAD_TITLE });
  for (const message of rest) expect(message.channelId).toBe(first!.id);
  for (const message of sent) expect(message.content.length).toBeLessThanOrEqual(2000);
}

const rawConnection = async (userId: string) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: await connectionKeyOf(userId, 'discord') }))).Item;

/** The SPA address the callback sent the browser to, as query parameters. */
const returned = (answer: { location: string | null }) =>
  Object.fromEntries(new URL(answer.location ?? '').searchParams);

describe('connecting Discord through the consent screen', () => {
  it('asks for identify, guilds and bot with the bot permissions and PKCE, then lists the channels the bot can post a thread in, in servers the user manages', async () => {
    const userId = `user-${randomUUID()}`;
    const { authorizeUrl, back, callback } = await connectThroughConsent(userId);

    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: APP.clientId,
      scope: 'identify guilds bot',
      permissions: '309237763072',
      redirect_uri: APP.redirectUri,
      code_challenge_method: 'S256',
    });
    expect(DISCORD_BOT_PERMISSIONS).toBe('309237763072');
    expect(back.searchParams.get('guild_id')).toBe('301');
    expect(callback.status).toBe(302);
    expect(new URL(callback.location!).pathname).toBe('/account-settings');
    expect(returned(callback)).toEqual({ discord_connected: 'true', username: CURATOR.username });
    const { connections } = await listConnections(userId);
    expect(connections).toEqual([
      expect.objectContaining({
        platform: 'discord',
        isConnected: true,
        platformUsername: CURATOR.username,
        // The server the bot was just added to first; only text channels the bot may post a thread in.
        connectionData: {
          // The user who added the bot: the account's id.
          userId: CURATOR.id,
          channels: [
            {
              guild: { id: '301', name: 'Reading Club' },
              channels: [
                { id: '3011', name: 'general' },
                { id: '3012', name: 'curation' },
              ],
            },
            { guild: { id: '302', name: 'Admin Guild' }, channels: [{ id: '3021', name: 'news' }] },
            { guild: { id: '5000', name: 'Late Server' }, channels: [{ id: '50001', name: 'links' }] },
          ],
        },
      }),
    ]);
    // The user's token read who they are and their servers; the bot's token read the servers.
    const since = discord.requests.filter((request) => request.path.startsWith('/users/@me/guilds'));
    expect(since.at(-1)?.auth).toBe('Bearer');
    expect(discord.requests.some((request) => request.path.startsWith('/guilds/303'))).toBe(false);
    expect(
      discord.requests.filter((request) => request.path.startsWith('/guilds/')).every((r) => r.auth === 'Bot'),
    ).toBe(true);
    const live = (await loadLiveConnection(userId, 'discord', new Date()))!;
    expect(await discordAdapter.listTargets(live)).toEqual([
      { id: '3011', name: 'Reading Club #general' },
      { id: '3012', name: 'Reading Club #curation' },
      { id: '3021', name: 'Admin Guild #news' },
      { id: '50001', name: 'Late Server #links' },
    ]);
    const item = await rawConnection(userId);
    expect(String(item?.accessToken)).toMatch(/^v1\./);
    expect(String(item?.refreshToken)).toMatch(/^v1\./);
    expect(JSON.stringify(item)).not.toContain(APP.botToken);
    expect(JSON.stringify(await listConnections(userId))).not.toContain(String(item?.accessToken));
  });

  it('selects only a listed channel, recording the server and channel names', async () => {
    const userId = await connectedUser('3021');
    const live = (await loadLiveConnection(userId, 'discord', new Date()))!;
    expect(live.connectionData).toMatchObject({
      selectedChannelId: '3021',
      selectedGuildName: 'Admin Guild',
      selectedChannelName: 'news',
    });
    expect(discordAdapter.targetSelection!.selected(live)).toBe('3021');
    expect(discordAdapter.targetSelection!.select(live, '3031')).toBeNull();
    expect(discordAdapter.targetSelection!.select(live, '3015')).toBeNull();
    expect(discordAdapter.targetSelection!.requiredMessage).toBe('Discord Channel Required');
  });

  it('returns a reused, foreign or forged state, or a denied consent, as discord_oauth_error and stores nothing', async () => {
    const userId = `user-${randomUUID()}`;
    const first = await connectThroughConsent(`user-${randomUUID()}`);
    const reused = await callRedirectRoute(
      callbackRoute,
      { userId },
      { params: { platform: 'discord' }, query: Object.fromEntries(first.back.searchParams) },
    );
    const foreign = await issueOAuthState(userId, 'reddit', new Date());
    const forged = `${foreign.state.slice(0, -4)}AAAA`;
    const answers = [reused];
    for (const state of [foreign.state, forged]) {
      answers.push(
        await callRedirectRoute(
          callbackRoute,
          { userId },
          { params: { platform: 'discord' }, query: { state, code: 'x' } },
        ),
      );
    }
    discord.setConsent({ guildId: '301', deny: true });
    try {
      const denied = await connectThroughConsent(userId);
      expect(denied.back.searchParams.get('error')).toBe('access_denied');
      expect(returned(denied.callback).message).toBe('You cancelled the connection on Discord. Nothing was connected.');
      answers.push(denied.callback);
    } finally {
      discord.setConsent({ guildId: '301' });
    }

    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(returned(answer)).toMatchObject({ discord_oauth_error: 'true', message: expect.any(String) });
      expect(returned(answer).discord_connected).toBeUndefined();
    }
    expect(await getConnection(userId, 'discord')).toBeNull();
  });
});

describe('publishing a thread to Discord through the queue', () => {
  it('posts the first message in the channel and the rest in a thread started from it, the attribution last', async () => {
    const userId = await connectedUser('3011');
    const start = discord.messages.length;
    const { thread, row } = await publish(userId, LONG_POSTS);

    const sent = messagesSince(start);
    expectThreadInChannel(sent, '3011');
    expect(row).toMatchObject({
      status: 'completed',
      postsMade: 5,
      postUrl: `https://discord.com/channels/301/3011/${sent[0]!.id}`,
    });
    // The thread's record is written just after the row completes.
    await expect
      .poll(async () => (await getThreadForUser(userId, thread.id))?.platformPosts.discord)
      .toEqual({
        posted: true,
        postUrl: row.postUrl,
      });
  });

  it('posts a short thread as one message in the channel, with no thread', async () => {
    const userId = await connectedUser('3021');
    const start = discord.messages.length;
    const { row } = await publish(userId, ['1/ Boats return before sunrise.', '2/ Buyers bid on the catch.']);

    const sent = messagesSince(start);
    expect(sent.map((message) => message.content)).toEqual([
      `${THREAD_TITLE}\n\nBoats return before sunrise.\n\nBuyers bid on the catch.\n\n${ATTRIBUTION}`,
    ]);
    expect(discord.threads.has(sent[0]!.id)).toBe(false);
    expect(row).toMatchObject({ status: 'completed', postUrl: `https://discord.com/channels/302/3021/${sent[0]!.id}` });
  });

  it('resumes after a 5xx on message 3 without duplicates, in the same thread, the attribution last', async () => {
    const userId = await connectedUser('3011');
    const start = discord.messages.length;
    discord.failMessage(3, { status: 502 });
    const { row } = await publish(userId, LONG_POSTS);

    expect(row).toMatchObject({ status: 'completed', postsMade: 5 });
    expectThreadInChannel(messagesSince(start), '3011');
  });

  it('does not repeat a message Discord made before its answer was lost (the nonce is enforced)', async () => {
    const userId = await connectedUser('3011');
    const start = discord.messages.length;
    discord.failMessage(2, { status: 500, committed: true });
    const { row } = await publish(userId, LONG_POSTS);

    expect(row).toMatchObject({ status: 'completed', postsMade: 5 });
    expectThreadInChannel(messagesSince(start), '3011');
  });

  it('waits out a 429 for its retry_after by re-queueing, then completes without duplicates', async () => {
    const userId = await connectedUser('3011');
    const start = discord.messages.length;
    const requestsBefore = discord.requests.length;
    discord.failMessage(2, { status: 429, retryAfter: 1.2 });
    const { row } = await publish(userId, LONG_POSTS);

    expect(row).toMatchObject({ status: 'completed', postsMade: 5 });
    expectThreadInChannel(messagesSince(start), '3011');
    const creates = discord.requests
      .slice(requestsBefore)
      .filter((request) => request.method === 'POST' && request.path.endsWith('/messages'));
    // The refused second message and its retry: at least the 1.2 s asked for (rounded up) apart.
    expect(creates[2]!.at - creates[1]!.at).toBeGreaterThanOrEqual(2000);
  });

  it('fails the row with a clear message when the bot lacks permissions, posting nothing more', async () => {
    const userId = await connectedUser('3011');
    const start = discord.messages.length;
    discord.failMessage(2, { status: 403 });
    const { row } = await publish(userId, LONG_POSTS);

    expect(row).toMatchObject({
      status: 'failed',
      postsMade: 1,
      error:
        'The Discord bot is missing permissions in this channel: it needs View Channel, Send Messages, Create Public Threads and Send Messages in Threads, and Attach Files for pictures.',
    });
    expect(messagesSince(start)).toHaveLength(1);
  });

  it('refuses a thread with pictures where the bot, added before pictures, may not attach files, posting nothing', async () => {
    // The bot joined Admin Guild before ThreadSnip posted pictures: its role has no Attach Files.
    const userId = await connectedUser('3021');
    const start = discord.messages.length;
    const thread = makeThread(userId, LONG_POSTS);
    thread.posts[2]!.media = [
      {
        id: 'media-auction-hall',
        kind: 'upload',
        mimeType: 'image/png',
        width: 1200,
        height: 800,
        alt: 'The auction hall at six',
        altSource: 'curator',
        credit: null,
      },
    ];
    await putThread(thread);

    await requestPublish(userId, thread.id, { platforms: ['discord'] }, new Date());
    const row = await settle(userId, thread.id);

    expect(row).toMatchObject({
      status: 'failed',
      postsMade: 0,
      error:
        "The Discord bot needs Attach Files in #news to post this thread's pictures. Allow it for the bot in the channel's or the server's settings, or remove the pictures from the thread.",
    });
    expect(messagesSince(start)).toEqual([]);
  });

  it('refuses to post without a chosen channel', async () => {
    const userId = `user-${randomUUID()}`;
    await connectThroughConsent(userId);
    const live = (await loadLiveConnection(userId, 'discord', new Date()))!;
    const post = firstPost('Hello');

    await expect(discordAdapter.publishPost(live, post)).rejects.toThrow('No Discord channel selected');
  });

  it('refreshes an expired user token before posting, keeping the new tokens sealed', async () => {
    const userId = await connectedUser('3011');
    const tokenBefore = (await loadLiveConnection(userId, 'discord', new Date()))!.credentials.accessToken;
    const record = (await getConnection(userId, 'discord'))!;
    await putConnection({ ...record, tokenExpiresAt: new Date(Date.now() - 60_000).toISOString() });
    const refreshesBefore = discord.tokenRequests.filter((form) => form.grant_type === 'refresh_token').length;

    const { row } = await publish(userId, ['A short post.']);

    expect(row).toMatchObject({ status: 'completed' });
    const refreshes = discord.tokenRequests.filter((form) => form.grant_type === 'refresh_token');
    expect(refreshes.length).toBeGreaterThan(refreshesBefore);
    expect(refreshes.at(-1)).toMatchObject({ client_id: APP.clientId, client_secret: APP.clientSecret });
    const after = await rawConnection(userId);
    expect(String(after?.accessToken)).toMatch(/^v1\./);
    const tokenAfter = (await loadLiveConnection(userId, 'discord', new Date()))!.credentials.accessToken;
    expect(tokenAfter).not.toBe(tokenBefore);
    expect(Date.parse(String(after?.tokenExpiresAt))).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('marks the connection for reconnection when the refresh token was revoked, and posts nothing', async () => {
    const userId = await connectedUser('3011');
    const record = (await getConnection(userId, 'discord'))!;
    await putConnection({ ...record, tokenExpiresAt: new Date(Date.now() - 60_000).toISOString() });
    discord.revokeRefreshTokens();
    const start = discord.messages.length;
    const thread = makeThread(userId, ['A short post.']);
    await putThread(thread);

    await expect(requestPublish(userId, thread.id, { platforms: ['discord'] }, new Date())).rejects.toThrow(
      'Discord needs to be connected again',
    );
    expect((await getConnection(userId, 'discord'))?.connectionData.needsReconnect).toBe(true);
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
    expect(messagesSince(start)).toEqual([]);
  });
});

describe('placing the source link on Discord', () => {
  itPlacesTheLinkOnTheFirstPostWhenChosen({
    platform: 'discord',
    connectedUser: () => connectedUser('3011'),
    bodyPosts: LONG_POSTS,
    received: () => discord.messages.map((message) => ({ text: message.content })),
  });
});
