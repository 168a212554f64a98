import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An app registered with the fake (POST /api/v1/apps). */
export interface RegisteredApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scopes: string[];
  website: string | null;
}

/** A status the fake instance holds. */
export interface StoredStatus {
  id: string;
  text: string;
  inReplyToId: string | null;
  /** The ISO 639 code the status was posted with, or null (absent: none). */
  language?: string | null;
  accountId: string;
  idempotencyKey: string | null;
  /** The attachments named in `media_ids`, in order. */
  mediaIds?: string[];
  /** The status it quotes (`quoted_status_id`), or null. */
  quotedStatusId?: string | null;
}

/** An account of another server the instance knows (what accounts/lookup answers). */
export interface KnownAccount {
  id: string;
  /** `user@domain`, as the instance names a remote account. */
  acct: string;
  url: string;
}

/**
 * A status of another account the instance knows and search finds: its HTML content, its preview
 * card's link, and how its quote policy (Mastodon 4.5 `quote_approval`) applies to the curator.
 */
export interface KnownStatus {
  id: string;
  account: KnownAccount;
  content: string;
  createdAt: string;
  cardUrl?: string | null;
  quoteApproval?: 'automatic' | 'manual' | 'denied';
}

/** A media attachment uploaded to the fake (POST /api/v2/media). */
export interface StoredMedia {
  id: string;
  accountId: string;
  mimeType: string;
  fileName: string;
  bytes: Uint8Array;
  description: string | null;
  /** Reads of GET /api/v1/media/:id still answered 206 (processing); Infinity: never processed. */
  pollsUntilProcessed: number;
  statusId: string | null;
}

/** A fault answered to the n-th POST /api/v2/media: a status, or `madeThenLost` (stored, then a 502). */
export type MediaFault = { status: 500 | 503 } | { madeThenLost: true };

/** Mastodon's languages: ISO 639-1 codes, and the few ISO 639-3 ones it adds; 'xx' or 'english' are not. */
function knownLanguage(code: string): boolean {
  if (!/^[a-z]{2,3}$/.test(code)) return false;
  const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code);
  return Boolean(name) && name !== code;
}

/**
 * A fault answered to the n-th POST /api/v1/statuses: a status (429 carries X-RateLimit-Reset),
 * `madeThenLost`: the status is made but the answer is a 502, as when a proxy drops the response, or
 * `madeThenHung`: the status is made and no answer ever comes (the caller is killed while it waits).
 */
export type StatusFault =
  | { status: 500 | 502 | 503 | 403 | 401 }
  | { status: 429; resetInSeconds: number }
  | { madeThenLost: true }
  | { madeThenHung: true };

interface Grant {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  accountId: string;
}

const ACCOUNT = { id: '109000000000000001', username: 'alice' };

/**
 * A local Mastodon server (docs.joinmastodon.org/methods/…) for the endpoints ThreadSnip uses: apps,
 * oauth/authorize (the user consents at once and is redirected with a code), oauth/token (client
 * credentials, redirect URI equality, single-use codes, PKCE S256), verify_credentials, v2/instance
 * and statuses (bearer token with write:statuses, Idempotency-Key answered with the status already
 * made, in_reply_to_id naming an existing status, the instance's character limit counted as
 * Mastodon counts it, media_ids as PostStatusService validates them: at most 4, each the account's own,
 * unattached and processed) and media (POST /api/v2/media: multipart `file` and `description` ≤ 1,500,
 * 200 with a url or 202 with url null while processing; GET /api/v1/media/:id: 206 while processing,
 * 200 once done, 404 once attached), and for quoting an author's post: accounts/lookup, v2/search
 * (read:search) and Mastodon 4.5 quote posts (`quote_approval`, `quoted_status_id` refused when the
 * status is gone or its policy denies the curator). Faults can be queued per statuses and media upload call.
 */
export async function startMastodonServer(options: { maxCharacters?: number; quotePosts?: boolean } = {}) {
  // Servers before Mastodon 4.5 have no quote posts: no quote_approval, and quoted_status_id is ignored.
  const quotePosts = options.quotePosts ?? true;
  const knownStatuses = new Map<string, KnownStatus>();
  const apps: RegisteredApp[] = [];
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { accountId: string; scopes: string[] }>();
  const statuses: StoredStatus[] = [];
  const faults = new Map<number, StatusFault>();
  const media: StoredMedia[] = [];
  const mediaFaults = new Map<number, MediaFault>();
  let mediaUploads = 0;
  let nextMediaId = 111_000_000_000_000_000n;
  let nextMediaPolls = 0;
  let slowUploadsLeft = 0;
  const requests: { method: string; path: string }[] = [];
  let statusCalls = 0;
  let statusReads = 0;
  let readsRateLimited = 0;
  const figures = new Map<string, { favourites: number; reblogs: number; replies: number }>();
  const deletedIds = new Set<string>();
  const statusById = new Map<string, StoredStatus>();
  let nextStatusId = 110_000_000_000_000_000n;
  let instanceFails = false;
  let nextConsent: 'approve' | 'deny' = 'approve';
  let origin = '';

  const reply = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
    reply(res, status, { error: message }, headers);

  // Rails reads both JSON and form bodies.
  const readParams = async (req: IncomingMessage): Promise<Record<string, string>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (!raw) return {};
    if ((req.headers['content-type'] ?? '').startsWith('application/json')) {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      // An array (media_ids) reads as its values joined with commas.
      return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
    }
    const form = new URLSearchParams(raw);
    return Object.fromEntries([...new Set(form.keys())].map((key) => [key, form.getAll(key).join(',')]));
  };

  // Mastodon's media types for images (MediaAttachment::IMAGE_MIME_TYPES).
  const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/heic', 'image/heif', 'image/webp', 'image/avif'];
  const MAX_DESCRIPTION = 1500;
  const MAX_MEDIA_PER_STATUS = 4;
  const mediaJson = (entry: StoredMedia) => {
    const processed = entry.pollsUntilProcessed <= 0;
    return {
      id: entry.id,
      type: 'image',
      url: processed ? `${origin}/system/media_attachments/${entry.id}/original/${entry.fileName}` : null,
      preview_url: `${origin}/system/media_attachments/${entry.id}/small/${entry.fileName}`,
      description: entry.description,
    };
  };
  const writes = (token: { scopes: string[] }, scope: string) =>
    token.scopes.some((granted) => granted === 'write' || granted === scope);

  const bearer = (req: IncomingMessage) => {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return match ? (tokens.get(match[1] ?? '') ?? null) : null;
  };

  // Mastodon's StatusLengthValidator: links become 23 placeholder characters, `@user@domain` counts
  // as `@user`, then grapheme clusters are counted.
  const countable = (text: string) =>
    text.replace(/https?:\/\/\S+/g, 'x'.repeat(23)).replace(/(^|[^\w@/])@(\w+)@[\w.-]+\w/g, '$1@$2');
  const graphemes = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;
  const limit = () => options.maxCharacters ?? 500;

  const statusJson = (status: StoredStatus) => ({
    id: status.id,
    uri: `${origin}/users/${ACCOUNT.username}/statuses/${status.id}`,
    url: `${origin}/@${ACCOUNT.username}/${status.id}`,
    content: `<p>${status.text}</p>`,
    in_reply_to_id: status.inReplyToId,
    visibility: 'public',
    language: status.language ?? null,
  });

  const knownStatusJson = (status: KnownStatus) => ({
    id: status.id,
    uri: `${status.account.url}/statuses/${status.id}`,
    url: `${status.account.url}/${status.id}`,
    content: status.content,
    created_at: status.createdAt,
    visibility: 'public',
    account: { id: status.account.id, acct: status.account.acct, url: status.account.url },
    card: status.cardUrl ? { url: status.cardUrl, type: 'link' } : null,
    ...(quotePosts
      ? {
          quote_approval: {
            automatic: status.quoteApproval === 'automatic' ? ['public'] : [],
            manual: status.quoteApproval === 'manual' ? ['public'] : [],
            current_user: status.quoteApproval ?? 'automatic',
          },
        }
      : {}),
  });
  const reads = (token: { scopes: string[] }, scope: string) =>
    token.scopes.some((granted) => granted === 'read' || granted === scope);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push({ method: req.method ?? 'GET', path: url.pathname });
    const route = `${req.method} ${url.pathname}`;

    if (route === 'POST /api/v1/apps') {
      const params = await readParams(req);
      if (!params.client_name) return error(res, 422, "Validation failed: Application name can't be blank");
      if (!params.redirect_uris || !URL.canParse(params.redirect_uris)) {
        return error(res, 422, 'Validation failed: Redirect URI must be an absolute URI.');
      }
      const app: RegisteredApp = {
        clientId: randomBytes(16).toString('base64url'),
        clientSecret: randomBytes(24).toString('base64url'),
        redirectUri: params.redirect_uris,
        scopes: (params.scopes ?? 'read').split(' '),
        website: params.website ?? null,
      };
      apps.push(app);
      return reply(res, 200, {
        id: String(apps.length),
        name: params.client_name,
        website: app.website,
        redirect_uri: app.redirectUri,
        redirect_uris: [app.redirectUri],
        client_id: app.clientId,
        client_secret: app.clientSecret,
        scopes: app.scopes,
      });
    }

    if (route === 'GET /oauth/authorize') {
      const query = Object.fromEntries(url.searchParams);
      const app = apps.find((candidate) => candidate.clientId === query.client_id);
      // Doorkeeper shows an error page (not a redirect) when the client or redirect URI is wrong.
      if (!app) return error(res, 401, 'invalid_client');
      if (query.redirect_uri !== app.redirectUri) return error(res, 400, 'invalid_redirect_uri');
      const back = new URL(app.redirectUri);
      if (query.state) back.searchParams.set('state', query.state);
      const scopes = (query.scope ?? '').split(' ');
      if (query.response_type !== 'code' || !scopes.every((scope) => app.scopes.includes(scope))) {
        back.searchParams.set('error', query.response_type !== 'code' ? 'unsupported_response_type' : 'invalid_scope');
      } else if (query.code_challenge && query.code_challenge_method !== 'S256') {
        back.searchParams.set('error', 'invalid_request');
      } else if (nextConsent === 'deny') {
        nextConsent = 'approve';
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The resource owner or authorization server denied the request.');
      } else {
        const code = randomBytes(16).toString('base64url');
        grants.set(code, {
          clientId: app.clientId,
          redirectUri: app.redirectUri,
          scopes,
          codeChallenge: query.code_challenge ?? null,
          accountId: ACCOUNT.id,
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }

    if (route === 'POST /oauth/token') {
      const params = await readParams(req);
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const [basicId, basicSecret] = basic
        ? Buffer.from(basic[1] ?? '', 'base64')
            .toString()
            .split(':')
        : [];
      const clientId = params.client_id ?? basicId;
      const clientSecret = params.client_secret ?? basicSecret;
      const app = apps.find((candidate) => candidate.clientId === clientId && candidate.clientSecret === clientSecret);
      if (!app) return error(res, 401, 'invalid_client');
      if (params.grant_type !== 'authorization_code') return error(res, 400, 'unsupported_grant_type');
      const grant = grants.get(params.code ?? '');
      const invalidGrant = () =>
        reply(res, 400, {
          error: 'invalid_grant',
          error_description:
            'The provided authorization grant is invalid, expired, revoked or was issued to another client.',
        });
      if (!grant || grant.clientId !== app.clientId || grant.redirectUri !== params.redirect_uri) return invalidGrant();
      if (grant.codeChallenge) {
        const derived = createHash('sha256')
          .update(params.code_verifier ?? '')
          .digest('base64url');
        if (derived !== grant.codeChallenge) return invalidGrant();
      }
      grants.delete(params.code ?? '');
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, { accountId: grant.accountId, scopes: grant.scopes });
      return reply(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        scope: grant.scopes.join(' '),
        created_at: Math.floor(Date.now() / 1000),
      });
    }

    if (route === 'GET /api/v1/accounts/verify_credentials') {
      const token = bearer(req);
      if (!token) return error(res, 401, 'The access token is invalid');
      if (!token.scopes.some((scope) => scope === 'read' || scope === 'read:accounts' || scope === 'profile')) {
        return error(res, 403, 'This action is outside the authorized scopes');
      }
      return reply(res, 200, {
        id: ACCOUNT.id,
        username: ACCOUNT.username,
        acct: ACCOUNT.username,
        url: `${origin}/@${ACCOUNT.username}`,
      });
    }

    if (route === 'GET /api/v2/instance') {
      if (instanceFails) return error(res, 503, 'Service Unavailable');
      return reply(res, 200, {
        domain: url.host,
        configuration: options.maxCharacters
          ? { statuses: { max_characters: options.maxCharacters, characters_reserved_per_url: 23 } }
          : {},
      });
    }

    if (route === 'POST /api/v1/statuses') {
      const token = bearer(req);
      if (!token) return error(res, 401, 'The access token is invalid');
      if (!writes(token, 'write:statuses')) {
        return error(res, 403, 'This action is outside the authorized scopes');
      }
      const params = await readParams(req);
      statusCalls += 1;
      const fault = faults.get(statusCalls);
      if (fault && 'status' in fault) {
        if (fault.status === 429) {
          const reset = new Date(Date.now() + fault.resetInSeconds * 1000).toISOString();
          return error(res, 429, 'Too many requests', { 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '0' });
        }
        if (fault.status === 401) return error(res, 401, 'The access token was revoked');
        if (fault.status === 403) return error(res, 403, 'Your login is currently disabled');
        return error(res, fault.status, 'Internal Server Error');
      }
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      const earlier = key
        ? statuses.find((status) => status.idempotencyKey === key && status.accountId === token.accountId)
        : undefined;
      if (earlier) return reply(res, 200, statusJson(earlier));
      // PostStatusService#validate_media!: at most 4, each the account's own and unattached, each processed.
      const mediaIds = (params.media_ids ?? params['media_ids[]'] ?? '').split(',').filter(Boolean);
      if (mediaIds.length > MAX_MEDIA_PER_STATUS) return error(res, 422, 'Cannot attach more than 4 files');
      const attached = mediaIds.map((id) =>
        media.find((entry) => entry.id === id && entry.accountId === token.accountId && entry.statusId === null),
      );
      const notFound = mediaIds.filter((_, position) => !attached[position]);
      if (notFound.length > 0) {
        return error(res, 422, `Media ${notFound.join(', ')} not found or already attached to another post`);
      }
      if (attached.some((entry) => entry!.pollsUntilProcessed > 0)) {
        return error(res, 422, 'Cannot attach files that have not finished processing. Try again in a moment!');
      }
      const text = params.status ?? '';
      if (!text.trim() && mediaIds.length === 0) return error(res, 422, "Validation failed: Text can't be blank");
      if (graphemes(countable(text)) > limit()) {
        return error(res, 422, `Validation failed: Text character limit of ${limit()} exceeded`);
      }
      // Mastodon 4.5: the quoted status must exist and its policy let the curator quote it (403 otherwise).
      const quotedStatusId = quotePosts ? (params.quoted_status_id ?? null) : null;
      if (quotedStatusId !== null) {
        const quoted = knownStatuses.get(quotedStatusId);
        if (!quoted || deletedIds.has(quotedStatusId)) return error(res, 404, 'Record not found');
        if (quoted.quoteApproval === 'denied') return error(res, 403, 'This action is not allowed');
      }
      const inReplyToId = params.in_reply_to_id ?? null;
      if (inReplyToId !== null && !statuses.some((status) => status.id === inReplyToId)) {
        return error(res, 404, 'Record not found');
      }
      if (params.visibility && !['public', 'unlisted', 'private', 'direct'].includes(params.visibility)) {
        return error(res, 422, 'Validation failed: Visibility is not included in the list');
      }
      // An ISO 639 code the instance knows, else 422, as Mastodon answers an unknown language.
      const language = params.language || null;
      if (language !== null && !knownLanguage(language)) {
        return error(res, 422, 'Validation failed: Language is not a valid language code');
      }
      const status: StoredStatus = {
        id: String(nextStatusId++),
        text,
        inReplyToId,
        language,
        accountId: token.accountId,
        idempotencyKey: key,
        mediaIds,
        quotedStatusId,
      };
      for (const entry of attached) entry!.statusId = status.id;
      statuses.push(status);
      statusById.set(status.id, status);
      if (fault && 'madeThenHung' in fault) return;
      if (fault) return error(res, 502, 'Bad Gateway');
      return reply(res, 200, statusJson(status));
    }

    if (route === 'POST /api/v2/media') {
      const token = bearer(req);
      if (!token) return error(res, 401, 'The access token is invalid');
      if (!writes(token, 'write:media')) return error(res, 403, 'This action is outside the authorized scopes');
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const contentType = req.headers['content-type'] ?? '';
      if (!contentType.startsWith('multipart/form-data'))
        return error(res, 422, "Validation failed: File can't be blank");
      const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': contentType } }).formData();
      mediaUploads += 1;
      const fault = mediaFaults.get(mediaUploads);
      if (fault && 'status' in fault) return error(res, fault.status, 'Internal Server Error');
      const file = form.get('file');
      if (!(file instanceof File)) return error(res, 422, "Validation failed: File can't be blank");
      if (!IMAGE_TYPES.includes(file.type)) {
        return error(res, 422, 'Validation failed: File content type is invalid, File file type is invalid');
      }
      const description = form.get('description');
      if (typeof description === 'string' && [...description].length > MAX_DESCRIPTION) {
        return error(res, 422, `Validation failed: Description is too long (maximum is ${MAX_DESCRIPTION} characters)`);
      }
      const entry: StoredMedia = {
        id: String(nextMediaId++),
        accountId: token.accountId,
        mimeType: file.type,
        fileName: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        description: typeof description === 'string' && description ? description : null,
        pollsUntilProcessed: slowUploadsLeft > 0 ? nextMediaPolls : 0,
        statusId: null,
      };
      slowUploadsLeft = Math.max(0, slowUploadsLeft - 1);
      media.push(entry);
      if (fault) return error(res, 502, 'Bad Gateway');
      // 200 when the file is processed at once, 202 (url null) while it is processed in the background.
      return reply(res, entry.pollsUntilProcessed > 0 ? 202 : 200, mediaJson(entry));
    }

    // GET /api/v1/media/:id (Api::V1::MediaController#show): the account's own unattached attachment.
    const mediaRead = /^GET \/api\/v1\/media\/(\d+)$/.exec(route);
    if (mediaRead) {
      const token = bearer(req);
      if (!token) return error(res, 401, 'The access token is invalid');
      if (!writes(token, 'write:media')) return error(res, 403, 'This action is outside the authorized scopes');
      const entry = media.find(
        (candidate) => candidate.id === mediaRead[1] && candidate.accountId === token.accountId && !candidate.statusId,
      );
      if (!entry) return error(res, 404, 'Record not found');
      if (entry.pollsUntilProcessed > 0) {
        entry.pollsUntilProcessed -= 1;
        return reply(res, 206, { ...mediaJson(entry), url: null });
      }
      return reply(res, 200, mediaJson(entry));
    }

    // GET /api/v1/accounts/lookup?acct=: an account the instance knows, else 404 (no WebFinger here).
    if (route === 'GET /api/v1/accounts/lookup') {
      const acct = url.searchParams.get('acct') ?? '';
      const known = [...knownStatuses.values()].find((status) => status.account.acct === acct)?.account;
      if (!known) return error(res, 404, 'Record not found');
      return reply(res, 200, { ...known, username: known.acct.split('@')[0] });
    }

    // GET /api/v2/search: statuses need a user token with read:search; as full-text search does, any
    // known status mentioning the query's host matches (the caller must check author and link).
    if (route === 'GET /api/v2/search') {
      const token = bearer(req);
      if (!token) return error(res, 401, 'The access token is invalid');
      if (!reads(token, 'read:search')) return error(res, 403, 'This action is outside the authorized scopes');
      const query = url.searchParams.get('q') ?? '';
      const host = URL.canParse(query) ? new URL(query).hostname : query;
      const found =
        url.searchParams.get('type') === 'statuses'
          ? [...knownStatuses.values()].filter(
              (status) => !deletedIds.has(status.id) && `${status.content} ${status.cardUrl ?? ''}`.includes(host),
            )
          : [];
      return reply(res, 200, { accounts: [], statuses: found.map(knownStatusJson), hashtags: [] });
    }

    // GET /api/v1/statuses/:id: a public status needs no token, but a token sent must be valid; a
    // deleted status is 404 Record not found; the counts are the Status entity's.
    const statusRead = /^GET \/api\/v1\/statuses\/(\d+)$/.exec(route);
    if (statusRead) {
      statusReads += 1;
      if (req.headers.authorization && !bearer(req)) return error(res, 401, 'The access token is invalid');
      if (readsRateLimited > 0) {
        readsRateLimited -= 1;
        const reset = new Date(Date.now() + 30_000).toISOString();
        return error(res, 429, 'Too many requests', { 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '0' });
      }
      const known = knownStatuses.get(statusRead[1]!);
      if (known && !deletedIds.has(known.id)) return reply(res, 200, knownStatusJson(known));
      const status = statusById.get(statusRead[1]!);
      if (!status || deletedIds.has(status.id)) return error(res, 404, 'Record not found');
      const counts = figures.get(status.id) ?? { favourites: 0, reblogs: 0, replies: 0 };
      return reply(res, 200, {
        ...statusJson(status),
        favourites_count: counts.favourites,
        reblogs_count: counts.reblogs,
        replies_count: counts.replies,
      });
    }

    return error(res, 404, 'Record not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    /** The instance as a user types it (host and port). */
    instance: `127.0.0.1:${port}`,
    url: origin,
    account: ACCOUNT,
    apps,
    statuses,
    requests,
    media,
    /** Answers the n-th media upload from now (1 = the next) with a fault. */
    failMediaUpload(nthFromNow: number, fault: MediaFault) {
      mediaFaults.set(mediaUploads + nthFromNow, fault);
    },
    /** The next `uploads` uploads are answered 202, each processed after `polls` reads (Infinity: never). */
    processNextMediaAfter(polls: number, uploads = 1) {
      nextMediaPolls = polls;
      slowUploadsLeft = uploads;
    },
    /** Answers the n-th statuses call from now (1 = the next) with a fault. */
    failStatus(nthFromNow: number, fault: StatusFault) {
      faults.set(statusCalls + nthFromNow, fault);
    },
    /** The next consent screen is refused by the user (error=access_denied). */
    denyNextConsent() {
      nextConsent = 'deny';
    },
    setInstanceFailing(failing: boolean) {
      instanceFails = failing;
    },
    /** A status made outside the API (a benchmark's many runs), readable like one posted. */
    addStatus(status: StoredStatus) {
      statuses.push(status);
      statusById.set(status.id, status);
    },
    /** A status of another account that the instance knows: search, lookup and reads find it. */
    addKnownStatus(status: KnownStatus) {
      knownStatuses.set(status.id, status);
    },
    /** A token for the fake's account with `scopes`, as if granted through the consent flow. */
    issueToken(scopes: string[]) {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { accountId: ACCOUNT.id, scopes });
      return token;
    },
    /** Sets a status's counts (what GET /api/v1/statuses/:id reports). */
    setFigures(id: string, counts: { favourites: number; reblogs: number; replies: number }) {
      figures.set(id, counts);
    },
    /** The status is deleted: reads answer 404. */
    deleteStatus(id: string) {
      deletedIds.add(id);
    },
    /** The next `count` status reads answer 429 with X-RateLimit-Reset. */
    rateLimitReads(count: number) {
      readsRateLimited = count;
    },
    /** Status reads answered so far. */
    statusReads: () => statusReads,
    /** Revokes every token (the user removed the app in their settings). */
    revokeTokens() {
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
