import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, readText, sendGraphError, sendJson, serveOnLoopback } from './fake-http';

/** A published Threads post or reply, as the fake holds it. */
export interface MetaThreadsMedia {
  id: string;
  userId: string;
  text: string;
  /** The post this one replies to; null for a thread's first post. */
  replyToId: string | null;
  /** The container it was published from. */
  containerId: string;
  /** TEXT, IMAGE or CAROUSEL. */
  mediaType: string;
  /** The pictures Threads fetched for it, in order (a carousel's children's). */
  pictures: FetchedPicture[];
  permalink: string;
  /** Epoch ms. */
  createdAt: number;
  /** The profile's username (another profile's post, added with `addProfilePost`); absent: the app's user. */
  username?: string;
  /** The link the post previews (`link_attachment_url`), or none. */
  linkAttachmentUrl?: string | null;
  /** The post it quotes (`quote_post_id`), or null. */
  quotedPostId?: string | null;
  /** Whether others may quote it; `false`: the author turned quoting off. Absent: they may. */
  quotable?: boolean;
}

type Status = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';

/** A picture Threads fetched from a container's image_url. */
export interface FetchedPicture {
  url: string;
  alt: string | null;
  bytes: Buffer;
}

interface Container {
  id: string;
  userId: string;
  quotePostId: string | null;
  mediaType: 'TEXT' | 'IMAGE' | 'CAROUSEL';
  isCarouselItem: boolean;
  pictures: FetchedPicture[];
  text: string;
  replyToId: string | null;
  status: Status;
  errorMessage?: string;
  /** Status reads left before an IN_PROGRESS container is FINISHED (Infinity: stuck). */
  pollsLeft: number;
}

/**
 * What the next container (or publish) gets instead of the normal flow: a container that stays
 * IN_PROGRESS for `polls` status reads (Infinity: stuck), ends in ERROR or EXPIRED; a publish that
 * is made but answered with a 500 (its answer lost); a 429 with Retry-After (`transient`: its body
 * says is_transient, as Threads' throttling answers may).
 */
export type ContainerFault = { inProgressPolls: number } | { ends: 'ERROR' | 'EXPIRED' };
export type PublishFault = { lostAnswer: true } | { status: 429; retryAfter: number; transient?: boolean };

interface Grant {
  kind: 'short' | 'long';
  userId: string;
  scopes: string[];
  /** Epoch ms; tests move it back to age a token. */
  issuedAt: number;
  expiresAt: number;
}

const TEXT_LIMIT = 500;
/** developers.facebook.com/docs/threads/posts media specifications: JPEG or PNG, 8 MB; a carousel takes 2 to 20 items. */
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const CAROUSEL_ITEMS = { min: 2, max: 20 };
const ALT_TEXT_LIMIT = 1000;
const LINK_LIMIT = 5;
const DAY_MS = 86_400_000;
const LONG_LIVED_SECONDS = 5_184_000;

/** Threads' count (developers.facebook.com/docs/threads/posts): characters, an emoji as its UTF-8 bytes. */
function threadsCount(text: string): number {
  let total = 0;
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
    total += /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(segment) ? Buffer.byteLength(segment) : 1;
  }
  return total;
}

/**
 * A local Threads API (graph.threads.net) that checks requests as developers.facebook.com/docs/threads
 * describes them: the Authorization Window (a real page listing the comma-separated permissions, each
 * of which the user may untick, redirecting with code and state), POST /oauth/access_token (client
 * id and secret in the form, single-use code, the same redirect_uri; answers `{access_token,
 * user_id}` without token_type, as the docs show), GET /access_token th_exchange_token (client
 * secret, a short-lived token) and GET /refresh_access_token th_refresh_token (a long-lived token
 * at least a day old, not expired), /me, POST /{user-id}/threads (media_type TEXT, text within 500
 * characters with emoji counted as UTF-8 bytes and at most 5 distinct links, reply_to_id of a
 * published post of the same profile's thread; IMAGE with an image_url it fetches (JPEG or PNG,
 * 8 MB; ERROR when it cannot) and alt_text ≤ 1,000, as a carousel item with is_carousel_item=true;
 * CAROUSEL with 2 to 20 FINISHED item containers as `children`), GET /{container-id}?fields=status,error_message
 * (IN_PROGRESS → FINISHED → PUBLISHED), POST /{user-id}/threads_publish (a FINISHED container, once;
 * the 250-post and 1,000-reply 24-hour quotas), GET /{user-id}/threads_publishing_limit, reading back
 * (GET /{user-id}/threads with since, GET /{media-id}/replies, GET /{media-id}?fields=permalink).
 * Errors are Graph's `{ error: { message, type, code } }`; each call checks the permission it needs.
 * For quoting an author's own post: other profiles' posts (`addProfilePost`), GET /keyword_search
 * (threads_keyword_search; q, search_type TOP/RECENT, author_username; public posts only once the app
 * is approved for the permission, the user's own before) and `quote_post_id` on a container (a post
 * that exists, not deleted, whose author allows quoting).
 */
/** The media insights metrics the Threads API documents. */
const INSIGHT_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'];

export async function startMetaThreadsServer(options: {
  appId: string;
  appSecret: string;
  redirectUris: string[];
  user: { id: string; username: string };
  /** Whether the app is approved for threads_keyword_search (public posts searchable); default true. */
  keywordSearchApproved?: boolean;
}) {
  const media: MetaThreadsMedia[] = [];
  const containers = new Map<string, Container>();
  const tokens = new Map<string, Grant>();
  const codes = new Map<string, { redirectUri: string; scopes: string[] }>();
  const consents = new Map<string, { redirectUri: string; state: string; scopes: string[] }>();
  const containerFaults: ContainerFault[] = [];
  const publishFaults: PublishFault[] = [];
  const usage = { posts: 0, replies: 0 };
  const stats = { containersCreated: 0, publishCalls: 0, quotaChecks: 0, refreshes: 0, searches: 0 };
  /** When each threads_publish call arrived (epoch ms), to see how long a client waited after a 429. */
  const publishCallTimes: number[] = [];
  let nextId = 17_840_000_000;
  const insights = new Map<string, Record<string, number>>();
  const deletedMedia = new Set<string>();
  let insightsRateLimited = 0;

  const issue = (grant: Grant) => {
    const token = `TH${randomBytes(24).toString('base64url')}`;
    tokens.set(token, grant);
    return token;
  };
  /** The long-lived grant of the request's token; otherwise answers (code 190) and returns null. */
  const authenticate = (res: ServerResponse, params: URLSearchParams): Grant | null => {
    const grant = tokens.get(params.get('access_token') ?? '');
    if (!grant || grant.expiresAt < Date.now()) {
      sendGraphError(res, 400, { message: 'Error validating access token: Session has expired.', code: 190 });
      return null;
    }
    return grant;
  };
  const lacks = (res: ServerResponse, grant: Grant, ...scopes: string[]) => {
    if (scopes.every((scope) => grant.scopes.includes(scope))) return false;
    sendGraphError(res, 403, { message: '(#10) Application does not have permission for this action', code: 10 });
    return true;
  };

  const authorizeWindow = (res: ServerResponse, url: URL) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const scopes = (q.get('scope') ?? '').split(',').filter(Boolean);
    const problems = [
      q.get('client_id') !== options.appId && 'Invalid platform app',
      !options.redirectUris.includes(redirectUri) && 'Invalid redirect_uri: it is not one of the valid OAuth URIs',
      q.get('response_type') !== 'code' && 'response_type must be code',
      !scopes.includes('threads_basic') && 'threads_basic is required',
      scopes.some((scope) => scope.includes(' ')) && 'Invalid scope: permissions are comma-separated',
    ].filter(Boolean);
    if (problems.length > 0) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><title>Error</title><p>${escapeHtml(problems.join('; '))}</p>`);
    }
    const consentId = randomBytes(12).toString('base64url');
    consents.set(consentId, { redirectUri, state: q.get('state') ?? '', scopes });
    const choices = scopes
      .map(
        (scope) =>
          `<label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked> ${escapeHtml(scope)}</label>`,
      )
      .join('\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><title>Threads</title></head>
<body><main>
<h1>Allow ThreadSnip to access your Threads profile?</h1>
<p>Continue as @${escapeHtml(options.user.username)}.</p>
<form method="post" action="/oauth/authorize/consent">
<input type="hidden" name="consent" value="${consentId}">
<fieldset><legend>Permissions</legend>
${choices}
</fieldset>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>
</main></body></html>`);
  };

  const decide = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readText(req));
    const consent = consents.get(form.get('consent') ?? '');
    if (!consent) return sendGraphError(res, 400, { message: 'This authorization request has expired.', code: 100 });
    consents.delete(form.get('consent')!);
    const target = new URL(consent.redirectUri);
    if (consent.state) target.searchParams.set('state', consent.state);
    if (form.get('decision') === 'allow') {
      const code = `AQ${randomBytes(24).toString('base64url')}`;
      codes.set(code, { redirectUri: consent.redirectUri, scopes: form.getAll('scope') });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_reason', 'user_denied');
      target.searchParams.set('error_description', 'Permissions error');
    }
    // Threads appends this fragment to the redirect.
    target.hash = '_';
    res.writeHead(302, { location: target.toString() });
    res.end();
  };

  const exchangeCode = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return sendGraphError(res, 400, { message: 'Unsupported get request.', code: 100 });
    const form = new URLSearchParams(await readText(req));
    if (form.get('client_id') !== options.appId || form.get('client_secret') !== options.appSecret) {
      return sendGraphError(res, 400, { message: 'Error validating client secret.', code: 1 });
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return sendGraphError(res, 400, { message: 'Unsupported grant_type', code: 100 });
    }
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!code) return sendGraphError(res, 400, { message: 'Invalid verification code format.', code: 100 });
    if (form.get('redirect_uri') !== code.redirectUri) {
      return sendGraphError(res, 400, {
        message: 'Error validating verification code: redirect_uri mismatch',
        code: 100,
      });
    }
    const now = Date.now();
    const token = issue({
      kind: 'short',
      userId: options.user.id,
      scopes: code.scopes,
      issuedAt: now,
      expiresAt: now + 3_600_000,
    });
    return sendJson(res, 200, { access_token: token, user_id: Number(options.user.id) });
  };

  const longLived = (res: ServerResponse, req: IncomingMessage, params: URLSearchParams, refresh: boolean) => {
    if (req.method !== 'GET') return sendGraphError(res, 400, { message: 'Unsupported post request.', code: 100 });
    const grant = tokens.get(params.get('access_token') ?? '');
    const now = Date.now();
    if (!grant || grant.expiresAt < now) {
      return sendGraphError(res, 400, { message: 'Error validating access token: Session has expired.', code: 190 });
    }
    if (refresh) {
      if (params.get('grant_type') !== 'th_refresh_token' || grant.kind !== 'long') {
        return sendGraphError(res, 400, { message: 'Invalid grant_type or token for a refresh', code: 100 });
      }
      if (now - grant.issuedAt < DAY_MS) {
        return sendGraphError(res, 400, {
          message: 'A long-lived token can be refreshed once it is a day old',
          code: 100,
        });
      }
      stats.refreshes += 1;
    } else if (
      params.get('grant_type') !== 'th_exchange_token' ||
      params.get('client_secret') !== options.appSecret ||
      grant.kind !== 'short'
    ) {
      return sendGraphError(res, 400, { message: 'Invalid client secret, grant_type or short-lived token', code: 100 });
    }
    const token = issue({
      kind: 'long',
      userId: grant.userId,
      scopes: grant.scopes,
      issuedAt: now,
      expiresAt: now + LONG_LIVED_SECONDS * 1000,
    });
    return sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
  };

  /** The thread's first post a media object belongs to. */
  const rootOf = (item: MetaThreadsMedia): MetaThreadsMedia => {
    const parent = item.replyToId ? media.find((candidate) => candidate.id === item.replyToId) : undefined;
    return parent ? rootOf(parent) : item;
  };

  /**
   * Threads fetches an IMAGE container's image_url itself (it must be public): a JPEG or PNG of at
   * most 8 MB, or the container ends in ERROR.
   */
  const fetchPicture = async (url: string): Promise<Buffer | null> => {
    try {
      const answer = await fetch(url, { redirect: 'error' });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
      const png = bytes.subarray(1, 4).toString('latin1') === 'PNG';
      return answer.ok && (jpeg || png) && bytes.length <= MAX_IMAGE_BYTES ? bytes : null;
    } catch {
      return null;
    }
  };

  /** The children of a CAROUSEL container, or the error message refusing them. */
  const carouselChildren = (grant: Grant, children: string): Container[] | string => {
    const ids = children.split(',').filter(Boolean);
    if (ids.length < CAROUSEL_ITEMS.min || ids.length > CAROUSEL_ITEMS.max) {
      return 'Param children must list 2 to 20 carousel items';
    }
    const found = ids.map((id) => containers.get(id));
    if (found.some((child) => !child || child.userId !== grant.userId || !child.isCarouselItem)) {
      return 'Param children must be carousel item containers of this profile';
    }
    // Documented: every item must be FINISHED before the carousel container is created.
    if (found.some((child) => child!.status !== 'FINISHED')) return 'A carousel item is not ready (status IN_PROGRESS)';
    return found as Container[];
  };

  const createContainer = async (res: ServerResponse, grant: Grant, params: URLSearchParams) => {
    if (lacks(res, grant, 'threads_basic', 'threads_content_publish')) return;
    const mediaType = params.get('media_type');
    const isCarouselItem = params.get('is_carousel_item') === 'true';
    if (mediaType !== 'TEXT' && mediaType !== 'IMAGE' && mediaType !== 'CAROUSEL') {
      return sendGraphError(res, 400, {
        message: 'Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}',
        code: 100,
      });
    }
    if (isCarouselItem && mediaType !== 'IMAGE') {
      return sendGraphError(res, 400, { message: 'Only IMAGE and VIDEO containers can be carousel items', code: 100 });
    }
    const text = params.get('text') ?? '';
    if (mediaType === 'TEXT' && !text.trim()) {
      return sendGraphError(res, 400, { message: 'Param text is required for TEXT posts', code: 100 });
    }
    if (threadsCount(text) > TEXT_LIMIT) {
      return sendGraphError(res, 400, { message: 'Param text must be at most 500 characters long.', code: 100 });
    }
    if (new Set(text.match(/https?:\/\/\S+/g) ?? []).size > LINK_LIMIT) {
      return sendGraphError(res, 400, { message: 'THREADS_API__LINK_LIMIT_EXCEEDED', code: 100 });
    }
    const alt = params.get('alt_text');
    if (alt !== null && (mediaType !== 'IMAGE' || [...alt].length > ALT_TEXT_LIMIT)) {
      return sendGraphError(res, 400, {
        message: 'Param alt_text must be at most 1000 characters, on media',
        code: 100,
      });
    }
    const imageUrl = params.get('image_url');
    if ((mediaType === 'IMAGE') !== Boolean(imageUrl)) {
      return sendGraphError(res, 400, { message: 'Param image_url is required for IMAGE (and only IMAGE)', code: 100 });
    }
    const quotePostId = params.get('quote_post_id');
    if (quotePostId !== null) {
      const quoted = media.find((item) => item.id === quotePostId);
      if (!quoted || deletedMedia.has(quotePostId)) {
        return sendGraphError(res, 400, { message: `Param quote_post_id ${quotePostId} is not a post`, code: 100 });
      }
      if (quoted.quotable === false && quoted.userId !== grant.userId) {
        return sendGraphError(res, 400, { message: 'The author of this post does not allow quoting it', code: 100 });
      }
    }
    let children: Container[] = [];
    if (mediaType === 'CAROUSEL') {
      const found = carouselChildren(grant, params.get('children') ?? '');
      if (typeof found === 'string') return sendGraphError(res, 400, { message: found, code: 100 });
      children = found;
    }
    const replyToId = params.get('reply_to_id');
    if (replyToId) {
      if (isCarouselItem) {
        return sendGraphError(res, 400, { message: 'A carousel item cannot reply; its carousel does', code: 100 });
      }
      const parent = media.find((item) => item.id === replyToId);
      if (!parent)
        return sendGraphError(res, 400, { message: `Param reply_to_id ${replyToId} is not a post`, code: 100 });
      // Only the owner of the root post may reply without the keyword-search or mentions permissions.
      if (rootOf(parent).userId !== grant.userId) {
        return sendGraphError(res, 403, { message: '(#10) You cannot reply to this post', code: 10 });
      }
      if (lacks(res, grant, 'threads_manage_replies')) return;
    }
    stats.containersCreated += 1;
    const fault = containerFaults.shift();
    const bytes = imageUrl ? await fetchPicture(imageUrl) : null;
    const fetchFailed = imageUrl !== null && bytes === null;
    const container: Container = {
      id: String(nextId++),
      userId: grant.userId,
      mediaType,
      isCarouselItem,
      pictures:
        mediaType === 'CAROUSEL'
          ? children.flatMap((child) => child.pictures)
          : imageUrl && bytes
            ? [{ url: imageUrl, alt, bytes }]
            : [],
      text,
      replyToId,
      quotePostId,
      status: fetchFailed ? 'ERROR' : fault && 'ends' in fault ? fault.ends : 'IN_PROGRESS',
      ...(fetchFailed || (fault && 'ends' in fault && fault.ends === 'ERROR') ? { errorMessage: 'UNKNOWN' } : {}),
      pollsLeft: fault && 'inProgressPolls' in fault ? fault.inProgressPolls : 0,
    };
    containers.set(container.id, container);
    return sendJson(res, 200, { id: container.id });
  };

  const readStatus = (res: ServerResponse, container: Container) => {
    if (container.status === 'IN_PROGRESS') {
      if (container.pollsLeft > 0) container.pollsLeft -= 1;
      else container.status = 'FINISHED';
    }
    return sendJson(res, 200, {
      id: container.id,
      status: container.status,
      ...(container.errorMessage ? { error_message: container.errorMessage } : {}),
    });
  };

  const publish = (res: ServerResponse, grant: Grant, params: URLSearchParams) => {
    if (lacks(res, grant, 'threads_basic', 'threads_content_publish')) return;
    stats.publishCalls += 1;
    publishCallTimes.push(Date.now());
    const fault = publishFaults.shift();
    if (fault && 'status' in fault) {
      return sendGraphError(
        res,
        429,
        { message: 'Application request limit reached', code: 4, ...(fault.transient ? { is_transient: true } : {}) },
        { 'retry-after': String(fault.retryAfter) },
      );
    }
    const container = containers.get(params.get('creation_id') ?? '');
    if (!container || container.userId !== grant.userId || container.isCarouselItem) {
      return sendGraphError(res, 400, { message: 'Param creation_id is not a valid container', code: 100 });
    }
    if (container.status !== 'FINISHED') {
      return sendGraphError(res, 400, {
        message: `The media container is not ready to be published (status ${container.status})`,
        code: 24,
        error_subcode: 4279009,
      });
    }
    const reply = container.replyToId !== null;
    if (reply ? usage.replies >= 1000 : usage.posts >= 250) {
      return sendGraphError(res, 400, { message: 'The profile reached its 24-hour publishing limit', code: 9 });
    }
    const shortcode = randomBytes(8).toString('base64url');
    const item: MetaThreadsMedia = {
      id: String(nextId++),
      userId: container.userId,
      text: container.text,
      replyToId: container.replyToId,
      containerId: container.id,
      mediaType: container.mediaType,
      pictures: container.pictures,
      permalink: `https://www.threads.net/@${options.user.username}/post/${shortcode}`,
      createdAt: Date.now(),
      quotedPostId: container.quotePostId,
    };
    media.push(item);
    container.status = 'PUBLISHED';
    if (reply) usage.replies += 1;
    else usage.posts += 1;
    if (fault) {
      return sendGraphError(res, 500, { message: 'An unexpected error has occurred.', code: 2, is_transient: true });
    }
    return sendJson(res, 200, { id: item.id });
  };

  const listed = (item: MetaThreadsMedia, fields: string[]) => ({
    id: item.id,
    ...(fields.includes('text') ? { text: item.text } : {}),
    ...(fields.includes('permalink') ? { permalink: item.permalink } : {}),
    ...(fields.includes('timestamp') ? { timestamp: new Date(item.createdAt).toISOString() } : {}),
    ...(fields.includes('is_reply') ? { is_reply: item.replyToId !== null } : {}),
    ...(fields.includes('is_reply_owned_by_me') ? { is_reply_owned_by_me: item.userId === options.user.id } : {}),
    ...(fields.includes('username') ? { username: item.username ?? options.user.username } : {}),
    ...(fields.includes('link_attachment_url') && item.linkAttachmentUrl
      ? { link_attachment_url: item.linkAttachmentUrl }
      : {}),
  });

  /**
   * GET /keyword_search: `q` (required) matched as words of the text or its link, `search_type`
   * TOP (default) or RECENT (newest first), `author_username` narrowing to one profile; deleted posts
   * and replies' authors' private posts are never answered. Before the app is approved for
   * threads_keyword_search only the user's own posts are searched, as the docs say.
   */
  const keywordSearch = (res: ServerResponse, grant: Grant, params: URLSearchParams, fields: string[]) => {
    if (lacks(res, grant, 'threads_keyword_search')) return;
    stats.searches += 1;
    const q = (params.get('q') ?? '').trim().toLowerCase();
    if (!q) return sendGraphError(res, 400, { message: 'Param q is required', code: 100 });
    const searchType = params.get('search_type') ?? 'TOP';
    if (searchType !== 'TOP' && searchType !== 'RECENT') {
      return sendGraphError(res, 400, { message: 'Param search_type must be one of {TOP, RECENT}', code: 100 });
    }
    const author = params.get('author_username')?.toLowerCase();
    const found = media
      .filter((item) => !deletedMedia.has(item.id))
      .filter((item) => (options.keywordSearchApproved ?? true) || item.userId === grant.userId)
      .filter((item) => !author || (item.username ?? options.user.username).toLowerCase() === author)
      .filter((item) => `${item.text} ${item.linkAttachmentUrl ?? ''}`.toLowerCase().includes(q))
      .sort((a, b) => (searchType === 'RECENT' ? b.createdAt - a.createdAt : a.createdAt - b.createdAt))
      .slice(0, 25);
    return sendJson(res, 200, { data: found.map((item) => listed(item, fields)) });
  };

  const server = await serveOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/oauth/authorize') return authorizeWindow(res, url);
    if (req.method === 'POST' && path === '/oauth/authorize/consent') return decide(req, res);
    if (path === '/oauth/access_token') return exchangeCode(req, res);
    if (path === '/access_token') return longLived(res, req, url.searchParams, false);
    if (path === '/refresh_access_token') return longLived(res, req, url.searchParams, true);
    const params = req.method === 'POST' ? new URLSearchParams(await readText(req)) : url.searchParams;
    const grant = authenticate(res, params);
    if (!grant) return;
    const fields = (params.get('fields') ?? 'id').split(',');
    const match = /^\/v1\.0\/(\w+)(?:\/(\w+))?$/.exec(path);
    if (!match) return sendGraphError(res, 400, { message: `Unknown path components: ${path}`, code: 2500 });
    const [, node, edge] = match as unknown as [string, string, string | undefined];
    const userNode = node === 'me' || node === grant.userId;
    if (lacks(res, grant, 'threads_basic')) return;
    if (req.method === 'GET' && node === 'keyword_search' && !edge) return keywordSearch(res, grant, params, fields);
    if (req.method === 'GET' && node === 'me' && !edge) {
      return sendJson(res, 200, { id: options.user.id, username: options.user.username });
    }
    if (userNode && req.method === 'POST' && edge === 'threads') return createContainer(res, grant, params);
    if (userNode && req.method === 'POST' && edge === 'threads_publish') return publish(res, grant, params);
    if (userNode && req.method === 'GET' && edge === 'threads_publishing_limit') {
      const replyFields = fields.some((field) => field.startsWith('reply_'));
      if (lacks(res, grant, 'threads_content_publish', ...(replyFields ? ['threads_manage_replies'] : []))) return;
      stats.quotaChecks += 1;
      const day = { quota_duration: 86_400 };
      return sendJson(res, 200, {
        data: [
          {
            ...(fields.includes('quota_usage') ? { quota_usage: usage.posts } : {}),
            ...(fields.includes('config') ? { config: { quota_total: 250, ...day } } : {}),
            ...(fields.includes('reply_quota_usage') ? { reply_quota_usage: usage.replies } : {}),
            ...(fields.includes('reply_config') ? { reply_config: { quota_total: 1000, ...day } } : {}),
          },
        ],
      });
    }
    if (userNode && req.method === 'GET' && edge === 'threads') {
      const since = Number(params.get('since') ?? '0') * 1000;
      const limit = Math.min(Number(params.get('limit') ?? '25') || 25, 100);
      const found = media
        .filter((item) => item.userId === grant.userId && item.replyToId === null && item.createdAt >= since)
        .reverse()
        .slice(0, limit)
        .map((item) => listed(item, fields));
      return sendJson(res, 200, { data: found });
    }
    if (req.method === 'GET' && edge === 'insights') {
      // GET /{threads-media-id}/insights?metric=…: threads_manage_insights; only the documented metrics.
      if (lacks(res, grant, 'threads_manage_insights')) return;
      if (insightsRateLimited > 0) {
        insightsRateLimited -= 1;
        return sendGraphError(res, 400, { message: '(#4) Application request limit reached', code: 4 });
      }
      const item = media.find((candidate) => candidate.id === node && candidate.userId === grant.userId);
      if (!item || deletedMedia.has(node)) {
        return sendGraphError(res, 400, {
          message: `Unsupported get request. Object with ID '${node}' does not exist`,
          code: 100,
          error_subcode: 33,
        });
      }
      const metrics = (params.get('metric') ?? '').split(',').filter(Boolean);
      if (metrics.length === 0 || metrics.some((metric) => !INSIGHT_METRICS.includes(metric))) {
        return sendGraphError(res, 400, { message: '(#100) The value must be a valid insights metric', code: 100 });
      }
      const values = insights.get(node) ?? {};
      return sendJson(res, 200, {
        data: metrics.map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: values[name] ?? 0 }],
          title: name,
          description: `The number of ${name} on the post.`,
          id: `${node}/insights/${name}/lifetime`,
        })),
      });
    }
    if (req.method === 'GET' && edge === 'replies') {
      if (lacks(res, grant, 'threads_read_replies')) return;
      const replies = media.filter((item) => item.replyToId === node);
      const ordered = params.get('reverse') === 'false' ? replies : [...replies].reverse();
      return sendJson(res, 200, { data: ordered.map((item) => listed(item, fields)) });
    }
    if (req.method === 'GET' && !edge) {
      const container = containers.get(node);
      if (container && container.userId === grant.userId) return readStatus(res, container);
      const item = media.find((candidate) => candidate.id === node && candidate.userId === grant.userId);
      if (item) return sendJson(res, 200, listed(item, fields));
    }
    return sendGraphError(res, 400, { message: `Object with ID '${node}' does not exist`, code: 100 });
  });
  const { url } = server;
  return {
    apiUrl: `${url}/v1.0`,
    authorizeUrl: `${url}/oauth/authorize`,
    media,
    stats,
    publishCallTimes,
    /** Registers another redirect URI with the app (a stack's URL is known only once it has started). */
    allowRedirectUri(uri: string) {
      options.redirectUris.push(uri);
    },
    /** The next containers made go this way, in order. */
    failContainers(...faults: ContainerFault[]) {
      containerFaults.push(...faults);
    },
    /** The next publish calls go this way, in order. */
    failPublishes(...faults: PublishFault[]) {
      publishFaults.push(...faults);
    },
    /** Posts and replies the profile published in the last 24 hours besides ours. */
    setQuotaUsage(used: { posts: number; replies: number }) {
      Object.assign(usage, used);
    },
    /** Every token issued so far becomes `ms` older (its expiry moves with it). */
    ageTokens(ms: number) {
      for (const grant of tokens.values()) {
        grant.issuedAt -= ms;
        grant.expiresAt -= ms;
      }
    },
    containers: () => [...containers.values()],
    /** A published post's insights (views, likes, replies, reposts, quotes, shares). */
    setInsights(mediaId: string, values: Record<string, number>) {
      insights.set(mediaId, values);
    },
    /** The post is deleted: its insights answer Graph's "does not exist" (code 100, subcode 33). */
    deleteMedia(mediaId: string) {
      deletedMedia.add(mediaId);
    },
    /**
     * A public post of another profile, made `ageMs` ago, previewing `link` when given; its id.
     * `quotable: false`: its author does not allow quoting it.
     */
    addProfilePost(
      profile: { id: string; username: string },
      post: { text: string; link?: string; ageMs?: number; quotable?: boolean },
    ) {
      const item: MetaThreadsMedia = {
        id: String(nextId++),
        userId: profile.id,
        username: profile.username,
        text: post.text,
        replyToId: null,
        containerId: '',
        mediaType: 'TEXT',
        pictures: [],
        permalink: `https://www.threads.net/@${profile.username}/post/${randomBytes(8).toString('base64url')}`,
        createdAt: Date.now() - (post.ageMs ?? 3_600_000),
        linkAttachmentUrl: post.link ?? null,
        quotedPostId: null,
        ...(post.quotable === false ? { quotable: false } : {}),
      };
      media.push(item);
      return item.id;
    },
    /** The next `count` insights calls answer the application request limit (code 4). */
    rateLimitInsights(count: number) {
      insightsRateLimited = count;
    },
    /** A token granting `scopes` to the user, as if through the consent flow and the long-lived exchange. */
    issueToken(scopes: string[]) {
      return issue({
        kind: 'long',
        userId: options.user.id,
        scopes,
        issuedAt: Date.now(),
        expiresAt: Date.now() + 60 * 86_400_000,
      });
    },
    close: server.close,
  };
}
