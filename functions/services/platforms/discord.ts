import { createHash } from 'node:crypto';
import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import {
  missingClientReason,
  type PlatformClient,
  platformClient,
} from '#functions/services/platforms/platform-clients';
import { platformMessages } from '#shared/messages/connections';
import { discordBotNeedsPermissions } from '#shared/messages/media';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { postRulesFor } from '#shared/publishing/platform-rules';
import {
  basePermissions,
  channelPermissions,
  DISCORD_PERMISSIONS,
  type DiscordOverwrite,
  type DiscordRole,
  hasPermissions,
  permissionString,
} from './discord-permissions';
import { appendImageFile, imageFileName, refuseBeyondLimits } from './media-uploads';
import { authorizationUrl, exchangeCode, refreshWhenDue, type TokenSet } from './oauth-flow';
import {
  type Credentials,
  deletedPost,
  figures,
  type LiveConnection,
  type OAuthConnectInput,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformRejectedError,
  type PublishTarget,
  retryAfterSeconds,
} from './platform-adapter';
import { callPlatform, type PlatformApi, readPlatform } from './platform-http';

const PLATFORM_NAME = 'Discord';
/** `identify` for the username, `guilds` for the servers the user manages, `bot` to add the bot to one. */
export const DISCORD_SCOPES = ['identify', 'guilds', 'bot'] as const;
const {
  manageGuild,
  administrator,
  viewChannel,
  sendMessages,
  createPublicThreads,
  sendMessagesInThreads,
  embedLinks,
  attachFiles,
  readMessageHistory,
} = DISCORD_PERMISSIONS;
/** What the bot asks for when it is added to a server (the consent screen's `permissions`). */
export const DISCORD_BOT_PERMISSIONS = permissionString(
  viewChannel,
  sendMessages,
  createPublicThreads,
  sendMessagesInThreads,
  embedLinks,
  attachFiles,
  readMessageHistory,
);
/** What a channel must allow the bot for a whole thread: the first message, its thread, the replies. */
const POSTING_PERMISSIONS = viewChannel | sendMessages | createPublicThreads | sendMessagesInThreads;
/**
 * What a channel must allow the bot for a thread with pictures, named as Discord's settings show
 * them: POSTING_PERMISSIONS and Attach Files, which bots added before ThreadSnip posted pictures lack.
 */
const PICTURE_POSTING_PERMISSIONS: readonly [bit: bigint, name: string][] = [
  [viewChannel, 'View Channel'],
  [sendMessages, 'Send Messages'],
  [createPublicThreads, 'Create Public Threads'],
  [sendMessagesInThreads, 'Send Messages in Threads'],
  [attachFiles, 'Attach Files'],
];
/** A thread's name is 1 to 100 characters. */
const THREAD_NAME_LIMIT = 100;
/** A message nonce is at most 25 characters. */
const NONCE_LENGTH = 25;
/** JSON error codes of the API that change what we do or say. */
const ERROR_CODES = {
  unknownChannel: 10003,
  unknownGuild: 10004,
  missingAccess: 50001,
  missingPermissions: 50013,
  threadAlreadyCreated: 160004,
} as const;
const NO_BOT_TOKEN = 'Discord is not configured on this server (no bot token).';
/** Guild text channel (threads can be started from its messages). */
const GUILD_TEXT = 0;

/** A channel the bot can post a whole thread into, listed per server (kept in the connection's data). */
export interface DiscordGuildChannels {
  guild: { id: string; name: string };
  channels: { id: string; name: string }[];
}

/** The API refused a call; `code` is Discord's JSON error code (0 when it gave none). */
class DiscordRequestError extends PlatformRejectedError {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number,
  ) {
    super(message);
  }
}

/** What the user sees for a refusal: the bot's missing rights named, never a token. */
function refusalMessage(status: number, code: number, detail: string): string {
  switch (code) {
    case ERROR_CODES.missingPermissions:
      return 'The Discord bot is missing permissions in this channel: it needs View Channel, Send Messages, Create Public Threads and Send Messages in Threads, and Attach Files for pictures.';
    case ERROR_CODES.missingAccess:
      return 'The Discord bot cannot access this channel (Missing Access). Add the bot to the server again or choose another channel.';
    case ERROR_CODES.unknownChannel:
      return 'The Discord channel no longer exists. Choose another channel.';
    default:
      return status === 401
        ? 'Discord refused the credentials (401 Unauthorized).'
        : `Discord refused the request: ${detail} (${code || status})`;
  }
}

type Authorization = `Bot ${string}` | `Bearer ${string}`;

interface DiscordError {
  code?: number;
  message?: string;
  retry_after?: number;
}

/** How Discord's HTTP API words its failures: a JSON error code, and a 429's wait in the body. */
const discordApi: PlatformApi<DiscordError> = {
  name: PLATFORM_NAME,
  rateLimitWait: ({ body, headers }, now) => {
    // retry_after is seconds as a float; X-RateLimit-Reset-After says the same for the route's bucket.
    const stated = body?.retry_after ?? headers.get('x-ratelimit-reset-after');
    const seconds = stated === null || stated === undefined ? Number.NaN : Number(stated);
    return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : retryAfterSeconds(headers, now);
  },
  rateLimitMessage: (_reply, wait) => `Discord is rate limiting requests; retrying in ${wait} s`,
  refused: ({ status, body }) => {
    const code = Number(body?.code ?? 0);
    return new DiscordRequestError(
      refusalMessage(status, code, String(body?.message ?? `HTTP ${status}`)),
      status,
      code,
    );
  },
};

/**
 * One call to the HTTP API (discord.com/developers/docs/reference): JSON in and out, or a
 * multipart/form-data body when it uploads files; errors mapped.
 */
async function callDiscord<T>(
  authorization: Authorization,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown> | FormData,
): Promise<T> {
  const reply = await callPlatform<T, DiscordError>(discordApi, {
    method,
    url: `${config().platformUrls.discordApi}${path}`,
    headers: { authorization },
    ...(body instanceof FormData ? { multipart: body } : { json: body }),
  });
  return reply.body;
}

/** The app with its bot token, or a refusal when the operator has not configured both. */
async function discordApp(): Promise<PlatformClient & { botToken: string }> {
  const client = await platformClient('discord');
  if (!client?.botToken) throw new PlatformRejectedError(NO_BOT_TOKEN);
  return { ...client, botToken: client.botToken };
}

/** The token endpoint's settings shared by the code exchange and the refresh (client id and secret in the form). */
const tokenRequest = (app: PlatformClient, now: Date) => ({
  tokenUrl: `${config().platformUrls.discordApi}/oauth2/token`,
  client: app,
  clientAuth: 'body' as const,
  now,
  platformName: PLATFORM_NAME,
});
const asBot = (app: { botToken: string }): Authorization => `Bot ${app.botToken}`;

interface PartialGuild {
  id: string;
  name: string;
  owner?: boolean;
  permissions: string;
}

interface GuildChannel {
  id: string;
  name: string;
  type: number;
  position?: number;
  permission_overwrites?: DiscordOverwrite[];
}

/** A page of `GET /users/@me/guilds` holds at most 200 servers, ordered by id. */
const GUILD_PAGE = 200;

/** Every server the user is in, page after page. */
async function userGuilds(asUser: Authorization): Promise<PartialGuild[]> {
  const guilds: PartialGuild[] = [];
  for (;;) {
    const after = guilds.at(-1)?.id;
    const query = `limit=${GUILD_PAGE}${after ? `&after=${after}` : ''}`;
    const page = await callDiscord<PartialGuild[]>(asUser, 'GET', `/users/@me/guilds?${query}`);
    guilds.push(...page);
    if (page.length < GUILD_PAGE) return guilds;
  }
}

/** The user may add bots and choose where they post: Manage Server (or Administrator, or ownership). */
function userManages(guild: PartialGuild): boolean {
  return guild.owner === true || (BigInt(guild.permissions) & (manageGuild | administrator)) !== 0n;
}

/** A server the bot is in: its channels, and the bot's permissions in one of them. */
interface BotInGuild {
  channels: GuildChannel[];
  permissionsIn(channel: GuildChannel): bigint;
}

/**
 * The server's channels and the bot's permissions in each, computed from its roles and each
 * channel's overwrites; null when the bot is not in the server.
 */
async function botInGuild(app: { botToken: string }, botId: string, guildId: string): Promise<BotInGuild | null> {
  let member: { roles: string[] };
  try {
    member = await callDiscord(asBot(app), 'GET', `/guilds/${guildId}/members/${botId}`);
  } catch (error) {
    const absent = [ERROR_CODES.missingAccess, ERROR_CODES.unknownGuild] as number[];
    if (error instanceof DiscordRequestError && absent.includes(error.code)) return null;
    throw error;
  }
  const roles = await callDiscord<DiscordRole[]>(asBot(app), 'GET', `/guilds/${guildId}/roles`);
  const channels = await callDiscord<GuildChannel[]>(asBot(app), 'GET', `/guilds/${guildId}/channels`);
  const base = basePermissions(guildId, roles, member.roles);
  return {
    channels,
    permissionsIn: (channel) =>
      channelPermissions(base, guildId, { userId: botId, roleIds: member.roles }, channel.permission_overwrites ?? []),
  };
}

/**
 * The text channels of each server (already ordered) where the bot is a member and may post a
 * thread; a server without the bot is left out.
 */
async function postableChannels(app: { botToken: string }, guilds: PartialGuild[]): Promise<DiscordGuildChannels[]> {
  const bot = await callDiscord<{ id: string }>(asBot(app), 'GET', '/users/@me');
  const listed: DiscordGuildChannels[] = [];
  // One server at a time: the bot's rate limit is shared with its posting.
  for (const guild of guilds) {
    const inGuild = await botInGuild(app, bot.id, guild.id);
    if (!inGuild) continue;
    const postable = inGuild.channels
      .filter((channel) => channel.type === GUILD_TEXT)
      .filter((channel) => hasPermissions(inGuild.permissionsIn(channel), POSTING_PERMISSIONS))
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    if (postable.length > 0) {
      listed.push({
        guild: { id: guild.id, name: guild.name },
        channels: postable.map(({ id, name }) => ({ id, name })),
      });
    }
  }
  return listed;
}

/**
 * Refuses a thread with pictures, before anything is posted, in a channel where the bot may not post
 * them: its permissions are read now, since a bot added before ThreadSnip posted pictures was not
 * given Attach Files, and a channel's overwrites change after it was listed.
 */
async function assertCanPostPictures(connection: Pick<LiveConnection, 'connectionData'>): Promise<void> {
  const channelId = selectedChannelOf(connection);
  const found = channelId ? findChannel(connection, channelId) : null;
  if (!channelId || !found) throw new PlatformRejectedError(platformMessages.noDiscordChannel);
  const app = await discordApp();
  const bot = await callDiscord<{ id: string }>(asBot(app), 'GET', '/users/@me');
  const inGuild = await botInGuild(app, bot.id, found.guild.id);
  if (!inGuild) throw new PlatformRejectedError(refusalMessage(403, ERROR_CODES.missingAccess, 'Missing Access'));
  const channel = inGuild.channels.find((candidate) => candidate.id === channelId);
  if (!channel) throw new PlatformRejectedError(refusalMessage(404, ERROR_CODES.unknownChannel, 'Unknown Channel'));
  const permissions = inGuild.permissionsIn(channel);
  const missing = PICTURE_POSTING_PERMISSIONS.filter(([bit]) => !hasPermissions(permissions, bit));
  if (missing.length > 0) {
    throw new PlatformRejectedError(
      discordBotNeedsPermissions(
        channel.name,
        missing.map(([, name]) => name),
      ),
    );
  }
}

function guildsOf(connection: Pick<LiveConnection, 'connectionData'>): DiscordGuildChannels[] {
  const channels = connection.connectionData.channels;
  return Array.isArray(channels) ? (channels as DiscordGuildChannels[]) : [];
}

function selectedChannelOf(connection: Pick<LiveConnection, 'connectionData'>): string | null {
  const selected = connection.connectionData.selectedChannelId;
  return typeof selected === 'string' && selected ? selected : null;
}

function findChannel(connection: Pick<LiveConnection, 'connectionData'>, channelId: string) {
  for (const entry of guildsOf(connection)) {
    const channel = entry.channels.find((candidate) => candidate.id === channelId);
    if (channel) return { guild: entry.guild, channel };
  }
  return null;
}

function credentialsFrom(tokens: TokenSet): Credentials {
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
}

/** The API's nonce (at most 25 characters) for one post of one run: with enforce_nonce, a repeat returns the first message. */
function messageNonce(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, NONCE_LENGTH);
}

function threadName(title: string): string {
  const name = [...title.trim().replace(/\s+/g, ' ')].slice(0, THREAD_NAME_LIMIT).join('');
  return name || 'Thread';
}

/**
 * Posts the message. Its pictures go with it as Discord documents "Uploading Files": a
 * multipart/form-data body with the JSON as `payload_json`, each picture a `files[n]` part, and
 * `attachments` naming each by its placeholder id n, with its file name and alt text as
 * `description`. One request makes the message and its attachments, so the nonce guards both.
 */
async function createMessage(app: { botToken: string }, channelId: string, post: OutgoingPost) {
  const message = {
    content: post.text,
    nonce: messageNonce(post.idempotencyKey),
    enforce_nonce: true,
    // The thread's text is the article's: no @everyone or role pings from it.
    allowed_mentions: { parse: [] },
  };
  const path = `/channels/${channelId}/messages`;
  if (post.images.length === 0) return callDiscord<{ id: string }>(asBot(app), 'POST', path, message);
  refuseBeyondLimits(post.images, IMAGE_LIMITS.discord);
  const form = new FormData();
  const attachments = post.images.map((image, n) => ({
    id: n,
    filename: imageFileName(image),
    ...(image.alt ? { description: image.alt } : {}),
  }));
  form.append('payload_json', JSON.stringify({ ...message, attachments }));
  for (const [n, image] of post.images.entries()) await appendImageFile(form, `files[${n}]`, image);
  return callDiscord<{ id: string }>(asBot(app), 'POST', path, form);
}

const messageUrl = (guildId: string, channelId: string, messageId: string) =>
  `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;

/**
 * Discord: the user authorizes the app and adds its bot to a server they manage; the bot posts the
 * first message in the chosen channel, starts a thread from it and posts the rest there, each with
 * its pictures attached.
 */
export const discordAdapter: PlatformAdapter<OAuthConnectInput> = {
  platform: 'discord',
  imageLimits: IMAGE_LIMITS.discord,

  oauth: {
    async unavailableReason() {
      const missing = await missingClientReason('discord', PLATFORM_NAME);
      if (missing) return missing;
      return (await platformClient('discord'))?.botToken ? null : NO_BOT_TOKEN;
    },
    async authorizationUrl(flow, deps) {
      return authorizationUrl({
        authorizeUrl: config().platformUrls.discordAuthorize,
        client: await discordApp(),
        redirectUri: deps.redirectUri,
        scopes: DISCORD_SCOPES,
        state: flow.state,
        // Discord accepts PKCE (S256 only, verifier of 43+ characters) alongside the client secret.
        codeChallenge: flow.codeChallenge,
        extraParams: { permissions: DISCORD_BOT_PERMISSIONS },
      });
    },
  },

  async connect(input) {
    const app = await discordApp();
    const tokens = await exchangeCode({
      ...tokenRequest(app, input.deps.now),
      code: input.code,
      redirectUri: input.deps.redirectUri,
      codeVerifier: input.codeVerifier,
    });
    const asUser: Authorization = `Bearer ${tokens.accessToken}`;
    const user = await callDiscord<{ id?: string; username: string }>(asUser, 'GET', '/users/@me');
    const managed = (await userGuilds(asUser)).filter(userManages);
    // The server the bot was just added to comes first.
    const addedTo = input.callbackQuery.guild_id;
    managed.sort((a, b) => Number(b.id === addedTo) - Number(a.id === addedTo));
    return {
      platformUsername: user.username,
      credentials: credentialsFrom(tokens),
      connectionData: { ...(user.id ? { userId: user.id } : {}), channels: await postableChannels(app, managed) },
    };
  },

  // The user's token lists servers at connect time; keeping it fresh keeps the grant usable.
  refreshCredentials: async (connection, now) =>
    refreshWhenDue(PLATFORM_NAME, connection.credentials, now, async () => tokenRequest(await discordApp(), now)),

  listTargets: async (connection): Promise<PublishTarget[]> =>
    guildsOf(connection).flatMap(({ guild, channels }) =>
      channels.map((channel) => ({ id: channel.id, name: `${guild.name} #${channel.name}` })),
    ),

  targetSelection: {
    select(connection, targetId) {
      const found = findChannel(connection, targetId);
      if (!found) return null;
      return {
        selectedChannelId: found.channel.id,
        selectedGuildName: found.guild.name,
        selectedChannelName: found.channel.name,
      };
    },
    selected: selectedChannelOf,
    requiredMessage: platformMessages.discordChannelRequired.title,
  },

  postRules: async () => postRulesFor('discord'),

  async beforeRun(connection, { withPictures }) {
    if (withPictures) await assertCanPostPictures(connection);
  },

  async publishPost(connection, post): Promise<MadePost> {
    const channelId = selectedChannelOf(connection);
    const found = channelId ? findChannel(connection, channelId) : null;
    if (!channelId || !found) throw new PlatformRejectedError(platformMessages.noDiscordChannel);
    const app = await discordApp();
    if (!post.root) {
      const message = await createMessage(app, channelId, post);
      return { id: message.id, url: messageUrl(found.guild.id, channelId, message.id) };
    }
    // A thread started from a message has that message's id: the first post's id is the thread's.
    const threadId = post.root.id;
    if (post.index === 1) {
      try {
        await callDiscord(asBot(app), 'POST', `/channels/${channelId}/messages/${threadId}/threads`, {
          name: threadName(post.article.title),
        });
      } catch (error) {
        // Started by an earlier attempt whose next message failed: post into it.
        if (!(error instanceof DiscordRequestError && error.code === ERROR_CODES.threadAlreadyCreated)) throw error;
      }
    }
    const message = await createMessage(app, threadId, post);
    return { id: message.id, url: messageUrl(found.guild.id, threadId, message.id) };
  },

  /**
   * GET /channels/{channel}/messages/{message} as the bot: the message's reactions, summed over its
   * emoji. The channel is the one its URL names (the first message's channel, the thread's for the
   * rest); Unknown Message (404) is gone.
   */
  async readEngagement(_connection, made, now) {
    const app = await discordApp();
    return Promise.all(
      made.map(async (post, position) => {
        const channelId = post.url?.split('/').at(-2);
        if (!channelId) return deletedPost(position, post);
        const message = await readPlatform<{ reactions?: { count?: unknown }[] }, DiscordError>(
          discordApi,
          {
            url: `${config().platformUrls.discordApi}/channels/${channelId}/messages/${post.id}`,
            headers: { authorization: asBot(app) },
          },
          now,
        );
        if (!message) return deletedPost(position, post);
        const counts = (message.reactions ?? []).map((reaction) => reaction.count);
        const reactions = counts.every((count) => typeof count === 'number')
          ? (counts as number[]).reduce((sum, count) => sum + count, 0)
          : undefined;
        return { position, remoteId: post.id, deleted: false, metrics: figures({ reactions }) };
      }),
    );
  },
};
