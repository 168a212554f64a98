import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  basePermissions,
  channelPermissions,
  DISCORD_PERMISSIONS,
  type DiscordOverwrite,
  type DiscordRole,
  hasPermissions,
} from '../../functions/services/platforms/discord-permissions';

/** A guild channel of the fake (type 0 text, 2 voice…). */
export interface FakeChannel {
  id: string;
  name: string;
  type: number;
  position: number;
  permission_overwrites: DiscordOverwrite[];
}

/** A server: the signed-in user's rights in it, its roles and channels, and the bot's roles (null: not a member). */
export interface FakeGuild {
  id: string;
  name: string;
  /** What `GET /users/@me/guilds` reports for the user (a decimal bit set). */
  userPermissions: string;
  owner?: boolean;
  roles: DiscordRole[];
  channels: FakeChannel[];
  botRoles: string[] | null;
}

/** A message the fake holds, in a channel or a thread. */
export interface FakeMessage {
  id: string;
  channelId: string;
  content: string;
  nonce: string | null;
  /** The files uploaded with it, in the order of `attachments`. */
  attachments?: FakeAttachment[];
}

/** A file uploaded with a message (a `files[n]` part named in `attachments`). */
export interface FakeAttachment {
  filename: string;
  description: string | null;
  contentType: string;
  bytes: Uint8Array;
}

/** Discord's upload limits: 10 files a message, 10 MiB in all without boosts, a description ≤ 1,024. */
const MAX_FILES = 10;
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_DESCRIPTION = 1024;

/** A fault answered to the n-th message create: a 5xx (after storing the message when `committed`), a 429, a 403. */
export type DiscordFault =
  | { status: 500 | 502 | 503; committed?: boolean }
  | { status: 429; retryAfter: number }
  | { status: 403 };

const API_PREFIX = '/api/v10';
const ACCESS_TOKEN_SECONDS = 604_800;

/**
 * A local Discord (discord.com/developers/docs): the OAuth2 consent redirect (bot scope: the bot
 * joins the chosen server with a managed role holding the requested permissions), the token
 * endpoint (client id and secret in the form, single-use codes, redirect URI equality, PKCE S256,
 * rotating refresh tokens), and the REST routes the adapter uses, each checking whose token it is
 * (`Bearer` user token vs `Bot` token), the bot's permissions in the channel from its roles and
 * the overwrites, message lengths, thread names, `enforce_nonce`, files uploaded as "Uploading Files"
 * documents (multipart/form-data: `payload_json`, `files[n]` parts each with a file name, the
 * `attachments` naming them by n with a description ≤ 1,024; Attach Files needed), a message read back with its
 * reactions (View Channel and Read Message History), and answering errors as the API
 * does (`{ code, message }`, 429 with `retry_after` and X-RateLimit-* headers).
 */
export async function startDiscordServer(options: {
  app: { clientId: string; clientSecret: string; botToken: string; redirectUri: string };
  bot: { id: string; username: string };
  user: { id: string; username: string };
  guilds: FakeGuild[];
}) {
  const { app, bot, user, guilds } = options;
  const messages: FakeMessage[] = [];
  const threads = new Map<string, { parentId: string; name: string }>();
  const codes = new Map<string, { redirectUri: string; challenge: string | null; scopes: string[]; guildId: string }>();
  const accessTokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const refreshTokens = new Map<string, { scopes: string[] }>();
  const tokenRequests: Record<string, string>[] = [];
  const requests: { method: string; path: string; auth: 'Bot' | 'Bearer' | null; at: number }[] = [];
  const faults = new Map<number, DiscordFault>();
  let messageCalls = 0;
  /** Reactions per message id, as the message object lists them (left out when there are none). */
  const reactions = new Map<string, { emoji: string; normal: number; burst: number }[]>();
  let readsRateLimited = 0;
  let botToken = app.botToken;
  let nextId = 900_000_000_000_000_000n;
  let consent: { guildId: string; deny?: boolean } = { guildId: guilds[0]?.id ?? '' };
  const snowflake = () => String(nextId++);

  const reply = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, code: number, message: string) =>
    reply(res, status, { message, code });
  const invalidForm = (res: ServerResponse, field: string, message: string) =>
    reply(res, 400, {
      message: 'Invalid Form Body',
      code: 50035,
      errors: { [field]: { _errors: [{ code: 'BASE_TYPE_INVALID', message }] } },
    });

  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const issueTokens = (scopes: string[]) => {
    const accessToken = randomBytes(18).toString('base64url');
    const refreshToken = randomBytes(18).toString('base64url');
    accessTokens.set(accessToken, { scopes, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 });
    refreshTokens.set(refreshToken, { scopes });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      scope: scopes.join(' '),
    };
  };

  /** The consent screen, approved at once by the signed-in user (or denied when the test says so). */
  const authorize = (url: URL, res: ServerResponse) => {
    const query = url.searchParams;
    if (query.get('client_id') !== app.clientId) return reply(res, 400, { client_id: ['Unknown application'] });
    const redirectUri = query.get('redirect_uri') ?? '';
    if (redirectUri !== app.redirectUri) return reply(res, 400, { redirect_uri: ['Invalid OAuth2 redirect_uri'] });
    if (query.get('response_type') !== 'code') return reply(res, 400, { response_type: ['Unsupported'] });
    const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
    const challenge = query.get('code_challenge');
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state') ?? '');
    if (challenge && query.get('code_challenge_method') !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'Unsupported "code_challenge_method"');
    } else if (consent.deny) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
    } else {
      const code = randomBytes(12).toString('base64url');
      codes.set(code, { redirectUri, challenge, scopes, guildId: consent.guildId });
      back.searchParams.set('code', code);
      if (scopes.includes('bot')) {
        const guild = guilds.find((candidate) => candidate.id === consent.guildId);
        const requested = BigInt(query.get('permissions') ?? '0');
        const manages = (BigInt(guild?.userPermissions ?? '0') & DISCORD_PERMISSIONS.manageGuild) !== 0n;
        if (!guild || !(manages || guild.owner))
          return reply(res, 403, { message: 'Missing Permissions', code: 50013 });
        if (!guild.botRoles) {
          // Discord gives the bot a managed role with the permissions the link asked for.
          const role = { id: `${guild.id}-bot`, permissions: requested.toString() };
          guild.roles.push(role);
          guild.botRoles = [role.id];
        }
        back.searchParams.set('guild_id', guild.id);
        back.searchParams.set('permissions', requested.toString());
      }
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    // The media type, with or without a charset parameter (oauth4webapi sends charset=UTF-8), as the API reads it.
    if (req.headers['content-type']?.split(';')[0] !== 'application/x-www-form-urlencoded') {
      return reply(res, 400, { error: 'invalid_request', error_description: 'Unsupported content type' });
    }
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    tokenRequests.push(form);
    if (form.client_id !== app.clientId || form.client_secret !== app.clientSecret) {
      return reply(res, 401, { error: 'invalid_client' });
    }
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!grant) return reply(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      if (form.redirect_uri !== grant.redirectUri) {
        return reply(res, 400, { error: 'invalid_grant', error_description: 'Invalid "redirect_uri" in request.' });
      }
      if (grant.challenge) {
        const verifier = form.code_verifier ?? '';
        if (!verifier)
          return reply(res, 400, { error: 'invalid_request', error_description: 'Missing "code_verifier"' });
        const derived = createHash('sha256').update(verifier).digest('base64url');
        if (verifier.length < 43 || verifier.length > 128 || derived !== grant.challenge) {
          return reply(res, 400, { error: 'invalid_request', error_description: 'Invalid "code_verifier"' });
        }
      }
      const issued = issueTokens(grant.scopes);
      const guild = guilds.find((candidate) => candidate.id === grant.guildId);
      return reply(
        res,
        200,
        grant.scopes.includes('bot') && guild ? { ...issued, guild: { id: guild.id, name: guild.name } } : issued,
      );
    }
    if (form.grant_type === 'refresh_token') {
      const grant = refreshTokens.get(form.refresh_token ?? '');
      // Discord rotates refresh tokens: the old one is spent.
      refreshTokens.delete(form.refresh_token ?? '');
      if (!grant) return reply(res, 400, { error: 'invalid_grant' });
      return reply(res, 200, issueTokens(grant.scopes));
    }
    return reply(res, 400, { error: 'unsupported_grant_type' });
  };

  type Caller = { kind: 'Bot' } | { kind: 'Bearer'; scopes: string[] };
  const callerOf = (req: IncomingMessage): Caller | null => {
    const header = req.headers.authorization ?? '';
    if (header === `Bot ${botToken}`) return { kind: 'Bot' };
    const grant = header.startsWith('Bearer ') ? accessTokens.get(header.slice(7)) : undefined;
    return grant && grant.expiresAt > Date.now() ? { kind: 'Bearer', scopes: grant.scopes } : null;
  };

  const botPermissionsIn = (guild: FakeGuild, channel: FakeChannel) =>
    channelPermissions(
      basePermissions(guild.id, guild.roles, guild.botRoles ?? []),
      guild.id,
      { userId: bot.id, roleIds: guild.botRoles ?? [] },
      channel.permission_overwrites,
    );

  const findChannel = (id: string) => {
    for (const guild of guilds) {
      const channel = guild.channels.find((candidate) => candidate.id === id);
      if (channel) return { guild, channel };
    }
    return null;
  };

  /** A JSON body, or a multipart one: `payload_json` as the body, the `files[n]` parts by n. */
  const readMessageBody = async (req: IncomingMessage) => {
    const contentType = req.headers['content-type'] ?? '';
    const files = new Map<string, File>();
    if (!contentType.startsWith('multipart/form-data')) {
      return { body: JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>, files };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': contentType } }).formData();
    for (const [name, value] of form) {
      const index = /^files\[(\d+)\]$/.exec(name)?.[1];
      if (index !== undefined && value instanceof File) files.set(index, value);
    }
    const payload = form.get('payload_json');
    return { body: typeof payload === 'string' ? (JSON.parse(payload) as Record<string, unknown>) : {}, files };
  };

  /** The uploaded files as `attachments` names them, or the answer refusing them. */
  const attachmentsOf = async (
    body: Record<string, unknown>,
    files: Map<string, File>,
  ): Promise<FakeAttachment[] | ((res: ServerResponse) => void)> => {
    if (files.size === 0) return [];
    if (files.size > MAX_FILES) return (res) => invalidForm(res, 'files', `Must be ${MAX_FILES} or fewer in length.`);
    const total = [...files.values()].reduce((sum, file) => sum + file.size, 0);
    if (total > MAX_UPLOAD_BYTES) return (res) => apiError(res, 413, 40005, 'Request entity too large');
    const listed = Array.isArray(body.attachments) ? (body.attachments as Record<string, unknown>[]) : [];
    const attachments: FakeAttachment[] = [];
    for (const [position, entry] of listed.entries()) {
      const file = files.get(String(entry.id));
      if (!file?.name) {
        return (res) => invalidForm(res, `attachments.${position}.id`, 'Unknown attachment id or file part.');
      }
      const description = typeof entry.description === 'string' ? entry.description : null;
      if (description !== null && description.length > MAX_DESCRIPTION) {
        return (res) =>
          invalidForm(res, `attachments.${position}.description`, `Must be ${MAX_DESCRIPTION} or fewer in length.`);
      }
      attachments.push({
        filename: typeof entry.filename === 'string' ? entry.filename : file.name,
        description,
        contentType: file.type,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
    }
    return attachments;
  };

  const createMessage = async (req: IncomingMessage, res: ServerResponse, channelId: string) => {
    const thread = threads.get(channelId);
    const found = findChannel(thread?.parentId ?? channelId);
    if (!found?.guild.botRoles) return apiError(res, 404, 10003, 'Unknown Channel');
    const permissions = botPermissionsIn(found.guild, found.channel);
    const needed =
      DISCORD_PERMISSIONS.viewChannel |
      (thread ? DISCORD_PERMISSIONS.sendMessagesInThreads : DISCORD_PERMISSIONS.sendMessages);
    if (!hasPermissions(permissions, DISCORD_PERMISSIONS.viewChannel))
      return apiError(res, 403, 50001, 'Missing Access');
    if (!hasPermissions(permissions, needed)) return apiError(res, 403, 50013, 'Missing Permissions');
    const { body, files } = await readMessageBody(req);
    if (files.size > 0 && !hasPermissions(permissions, DISCORD_PERMISSIONS.attachFiles)) {
      return apiError(res, 403, 50013, 'Missing Permissions');
    }
    const attachments = await attachmentsOf(body, files);
    if (!Array.isArray(attachments)) return attachments(res);
    messageCalls += 1;
    const fault = faults.get(messageCalls);
    if (fault?.status === 429) {
      return reply(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: fault.retryAfter, global: false },
        {
          'retry-after': String(Math.ceil(fault.retryAfter)),
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': fault.retryAfter.toFixed(3),
          'x-ratelimit-bucket': 'channel-messages',
          'x-ratelimit-scope': 'user',
        },
      );
    }
    if (fault?.status === 403) return apiError(res, 403, 50013, 'Missing Permissions');
    const content = typeof body.content === 'string' ? body.content : '';
    if (!content && attachments.length === 0) return apiError(res, 400, 50006, 'Cannot send an empty message');
    if (content.length > 2000) return invalidForm(res, 'content', 'Must be 2000 or fewer in length.');
    const nonce = body.nonce === undefined ? null : String(body.nonce);
    if (nonce !== null && nonce.length > 25) return invalidForm(res, 'nonce', 'Must be 25 or fewer in length.');
    const repeat =
      body.enforce_nonce === true && nonce !== null
        ? messages.find((message) => message.channelId === channelId && message.nonce === nonce)
        : undefined;
    const message = repeat ?? { id: snowflake(), channelId, content, nonce, attachments };
    if (!repeat && (!fault || fault.committed)) messages.push(message);
    if (fault) return apiError(res, fault.status, 0, '500: Internal Server Error');
    return reply(res, 200, { id: message.id, channel_id: channelId, content: message.content, nonce });
  };

  const startThread = async (req: IncomingMessage, res: ServerResponse, channelId: string, messageId: string) => {
    const found = findChannel(channelId);
    if (!found?.guild.botRoles || found.channel.type !== 0) return apiError(res, 404, 10003, 'Unknown Channel');
    if (!messages.some((message) => message.id === messageId && message.channelId === channelId)) {
      return apiError(res, 404, 10008, 'Unknown Message');
    }
    const needed = DISCORD_PERMISSIONS.viewChannel | DISCORD_PERMISSIONS.createPublicThreads;
    if (!hasPermissions(botPermissionsIn(found.guild, found.channel), needed)) {
      return apiError(res, 403, 50013, 'Missing Permissions');
    }
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    const name = typeof body.name === 'string' ? body.name : '';
    if (name.length < 1 || name.length > 100) return invalidForm(res, 'name', 'Must be between 1 and 100 in length.');
    if (threads.has(messageId)) return apiError(res, 400, 160004, 'A thread has already been created for this message');
    // The thread started from a message shares the message's id.
    threads.set(messageId, { parentId: channelId, name });
    return reply(res, 201, { id: messageId, type: 11, parent_id: channelId, guild_id: found.guild.id, name });
  };

  /**
   * GET /channels/{channel}/messages/{message} as the bot: needs View Channel and Read Message History
   * in the channel (a thread's are its parent's); the message object carries `reactions`, each with
   * its total `count` and `count_details` (normal and super reactions), or none when nobody reacted.
   */
  const getMessage = (res: ServerResponse, channelId: string, messageId: string) => {
    if (readsRateLimited > 0) {
      readsRateLimited -= 1;
      return reply(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: 2.5, global: false },
        { 'retry-after': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '2.500' },
      );
    }
    const thread = threads.get(channelId);
    const found = findChannel(thread?.parentId ?? channelId);
    if (!found?.guild.botRoles) return apiError(res, 404, 10003, 'Unknown Channel');
    const permissions = botPermissionsIn(found.guild, found.channel);
    if (!hasPermissions(permissions, DISCORD_PERMISSIONS.viewChannel))
      return apiError(res, 403, 50001, 'Missing Access');
    if (!hasPermissions(permissions, DISCORD_PERMISSIONS.readMessageHistory)) {
      return apiError(res, 403, 50013, 'Missing Permissions');
    }
    const message = messages.find((candidate) => candidate.id === messageId && candidate.channelId === channelId);
    if (!message) return apiError(res, 404, 10008, 'Unknown Message');
    const counted = reactions.get(messageId) ?? [];
    return reply(res, 200, {
      id: message.id,
      channel_id: channelId,
      type: 0,
      // The bot reads its own messages' content without the Message Content intent.
      content: message.content,
      author: { ...bot, bot: true },
      ...(counted.length > 0
        ? {
            reactions: counted.map((reaction) => ({
              count: reaction.normal + reaction.burst,
              count_details: { normal: reaction.normal, burst: reaction.burst },
              me: false,
              me_burst: false,
              emoji: { id: null, name: reaction.emoji },
              burst_colors: [],
            })),
          }
        : {}),
    });
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.discord');
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') return authorize(url, res);
    if (!url.pathname.startsWith(API_PREFIX)) return apiError(res, 404, 0, '404: Not Found');
    const path = url.pathname.slice(API_PREFIX.length);
    if (req.method === 'POST' && path === '/oauth2/token') return token(req, res);
    const caller = callerOf(req);
    requests.push({ method: req.method ?? '', path, auth: caller?.kind ?? null, at: Date.now() });
    if (!caller) return apiError(res, 401, 0, '401: Unauthorized');
    const bearerNeeds = (scope: string) => caller.kind === 'Bearer' && !caller.scopes.includes(scope);

    if (req.method === 'GET' && path === '/users/@me') {
      if (bearerNeeds('identify')) return apiError(res, 401, 0, '401: Unauthorized');
      return reply(res, 200, caller.kind === 'Bot' ? { ...bot, bot: true } : user);
    }
    if (req.method === 'GET' && path === '/users/@me/guilds') {
      if (bearerNeeds('guilds')) return apiError(res, 401, 0, '401: Unauthorized');
      // Pages of `limit` (1 to 200) servers with ids above `after`, in id order.
      const limit = Number(url.searchParams.get('limit') ?? 200);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) return invalidForm(res, 'limit', 'Must be 1 to 200.');
      const after = BigInt(url.searchParams.get('after') ?? 0);
      const visible = (caller.kind === 'Bot' ? guilds.filter((guild) => guild.botRoles) : guilds)
        .filter((guild) => BigInt(guild.id) > after)
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
        .slice(0, limit);
      return reply(
        res,
        200,
        visible.map((guild) => ({
          id: guild.id,
          name: guild.name,
          owner: caller.kind === 'Bearer' && guild.owner === true,
          permissions:
            caller.kind === 'Bot'
              ? basePermissions(guild.id, guild.roles, guild.botRoles ?? []).toString()
              : guild.userPermissions,
        })),
      );
    }
    // Everything below acts as the bot: a user's token may not read a server or post.
    if (caller.kind !== 'Bot') return apiError(res, 401, 0, '401: Unauthorized');
    const guildRoute = /^\/guilds\/(\w+)\/(members\/(\w+)|roles|channels)$/.exec(path);
    if (req.method === 'GET' && guildRoute) {
      const guild = guilds.find((candidate) => candidate.id === guildRoute[1]);
      if (!guild) return apiError(res, 404, 10004, 'Unknown Guild');
      if (!guild.botRoles) return apiError(res, 403, 50001, 'Missing Access');
      if (guildRoute[3] !== undefined) {
        if (guildRoute[3] !== bot.id) return apiError(res, 404, 10007, 'Unknown Member');
        return reply(res, 200, { user: bot, roles: guild.botRoles });
      }
      if (guildRoute[2] === 'roles') return reply(res, 200, guild.roles);
      return reply(
        res,
        200,
        guild.channels.map((channel) => ({ ...channel, guild_id: guild.id })),
      );
    }
    const readRoute = /^\/channels\/(\w+)\/messages\/(\w+)$/.exec(path);
    if (req.method === 'GET' && readRoute) return getMessage(res, readRoute[1]!, readRoute[2]!);
    const messageRoute = /^\/channels\/(\w+)\/messages$/.exec(path);
    if (req.method === 'POST' && messageRoute) return createMessage(req, res, messageRoute[1]!);
    const threadRoute = /^\/channels\/(\w+)\/messages\/(\w+)\/threads$/.exec(path);
    if (req.method === 'POST' && threadRoute) return startThread(req, res, threadRoute[1]!, threadRoute[2]!);
    return apiError(res, 404, 0, '404: Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    apiUrl: `${url}${API_PREFIX}`,
    authorizeUrl: `${url}/oauth2/authorize`,
    messages,
    threads,
    requests,
    tokenRequests,
    /** What the signed-in user does on the next consent screens: add the bot to this server, or deny. */
    setConsent(next: { guildId: string; deny?: boolean }) {
      consent = next;
    },
    /** Answers the n-th message create from now (1 = the next) with a fault. */
    failMessage(nthFromNow: number, fault: DiscordFault) {
      faults.set(messageCalls + nthFromNow, fault);
    },
    /** Sets a message's reactions (each emoji's normal and super reaction counts). */
    setReactions(messageId: string, counted: { emoji: string; normal: number; burst: number }[]) {
      reactions.set(messageId, counted);
    },
    /** Someone deletes the message. */
    deleteMessage(messageId: string) {
      const index = messages.findIndex((message) => message.id === messageId);
      if (index >= 0) messages.splice(index, 1);
    },
    /** Answers the next `times` message reads with 429. */
    rateLimitReads(times: number) {
      readsRateLimited = times;
    },
    /** The operator resets the bot's token in the developer portal: the old one gets 401. */
    resetBotToken() {
      botToken = randomBytes(18).toString('base64url');
    },
    /** The user removed the app: every refresh token stops working. */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
