import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import twitterText from 'twitter-text';
import { escapeHtml, readText, sendJson, serveOnLoopback } from './fake-http';

/** A post the fake X holds. */
export interface Tweet {
  id: string;
  authorId: string;
  text: string;
  inReplyTo: string | null;
  /** The pictures attached (media.media_ids), in order. */
  media: UploadedMedia[];
  /** Epoch ms. */
  createdAt: number;
  /** The post it quotes (quote_tweet_id), or null. */
  quoteTweetId?: string | null;
  /** Deleted by its author: lookups answer resource-not-found and search leaves it out. */
  deleted?: boolean;
  /** Who may quote it (the author's quote settings): `mentioned` refuses the curator. Absent: anyone. */
  quotePolicy?: 'everyone' | 'mentioned';
}

/** Another account X knows (what GET /2/users/by/username answers). */
export interface XAccount {
  id: string;
  username: string;
  name: string;
}

/** A picture uploaded through POST /2/media/upload. */
export interface UploadedMedia {
  id: string;
  mediaType: string;
  bytes: Buffer;
  /** Set through POST /2/media/metadata. */
  alt: string | null;
  /** STATUS reads still answering in_progress before it succeeds. */
  processingReads: number;
  /** Epoch ms X forgets the id at: after it, naming the id is refused as an unknown one. */
  expiresAt: number;
}

/**
 * A fault answered instead of the next POST /2/media/upload: a refusal, the upload made but its
 * answer lost, X still processing it for `reads` STATUS reads, or its processing failing.
 */
export type MediaFault =
  | { status: 400 | 503 }
  | { status: 503; madeThenLost: true }
  | { processing: 'in_progress'; reads: number }
  | { processing: 'failed' };

/**
 * A fault answered instead of the next POST /2/tweets: 429 carries x-rate-limit-reset `resetIn`
 * seconds ahead, and with `dailyResetIn` the user's spent 24-hour cap and its reset.
 */
export type TweetFault =
  | { status: 500 | 503 | 401 | 403 }
  | { status: 429; resetIn: number; dailyResetIn?: number }
  /** The post is made, but the answer is lost on the way back (a 503 instead of the 201). */
  | { status: 503; madeThenLost: true };

type Account = XAccount;

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scopes: string[];
  expiresAt: number;
}

interface Grant {
  scopes: string[];
  expiresAt: number;
}

const KNOWN_SCOPES = new Set(['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write']);
/** docs.x.com media: images up to 5 MB, 4 per post, alt text up to 1,000 characters. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_MEDIA_PER_POST = 4;
/** docs.x.com metrics: non-public metrics only of posts made within the last 30 days. */
const NON_PUBLIC_METRICS_MS = 30 * 86_400_000;
/** X's epoch: a Snowflake id's top bits count milliseconds from it (docs.x.com, "X IDs"). */
const X_EPOCH_MS = 1_288_834_974_657n;

/** An X id made at `ms` (epoch ms): the time in the bits above 22, a sequence below. */
export function xSnowflake(ms: number, sequence: number): string {
  return String(((BigInt(ms) - X_EPOCH_MS) << 22n) | BigInt(sequence % 4096));
}
const MAX_ALT_CHARS = 1000;
/** How long X keeps an uploaded picture's media id (expires_after_secs). */
const MEDIA_ID_SECONDS = 86_400;
/** The file's type read from its first bytes, as X checks it. */
const sniffedType = (bytes: Buffer) =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    ? 'image/png'
    : bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
      ? 'image/jpeg'
      : null;
const ACCESS_TOKEN_SECONDS = 7200;

/**
 * A local X (twitter) API for the OAuth 2.0 PKCE flow and posting, checking requests as docs.x.com
 * describes them: the consent page (GET /i/oauth2/authorize, a real HTML page whose Authorize
 * button redirects to the registered redirect URI with code and state), the token endpoint (HTTP
 * Basic client auth, single-use codes, redirect URI equality, the S256 verifier, rotating refresh
 * tokens, two-hour access tokens), GET /2/users/me, POST /2/tweets (bearer token and scope,
 * 280 by twitter-text's weighted count, duplicate content refused, replies to posts that exist)
 * and GET /2/users/:id/tweets (newest first, links as t.co links and &, <, > escaped as X answers
 * them, start_time, referenced_tweets), and pictures: POST /2/media/upload (media.write scope, one
 * JSON request with `media` base64 and media_category tweet_image, the type sniffed from the bytes,
 * 5 MB), its STATUS read, POST /2/media/metadata (alt text ≤ 1,000) and `media.media_ids` on a post
 * (1 to 4, uploaded, processed and not expired: a media id lasts a day, expires_after_secs; any other
 * is refused as X refuses it, 400 'Your media IDs are invalid.' naming it under `media.media_ids`).
 * Faults can be queued per POST /2/tweets and per upload. For quoting an author's own post: other
 * accounts' posts (`addAuthorPost`), GET /2/users/by/username/:username, GET /2/tweets/search/recent
 * (the `url:` operator matched on expanded URLs, `from:` on the username, the last 7 days, tweet.read
 * and users.read, `expansions=author_id`), GET /2/tweets/:id, and `quote_tweet_id` on POST /2/tweets
 * (refused for a post that is gone, beside `media`, or when the author's settings do not allow it).
 */
export async function startTwitterServer(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  account: Account;
}) {
  const tweets: Tweet[] = [];
  const accounts = new Map<string, Account>([[options.account.id, options.account]]);
  const faults = new Map<number, TweetFault>();
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const consents = new Map<string, { redirectUri: string; state: string; code: PendingCode }>();
  const tokenRequests: URLSearchParams[] = [];
  let tweetCalls = 0;
  const media = new Map<string, UploadedMedia & { failed: boolean }>();
  const mediaFaults = new Map<number, MediaFault>();
  let uploadCalls = 0;
  let nextMediaId = 1_870_000_000_000_000_000n;
  let lookups = 0;
  let searches = 0;
  let lookupRateLimited = 0;
  const tweetMetrics = new Map<string, Record<string, number>>();
  const tweetNonPublicMetrics = new Map<string, Record<string, number>>();
  let tweetSequence = 0;
  /** A post's id as X makes it: a Snowflake of the time it was made (and a sequence, so ids never repeat). */
  const nextTweetId = (createdAt: number) => xSnowflake(createdAt, tweetSequence++);

  const problem = (
    res: ServerResponse,
    status: number,
    title: string,
    detail: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => sendJson(res, status, { title, detail, type: 'about:blank', status, ...extra }, headers);
  const issueTokens = (scopes: string[]) => {
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, { scopes, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 });
    const refreshToken = scopes.includes('offline.access') ? randomBytes(24).toString('base64url') : undefined;
    if (refreshToken) refreshTokens.set(refreshToken, { scopes, expiresAt: Number.POSITIVE_INFINITY });
    return {
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      access_token: accessToken,
      scope: scopes.join(' '),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  };
  /** The bearer token's grant when it is valid and carries `scope`; otherwise answers and returns null. */
  const authorize = (req: IncomingMessage, res: ServerResponse, scope: string): Grant | null => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? accessTokens.get(token) : undefined;
    if (!grant || grant.expiresAt <= Date.now()) {
      problem(res, 401, 'Unauthorized', 'Unauthorized');
      return null;
    }
    if (!grant.scopes.includes(scope)) {
      problem(res, 403, 'Forbidden', `Missing scope ${scope}`);
      return null;
    }
    return grant;
  };

  const consentPage = (res: ServerResponse, url: URL) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    const problems = [
      q.get('response_type') !== 'code' && 'response_type must be code',
      q.get('client_id') !== options.clientId && 'unknown client_id',
      !options.redirectUris.includes(redirectUri) && 'redirect_uri is not registered for this app',
      !q.get('state') && 'state is required',
      !/^[A-Za-z0-9_-]{43,128}$/.test(q.get('code_challenge') ?? '') && 'code_challenge is required',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
      (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope))) && 'invalid scope',
    ].filter(Boolean);
    if (problems.length > 0) {
      // X shows its own error page here; it never redirects to an unverified redirect URI.
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end(
        `<!doctype html><title>Error</title><p>Something went wrong: ${escapeHtml(problems.join('; '))}</p>`,
      );
    }
    const consentId = randomBytes(12).toString('base64url');
    consents.set(consentId, {
      redirectUri,
      state: q.get('state')!,
      code: {
        clientId: options.clientId,
        redirectUri,
        challenge: q.get('code_challenge')!,
        scopes,
        expiresAt: Date.now() + 30_000,
      },
    });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><title>Authorize app</title></head>
<body><main>
<h1>ThreadSnip wants to access your X account</h1>
<p>Signed in as @${escapeHtml(options.account.username)}. It will be able to: ${escapeHtml(scopes.join(', '))}.</p>
<form method="post" action="/i/oauth2/consent">
<input type="hidden" name="consent" value="${consentId}">
<button type="submit" name="decision" value="allow">Authorize app</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>
</main></body></html>`);
  };

  const consentDecision = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readText(req));
    const consent = consents.get(form.get('consent') ?? '');
    if (!consent) return problem(res, 400, 'Invalid Request', 'This authorization request has expired.');
    consents.delete(form.get('consent')!);
    const target = new URL(consent.redirectUri);
    target.searchParams.set('state', consent.state);
    if (form.get('decision') === 'allow') {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { ...consent.code, expiresAt: Date.now() + 30_000 });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
    }
    res.writeHead(302, { location: target.toString() });
    res.end();
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    // The media type, with or without a charset parameter (oauth4webapi sends charset=UTF-8), as the API reads it.
    if (req.headers['content-type']?.split(';')[0] !== 'application/x-www-form-urlencoded') {
      return sendJson(res, 400, { error: 'invalid_request', error_description: 'Unsupported content type' });
    }
    const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== basic) {
      return sendJson(res, 401, {
        error: 'unauthorized_client',
        error_description: 'Missing valid authorization header',
      });
    }
    const form = new URLSearchParams(await readText(req));
    tokenRequests.push(form);
    const invalid = (description: string) =>
      sendJson(res, 400, { error: 'invalid_request', error_description: description });
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.expiresAt < Date.now()) return invalid('Value passed for the authorization code was invalid.');
      if (form.get('redirect_uri') !== code.redirectUri)
        return invalid('Value passed for the redirect uri was invalid.');
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) {
        return invalid('Value passed for the code verifier did not match the code challenge.');
      }
      return sendJson(res, 200, issueTokens(code.scopes));
    }
    if (form.get('grant_type') === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!grant) return invalid('Value passed for the token was invalid.');
      // X rotates refresh tokens: the one just used is spent.
      refreshTokens.delete(form.get('refresh_token')!);
      return sendJson(res, 200, issueTokens(grant.scopes));
    }
    return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant type is not supported.' });
  };

  /** A JSON body, or null after answering 415/400 as the API does. */
  const jsonBody = async <T>(req: IncomingMessage, res: ServerResponse): Promise<T | null> => {
    if (!req.headers['content-type']?.startsWith('application/json')) {
      problem(res, 415, 'Unsupported Media Type', 'Content-Type must be application/json');
      return null;
    }
    try {
      return JSON.parse(await readText(req)) as T;
    } catch {
      problem(res, 400, 'Invalid Request', 'The request body is not valid JSON.');
      return null;
    }
  };
  // X names the parameter at fault beside the message where it can ({ parameters: { 'media.media_ids': [...] } }).
  const invalidRequest = (res: ServerResponse, message: string, parameters?: Record<string, unknown[]>) =>
    problem(res, 400, 'Invalid Request', 'One or more parameters to your request was invalid.', {
      errors: [{ ...(parameters ? { parameters } : {}), message }],
    });
  /** The upload `id` names, while X still knows it. */
  const knownMedia = (id: unknown) => {
    const item = media.get(typeof id === 'string' ? id : '');
    return item && item.expiresAt > Date.now() ? item : undefined;
  };
  const processingInfo = (item: UploadedMedia & { failed: boolean }) =>
    item.failed
      ? { state: 'failed', error: { code: 1, name: 'InvalidMedia', message: 'Unsupported image.' } }
      : item.processingReads > 0
        ? { state: 'in_progress', check_after_secs: 1, progress_percent: 50 }
        : null;
  const mediaAnswer = (item: UploadedMedia & { failed: boolean }) => {
    const processing = processingInfo(item);
    return {
      data: {
        id: item.id,
        media_key: `3_${item.id}`,
        size: item.bytes.length,
        expires_after_secs: Math.max(0, Math.ceil((item.expiresAt - Date.now()) / 1000)),
        ...(processing ? { processing_info: processing } : {}),
      },
    };
  };

  /** POST /2/media/upload, one request: `media` base64 in a JSON body, media_category tweet_image. */
  const uploadMedia = async (req: IncomingMessage, res: ServerResponse) => {
    if (!authorize(req, res, 'media.write')) return;
    uploadCalls += 1;
    const fault = mediaFaults.get(uploadCalls);
    if (fault && 'status' in fault && !('madeThenLost' in fault)) {
      return fault.status === 400
        ? invalidRequest(res, 'media type unrecognized.')
        : problem(res, 503, 'Service Unavailable', 'Service Unavailable');
    }
    const body = await jsonBody<{ media?: unknown; media_category?: unknown; media_type?: unknown }>(req, res);
    if (!body) return;
    if (typeof body.media !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(body.media)) {
      return invalidRequest(res, 'The `media` field must be the base64-encoded file.');
    }
    if (body.media_category !== 'tweet_image') return invalidRequest(res, 'media_category must be tweet_image.');
    const bytes = Buffer.from(body.media, 'base64');
    const type = sniffedType(bytes);
    if (!type || (body.media_type !== undefined && body.media_type !== type)) {
      return invalidRequest(res, 'media type unrecognized.');
    }
    if (bytes.length > MAX_IMAGE_BYTES) return invalidRequest(res, 'File size exceeds 5242880 bytes.');
    const item = {
      id: String(nextMediaId++),
      mediaType: type,
      bytes,
      alt: null,
      processingReads: fault && 'processing' in fault && fault.processing === 'in_progress' ? fault.reads : 0,
      expiresAt: Date.now() + MEDIA_ID_SECONDS * 1000,
      failed: Boolean(fault && 'processing' in fault && fault.processing === 'failed'),
    };
    media.set(item.id, item);
    if (fault && 'madeThenLost' in fault) return problem(res, 503, 'Service Unavailable', 'Service Unavailable');
    return sendJson(res, 200, mediaAnswer(item));
  };

  /** GET /2/media/upload?command=STATUS&media_id=…: the upload's processing state. */
  const mediaStatus = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (!authorize(req, res, 'media.write')) return;
    if (url.searchParams.get('command') !== 'STATUS') return invalidRequest(res, 'command must be STATUS.');
    const item = knownMedia(url.searchParams.get('media_id'));
    if (!item) return invalidRequest(res, 'Invalid media id.');
    if (item.processingReads > 0) item.processingReads -= 1;
    return sendJson(res, 200, mediaAnswer(item));
  };

  /** POST /2/media/metadata: `{ id, metadata: { alt_text: { text } } }`, text ≤ 1,000 characters. */
  const mediaMetadata = async (req: IncomingMessage, res: ServerResponse) => {
    if (!authorize(req, res, 'media.write')) return;
    const body = await jsonBody<{ id?: unknown; metadata?: { alt_text?: { text?: unknown } } }>(req, res);
    if (!body) return;
    const item = knownMedia(body.id);
    if (!item) return invalidRequest(res, 'Invalid media id.');
    const text = body.metadata?.alt_text?.text;
    if (typeof text !== 'string' || [...text].length > MAX_ALT_CHARS) {
      return invalidRequest(res, 'alt_text.text must be a string of at most 1000 characters.');
    }
    item.alt = text;
    return sendJson(res, 200, { data: { id: item.id, associated_metadata: { alt_text: { text } } } });
  };

  const createTweet = async (req: IncomingMessage, res: ServerResponse) => {
    if (!authorize(req, res, 'tweet.write')) return;
    tweetCalls += 1;
    const fault = faults.get(tweetCalls);
    if (fault && !('madeThenLost' in fault)) {
      if (fault.status === 429) {
        const now = Math.ceil(Date.now() / 1000);
        const daily: Record<string, string> =
          fault.dailyResetIn === undefined
            ? {}
            : {
                'x-user-limit-24hour-limit': '17',
                'x-user-limit-24hour-remaining': '0',
                'x-user-limit-24hour-reset': String(now + fault.dailyResetIn),
              };
        return problem(
          res,
          429,
          'Too Many Requests',
          'Too Many Requests',
          {},
          {
            'x-rate-limit-limit': '100',
            'x-rate-limit-remaining': fault.dailyResetIn === undefined ? '0' : '99',
            'x-rate-limit-reset': String(now + fault.resetIn),
            ...daily,
          },
        );
      }
      if (fault.status === 401) return problem(res, 401, 'Unauthorized', 'Unauthorized');
      if (fault.status === 403) return problem(res, 403, 'Forbidden', 'Your account is temporarily locked.');
      return problem(res, fault.status, 'Service Unavailable', 'Service Unavailable');
    }
    if (!req.headers['content-type']?.startsWith('application/json')) {
      return problem(res, 415, 'Unsupported Media Type', 'Content-Type must be application/json');
    }
    let body: {
      text?: unknown;
      reply?: { in_reply_to_tweet_id?: unknown };
      media?: { media_ids?: unknown };
      quote_tweet_id?: unknown;
    };
    try {
      body = JSON.parse(await readText(req));
    } catch {
      return problem(res, 400, 'Invalid Request', 'The request body is not valid JSON.');
    }
    const text = typeof body.text === 'string' ? body.text : '';
    const mediaIds = body.media?.media_ids;
    if (
      mediaIds !== undefined &&
      (!Array.isArray(mediaIds) || mediaIds.length < 1 || mediaIds.length > MAX_MEDIA_PER_POST)
    ) {
      return invalidRequest(res, 'media.media_ids must hold 1 to 4 media ids.');
    }
    const attached = (mediaIds ?? []).map(knownMedia);
    if (attached.some((item: (typeof attached)[number]) => !item || processingInfo(item))) {
      // An unknown, forgotten (expired) or unprocessed id: X's answer lists the ids it refused.
      const refused = (mediaIds ?? []).filter((id: unknown) => {
        const item = knownMedia(id);
        return !item || processingInfo(item);
      });
      return invalidRequest(res, 'Your media IDs are invalid.', { 'media.media_ids': refused });
    }
    if (!text.trim() && attached.length === 0)
      return problem(res, 400, 'Invalid Request', 'One or more parameters to your request was invalid.');
    if (!twitterText.parseTweet(text).valid) {
      return problem(
        res,
        403,
        'Forbidden',
        'Your Tweet text is too long. For more information on how X determines text length, see https://github.com/twitter/twitter-text.',
      );
    }
    const author = options.account.id;
    if (tweets.some((tweet) => tweet.authorId === author && tweet.text === text)) {
      return problem(res, 403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
    }
    const inReplyTo = body.reply?.in_reply_to_tweet_id;
    if (inReplyTo !== undefined && !tweets.some((tweet) => tweet.id === inReplyTo)) {
      return problem(res, 400, 'Invalid Request', 'One or more parameters to your request was invalid.', {
        errors: [{ message: 'The Tweet you are replying to does not exist or is not visible.' }],
      });
    }
    const quoteTweetId = body.quote_tweet_id;
    if (quoteTweetId !== undefined) {
      if (typeof quoteTweetId !== 'string' || !/^\d{1,19}$/.test(quoteTweetId)) {
        return invalidRequest(res, 'The `quote_tweet_id` field must be a post id.');
      }
      if (mediaIds !== undefined) return invalidRequest(res, 'media is mutually exclusive with quote_tweet_id.');
      const quoted = tweets.find((tweet) => tweet.id === quoteTweetId && !tweet.deleted);
      if (!quoted) return invalidRequest(res, 'The Tweet you are quoting does not exist or is not visible.');
      if (quoted.quotePolicy === 'mentioned' && quoted.authorId !== author) {
        return problem(
          res,
          403,
          'Forbidden',
          'Quoting this post is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are quoting.',
        );
      }
    }
    const createdAt = Date.now();
    const tweet: Tweet = {
      id: nextTweetId(createdAt),
      authorId: author,
      text,
      inReplyTo: typeof inReplyTo === 'string' ? inReplyTo : null,
      media: attached.map((item: (typeof attached)[number]) => item!),
      createdAt,
      quoteTweetId: typeof quoteTweetId === 'string' ? quoteTweetId : null,
    };
    tweets.push(tweet);
    if (fault) return problem(res, 503, 'Service Unavailable', 'Service Unavailable');
    return sendJson(res, 201, { data: { id: tweet.id, text, edit_history_tweet_ids: [tweet.id] } });
  };

  /** A post's text as the API answers it: each link a t.co link, and &, < and > escaped. */
  const asServed = (text: string) => {
    let served = '';
    let last = 0;
    for (const { url, indices } of twitterText.extractUrlsWithIndices(text)) {
      served += `${text.slice(last, indices[0])}https://t.co/${createHash('sha256').update(url).digest('hex').slice(0, 10)}`;
      last = indices[1];
    }
    return (served + text.slice(last)).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  };

  const userTweets = (req: IncomingMessage, res: ServerResponse, userId: string, url: URL) => {
    if (!authorize(req, res, 'tweet.read')) return;
    const maxResults = Number(url.searchParams.get('max_results') ?? '10');
    if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) {
      return problem(res, 400, 'Invalid Request', 'One or more parameters to your request was invalid.', {
        errors: [{ message: 'The `max_results` query parameter value is not between 5 and 100' }],
      });
    }
    const startTime = url.searchParams.get('start_time');
    const since = startTime ? Date.parse(startTime) : Number.NEGATIVE_INFINITY;
    const withReplies = (url.searchParams.get('tweet.fields') ?? '').split(',').includes('referenced_tweets');
    const found = tweets
      .filter((tweet) => tweet.authorId === userId && tweet.createdAt >= since)
      .reverse()
      .slice(0, maxResults)
      .map((tweet) => ({
        id: tweet.id,
        text: asServed(tweet.text),
        edit_history_tweet_ids: [tweet.id],
        ...(withReplies && tweet.inReplyTo ? { referenced_tweets: [{ type: 'replied_to', id: tweet.inReplyTo }] } : {}),
      }));
    if (found.length === 0) return sendJson(res, 200, { meta: { result_count: 0 } });
    return sendJson(res, 200, {
      data: found,
      meta: { result_count: found.length, newest_id: found[0]!.id, oldest_id: found.at(-1)!.id },
    });
  };

  /**
   * GET /2/tweets?ids=…: 1 to 100 comma-separated numeric ids; public_metrics only when tweet.fields
   * asks for it; an id with no post is in `errors` as resource-not-found (and left out of `data`).
   * non_public_metrics (impressions, URL link clicks, profile clicks) only of the user's own posts made
   * within the last 30 days (docs.x.com, metrics): another post's is left out, with a
   * not-authorized-for-field error naming it.
   */
  const lookupTweets = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (!authorize(req, res, 'tweet.read')) return;
    lookups += 1;
    if (lookupRateLimited > 0) {
      lookupRateLimited -= 1;
      const reset = String(Math.ceil(Date.now() / 1000) + 60);
      return problem(res, 429, 'Too Many Requests', 'Too Many Requests', {}, { 'x-rate-limit-reset': reset });
    }
    const ids = (url.searchParams.get('ids') ?? '').split(',');
    if (ids.length < 1 || ids.length > 100 || ids.some((id) => !/^\d{1,19}$/.test(id))) {
      return problem(res, 400, 'Invalid Request', 'One or more parameters to your request was invalid.', {
        errors: [{ message: 'The `ids` query parameter value must be 1 to 100 comma-separated post ids' }],
      });
    }
    const fields = (url.searchParams.get('tweet.fields') ?? '').split(',');
    const withMetrics = fields.includes('public_metrics');
    const withNonPublic = fields.includes('non_public_metrics');
    const ownRecent = (tweet: Tweet) =>
      tweet.authorId === options.account.id && Date.now() - tweet.createdAt < NON_PUBLIC_METRICS_MS;
    const found = ids.flatMap((id) => {
      const tweet = tweets.find((entry) => entry.id === id);
      if (!tweet) return [];
      const metrics = tweetMetrics.get(id) ?? { like_count: 0, retweet_count: 0, reply_count: 0, quote_count: 0 };
      const nonPublic = {
        impression_count: 0,
        url_link_clicks: 0,
        user_profile_clicks: 0,
        ...tweetNonPublicMetrics.get(id),
      };
      return [
        {
          id,
          text: asServed(tweet.text),
          edit_history_tweet_ids: [id],
          ...(withMetrics ? { public_metrics: { bookmark_count: 0, impression_count: 0, ...metrics } } : {}),
          ...(withNonPublic && ownRecent(tweet) ? { non_public_metrics: nonPublic } : {}),
        },
      ];
    });
    const fieldRefusals = withNonPublic
      ? tweets
          .filter((tweet) => found.some((entry) => entry.id === tweet.id) && !ownRecent(tweet))
          .map((tweet) => ({
            value: tweet.id,
            detail: `Sorry, you are not authorized to access 'non_public_metrics' on the Tweet with ids: ${tweet.id}.`,
            title: 'Field Authorization Error',
            resource_type: 'tweet',
            field: 'non_public_metrics',
            parameter: 'ids',
            resource_id: tweet.id,
            section: 'data',
            type: 'https://api.twitter.com/2/problems/not-authorized-for-field',
          }))
      : [];
    const missing = ids.filter((id) => !found.some((tweet) => tweet.id === id));
    return sendJson(res, 200, {
      ...(found.length > 0 ? { data: found } : {}),
      ...(missing.length > 0 || fieldRefusals.length > 0
        ? {
            errors: [
              ...fieldRefusals,
              ...missing.map((id) => ({
                value: id,
                detail: `Could not find tweet with ids: [${id}].`,
                title: 'Not Found Error',
                resource_type: 'tweet',
                parameter: 'ids',
                resource_id: id,
                type: 'https://api.twitter.com/2/problems/resource-not-found',
              })),
            ],
          }
        : {}),
    });
  };

  /** A post as search and lookup answer it: author_id, created_at and entities.urls when tweet.fields asks. */
  const postView = (tweet: Tweet, url: URL) => {
    const fields = (url.searchParams.get('tweet.fields') ?? '').split(',');
    const served = asServed(tweet.text);
    const links = twitterText.extractUrlsWithIndices(tweet.text);
    return {
      id: tweet.id,
      text: served,
      edit_history_tweet_ids: [tweet.id],
      ...(fields.includes('author_id') ? { author_id: tweet.authorId } : {}),
      ...(fields.includes('created_at') ? { created_at: new Date(tweet.createdAt).toISOString() } : {}),
      ...(fields.includes('entities') && links.length > 0
        ? {
            entities: {
              urls: links.map(({ url: link }) => ({
                url: `https://t.co/${createHash('sha256').update(link).digest('hex').slice(0, 10)}`,
                expanded_url: link,
                display_url: link.replace(/^https?:\/\//, '').slice(0, 25),
              })),
            },
          }
        : {}),
    };
  };
  /** `includes.users` for these posts when `expansions=author_id` asks (user.fields beyond id, name, username ignored). */
  const includedUsers = (found: Tweet[], url: URL) =>
    (url.searchParams.get('expansions') ?? '').split(',').includes('author_id')
      ? {
          includes: {
            users: [...new Set(found.map((tweet) => tweet.authorId))].flatMap((id) => accounts.get(id) ?? []),
          },
        }
      : {};
  const notFoundError = (parameter: string, value: string, resourceType: 'tweet' | 'user') => ({
    errors: [
      {
        value,
        detail: `Could not find ${resourceType} with ${parameter}: [${value}].`,
        title: 'Not Found Error',
        resource_type: resourceType,
        parameter,
        resource_id: value,
        type: 'https://api.twitter.com/2/problems/resource-not-found',
      },
    ],
  });

  /** GET /2/users/by/username/:username: the account (usernames match without regard to case). */
  const userByUsername = (req: IncomingMessage, res: ServerResponse, username: string) => {
    if (!authorize(req, res, 'users.read')) return;
    const account = [...accounts.values()].find((entry) => entry.username.toLowerCase() === username.toLowerCase());
    return sendJson(res, 200, account ? { data: account } : notFoundError('username', username, 'user'));
  };

  /**
   * GET /2/tweets/search/recent: `query` (1 to 512 characters) with the `url:` operator matched on
   * expanded URLs and `from:` on the username; the last 7 days, newest first, 10 to 100 results.
   */
  const searchRecent = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (!authorize(req, res, 'tweet.read') || !authorize(req, res, 'users.read')) return;
    searches += 1;
    const query = url.searchParams.get('query') ?? '';
    const maxResults = Number(url.searchParams.get('max_results') ?? '10');
    if (query.length < 1 || query.length > 512)
      return invalidRequest(res, 'The `query` parameter is required (1 to 512 characters).');
    if (!Number.isInteger(maxResults) || maxResults < 10 || maxResults > 100) {
      return invalidRequest(res, 'The `max_results` query parameter value is not between 10 and 100');
    }
    const urlTerm = /url:"([^"]+)"|url:(\S+)/.exec(query);
    const fromTerm = /from:(\w+)/.exec(query)?.[1]?.toLowerCase();
    const bare = (link: string) => link.replace(/^https?:\/\//i, '').toLowerCase();
    const wantedUrl = urlTerm ? bare(urlTerm[1] ?? urlTerm[2] ?? '') : null;
    const since = Date.now() - 7 * 86_400_000;
    const found = tweets
      .filter((tweet) => !tweet.deleted && tweet.createdAt >= since)
      .filter((tweet) => !fromTerm || accounts.get(tweet.authorId)?.username.toLowerCase() === fromTerm)
      .filter(
        (tweet) => !wantedUrl || twitterText.extractUrls(tweet.text).some((link) => bare(link).includes(wantedUrl)),
      )
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, maxResults);
    if (found.length === 0) return sendJson(res, 200, { meta: { result_count: 0 } });
    return sendJson(res, 200, {
      data: found.map((tweet) => postView(tweet, url)),
      ...includedUsers(found, url),
      meta: { newest_id: found[0]!.id, oldest_id: found.at(-1)!.id, result_count: found.length },
    });
  };

  /** GET /2/tweets/:id: the post, or 200 with a resource-not-found error when it does not exist or was deleted. */
  const lookupTweet = (req: IncomingMessage, res: ServerResponse, id: string, url: URL) => {
    if (!authorize(req, res, 'tweet.read')) return;
    lookups += 1;
    const tweet = tweets.find((entry) => entry.id === id && !entry.deleted);
    if (!tweet) return sendJson(res, 200, notFoundError('id', id, 'tweet'));
    return sendJson(res, 200, { data: postView(tweet, url), ...includedUsers([tweet], url) });
  };

  const server = await serveOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /i/oauth2/authorize') return consentPage(res, url);
    if (route === 'POST /i/oauth2/consent') return consentDecision(req, res);
    if (route === 'POST /2/oauth2/token') return token(req, res);
    if (route === 'GET /2/users/me') {
      if (!authorize(req, res, 'users.read')) return;
      return sendJson(res, 200, { data: options.account });
    }
    if (route === 'POST /2/tweets') return createTweet(req, res);
    if (route === 'POST /2/media/upload') return uploadMedia(req, res);
    if (route === 'GET /2/media/upload') return mediaStatus(req, res, url);
    if (route === 'POST /2/media/metadata') return mediaMetadata(req, res);
    if (route === 'GET /2/tweets') return lookupTweets(req, res, url);
    if (route === 'GET /2/tweets/search/recent') return searchRecent(req, res, url);
    const single = /^GET \/2\/tweets\/(\d+)$/.exec(route);
    if (single) return lookupTweet(req, res, single[1]!, url);
    const byUsername = /^GET \/2\/users\/by\/username\/(\w+)$/.exec(route);
    if (byUsername) return userByUsername(req, res, byUsername[1]!);
    const timeline = /^GET \/2\/users\/(\d+)\/tweets$/.exec(route);
    if (timeline) return userTweets(req, res, timeline[1]!, url);
    return problem(res, 404, 'Not Found Error', `${route} is not an endpoint of this API`);
  });
  const { url } = server;
  return {
    url,
    authorizeUrl: `${url}/i/oauth2/authorize`,
    tweets,
    /** Every token request's form, in order (grant types, codes, refresh tokens used). */
    tokenRequests,
    /** Answers the n-th POST /2/tweets from now (1 = the next) with a fault. */
    failTweet(nthFromNow: number, fault: TweetFault) {
      faults.set(tweetCalls + nthFromNow, fault);
    },
    /** Every picture uploaded, by media id. */
    media,
    /** POST /2/media/upload calls answered so far. */
    uploads: () => uploadCalls,
    /** Answers the n-th POST /2/media/upload from now (1 = the next) with a fault. */
    failUpload(nthFromNow: number, fault: MediaFault) {
      mediaFaults.set(uploadCalls + nthFromNow, fault);
    },
    /** Registers another callback URL with the app (a stack's URL is known only once it has started). */
    allowRedirectUri(uri: string) {
      options.redirectUris.push(uri);
    },
    /** Every media id uploaded so far is forgotten, as a day passing would do. */
    expireMedia() {
      for (const item of media.values()) item.expiresAt = 0;
    },
    /** Every access token issued so far stops working, as two hours passing would do. */
    expireAccessTokens() {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    /** A post's public_metrics (like_count, retweet_count, reply_count, quote_count, impression_count). */
    setMetrics(id: string, metrics: Record<string, number>) {
      tweetMetrics.set(id, metrics);
    },
    /** A post's non_public_metrics (impression_count, url_link_clicks, user_profile_clicks). */
    setNonPublicMetrics(id: string, metrics: Record<string, number>) {
      tweetNonPublicMetrics.set(id, metrics);
    },
    /** The next `count` lookups answer 429 with x-rate-limit-reset. */
    rateLimitLookups(count: number) {
      lookupRateLimited = count;
    },
    /** GET /2/tweets and GET /2/tweets/:id calls answered (each one billed by X). */
    lookups: () => lookups,
    /** GET /2/tweets/search/recent calls answered (billed by X). */
    searches: () => searches,
    /**
     * A post of another account (added to the accounts X knows) made `ageMs` ago; its id. Links in
     * its text are what its entities.urls expand to.
     */
    addAuthorPost(account: XAccount, post: { text: string; ageMs?: number; quotePolicy?: Tweet['quotePolicy'] }) {
      accounts.set(account.id, account);
      const createdAt = Date.now() - (post.ageMs ?? 3_600_000);
      const tweet: Tweet = {
        id: nextTweetId(createdAt),
        authorId: account.id,
        text: post.text,
        inReplyTo: null,
        media: [],
        createdAt,
        quoteTweetId: null,
        ...(post.quotePolicy ? { quotePolicy: post.quotePolicy } : {}),
      };
      tweets.push(tweet);
      return tweet.id;
    },
    /** The author deletes a post. */
    deleteTweet(id: string) {
      const tweet = tweets.find((entry) => entry.id === id);
      if (tweet) tweet.deleted = true;
    },
    /** Access tokens issued with `scopes`, as if through the consent flow (tests of reads that need no flow). */
    issueAccessToken(scopes: string[]) {
      return issueTokens(scopes).access_token;
    },
    /** Every access token stops working (the user revoked the app). */
    revokeAccessTokens() {
      accessTokens.clear();
    },
    /** The user revoked the app: no refresh token works any more. */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    close: server.close,
  };
}
