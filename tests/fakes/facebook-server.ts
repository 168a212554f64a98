import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, readText, sendGraphError, sendJson, serveOnLoopback } from './fake-http';

/** A Page post or a comment on one, as the fake Graph holds them. */
export interface GraphPost {
  id: string;
  pageId: string;
  message: string;
  link: string | null;
  /** The post a comment is on; null for a Page post. */
  parentId: string | null;
  /** The photos attached (a post's `attached_media`, a comment's `attachment_id`), in order. */
  photos: PagePhoto[];
  /** Epoch ms. */
  createdAt: number;
}

/**
 * A fault answered instead of the next Page post or comment: a Graph rate limit (code 4, 17, 32 or
 * 613, with `estimated_time_to_regain_access` in minutes), a transient 500, or an invalid token (190).
 */
export type GraphFault =
  | { code: 4 | 17 | 32 | 613; regainMinutes: number }
  | { status: 500 }
  | { code: 190 }
  /** The post or comment is made, but the answer is lost (a transient 500 instead of its id). */
  | { status: 500; madeThenLost: true };

interface Page {
  id: string;
  name: string;
}

/** A photo uploaded to a Page through POST /{page-id}/photos. */
export interface PagePhoto {
  id: string;
  pageId: string;
  bytes: Buffer;
  alt: string | null;
  published: boolean;
  /** The post or comment it was attached to; null while unattached. */
  attachedTo: string | null;
}

/** developers.facebook.com Page photos: JPEG, PNG or GIF (among others), at most 4 MB. */
const MAX_PHOTO_BYTES = 4 * 1024 * 1024;

interface TokenGrant {
  kind: 'code-user' | 'user' | 'page';
  scopes: string[];
  /** The Page a Page token acts as. */
  pageId?: string;
  /** The Pages the user shared with the app at login. */
  pages: string[];
}

const COMMENT_LIMIT = 8000;
const ALL_TASKS = ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'];

/**
 * A local Facebook Graph API (v21.0) for Facebook Login for a Page and Page publishing, checking
 * requests as developers.facebook.com describes them: the login dialog (a real HTML page where the
 * user picks the Pages to share, redirecting to the registered redirect_uri with code and state),
 * /oauth/access_token (client id and secret, single-use code, redirect_uri identical to the
 * dialog's, fb_exchange_token for a long-lived token), /me, /me/accounts with Page tokens,
 * /{page-id}?fields=access_token, /{page-id}/feed and /{post-id}/comments (a Page token of that
 * Page, the permissions each needs, appsecret_proof, 8,000-character comments), reading them back
 * (GET /{page-id}/posts with `since`, GET /{post-id}/comments, newest first), their engagement
 * (GET /{post-id} or /{comment-id} with `fields`), Page photos (POST /{page-id}/photos with a `url`
 * it fetches, JPEG, PNG or GIF up to 4 MB, `published=false`, `alt_text_custom`) attached once each,
 * as a post's `attached_media[n]={"media_fbid":…}` (not with `link`) or a comment's one
 * `attachment_id`, answering errors
 * as `{ error: { message, type, code } }`. Faults can be queued per post or comment.
 */
export async function startFacebookServer(options: {
  appId: string;
  appSecret: string;
  redirectUris: string[];
  user: { id: string; name: string };
  pages: Page[];
}) {
  const posts: GraphPost[] = [];
  const faults = new Map<number, GraphFault>();
  const tokens = new Map<string, TokenGrant>();
  const codes = new Map<string, { redirectUri: string; scopes: string[]; pages: string[] }>();
  const consents = new Map<string, { redirectUri: string; state: string; scopes: string[] }>();
  let publishCalls = 0;
  let nextId = 1000;
  const photos = new Map<string, PagePhoto>();
  /** Photo uploads still to fail with a transient 500, one each. */
  let photoFailures = 0;
  /** What Facebook counts on a post or comment (reactions, comments or replies, shares); none until set. */
  const engagement = new Map<string, { reactions: number; comments: number; shares: number }>();
  let readsRateLimited = 0;

  const readForm = async (req: IncomingMessage) => new URLSearchParams(await readText(req));
  const issue = (grant: TokenGrant) => {
    const token = `EAA${randomBytes(24).toString('base64url')}`;
    tokens.set(token, grant);
    return token;
  };
  /** The grant of the request's token, checked with its appsecret_proof; otherwise answers and returns null. */
  const authenticate = (res: ServerResponse, params: URLSearchParams): TokenGrant | null => {
    const token = params.get('access_token') ?? '';
    const grant = tokens.get(token);
    if (!grant || grant.kind === 'code-user') {
      sendGraphError(res, 400, {
        message:
          'Error validating access token: The session has been invalidated because the user changed their password.',
        code: 190,
        error_subcode: 460,
      });
      return null;
    }
    const proof = createHmac('sha256', options.appSecret).update(token).digest('hex');
    if (params.get('appsecret_proof') !== proof) {
      sendGraphError(res, 400, { message: 'Invalid appsecret_proof provided in the API argument', code: 100 });
      return null;
    }
    return grant;
  };

  const dialog = (res: ServerResponse, url: URL) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const scopes = (q.get('scope') ?? '').split(',').filter(Boolean);
    const problems = [
      q.get('client_id') !== options.appId && 'Invalid App ID',
      !options.redirectUris.includes(redirectUri) &&
        "URL blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
      q.get('response_type') !== 'code' && 'response_type must be code',
      !q.get('state') && 'state is required',
      scopes.some((scope) => scope.includes(' ')) && 'Invalid Scopes: scopes are comma-separated',
    ].filter(Boolean);
    if (problems.length > 0) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><title>Error</title><p>${escapeHtml(problems.join('; '))}</p>`);
    }
    const consentId = randomBytes(12).toString('base64url');
    consents.set(consentId, { redirectUri, state: q.get('state')!, scopes });
    const choices = options.pages
      .map(
        (page) =>
          `<label><input type="checkbox" name="page" value="${page.id}" checked> ${escapeHtml(page.name)}</label>`,
      )
      .join('\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><title>Log in with Facebook</title></head>
<body><main>
<h1>ThreadSnip is requesting access to your Pages</h1>
<p>Continue as ${escapeHtml(options.user.name)}. Requested: ${escapeHtml(scopes.join(', '))}.</p>
<form method="post" action="/v21.0/dialog/oauth/consent">
<input type="hidden" name="consent" value="${consentId}">
<fieldset><legend>Choose the Pages ThreadSnip can use</legend>
${choices}
</fieldset>
<button type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>
</main></body></html>`);
  };

  const decide = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await readForm(req);
    const consent = consents.get(form.get('consent') ?? '');
    if (!consent) return sendGraphError(res, 400, { message: 'This login request has expired.', code: 100 });
    consents.delete(form.get('consent')!);
    const target = new URL(consent.redirectUri);
    target.searchParams.set('state', consent.state);
    if (form.get('decision') === 'allow') {
      const code = `AQ${randomBytes(24).toString('base64url')}`;
      codes.set(code, { redirectUri: consent.redirectUri, scopes: consent.scopes, pages: form.getAll('page') });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_code', '200');
      target.searchParams.set('error_description', 'Permissions error');
      target.searchParams.set('error_reason', 'user_denied');
    }
    // Facebook appends this fragment to the redirect.
    target.hash = '_=_';
    res.writeHead(302, { location: target.toString() });
    res.end();
  };

  const accessToken = (res: ServerResponse, params: URLSearchParams) => {
    if (params.get('client_id') !== options.appId || params.get('client_secret') !== options.appSecret) {
      return sendGraphError(res, 400, { message: 'Error validating client secret.', code: 1, error_subcode: 0 });
    }
    if (params.get('grant_type') === 'fb_exchange_token') {
      const short = tokens.get(params.get('fb_exchange_token') ?? '');
      if (short?.kind !== 'code-user') {
        return sendGraphError(res, 400, { message: 'Invalid OAuth access token.', code: 190 });
      }
      const long = issue({ kind: 'user', scopes: short.scopes, pages: short.pages });
      return sendJson(res, 200, { access_token: long, token_type: 'bearer', expires_in: 5_184_000 });
    }
    const code = codes.get(params.get('code') ?? '');
    codes.delete(params.get('code') ?? '');
    if (!code) {
      return sendGraphError(res, 400, {
        message: 'This authorization code has been used.',
        code: 100,
        error_subcode: 36009,
      });
    }
    if (params.get('redirect_uri') !== code.redirectUri) {
      return sendGraphError(res, 400, {
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        code: 100,
        error_subcode: 36008,
      });
    }
    const short = issue({ kind: 'code-user', scopes: code.scopes, pages: code.pages });
    return sendJson(res, 200, { access_token: short, token_type: 'bearer', expires_in: 5_400 });
  };

  const pageToken = (userGrant: TokenGrant, pageId: string) =>
    issue({ kind: 'page', scopes: userGrant.scopes, pageId, pages: userGrant.pages });

  /** Facebook fetches a photo's `url` itself: a JPEG, PNG or GIF of at most 4 MB, or null. */
  const fetchPhoto = async (url: string): Promise<Buffer | null> => {
    try {
      const answer = await fetch(url, { redirect: 'error' });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const known =
        (bytes[0] === 0xff && bytes[1] === 0xd8) ||
        bytes.subarray(1, 4).toString('latin1') === 'PNG' ||
        bytes.subarray(0, 3).toString('latin1') === 'GIF';
      return answer.ok && known && bytes.length <= MAX_PHOTO_BYTES ? bytes : null;
    } catch {
      return null;
    }
  };

  /** POST /{page-id}/photos: `url` (fetched) or a refusal, `published`, `alt_text_custom`; a Page token of that Page. */
  const uploadPhoto = async (res: ServerResponse, grant: TokenGrant, pageId: string, params: URLSearchParams) => {
    if (grant.kind !== 'page' || grant.pageId !== pageId || !grant.scopes.includes('pages_manage_posts')) {
      return sendGraphError(res, 403, { message: '(#200) Permissions error', code: 200 });
    }
    if (photoFailures > 0) {
      photoFailures -= 1;
      return sendGraphError(res, 500, { message: 'An unexpected error has occurred.', code: 2, is_transient: true });
    }
    const url = params.get('url');
    if (!url) return sendGraphError(res, 400, { message: '(#324) Requires upload file', code: 324 });
    const bytes = await fetchPhoto(url);
    if (!bytes) return sendGraphError(res, 400, { message: '(#324) Missing or invalid image file', code: 324 });
    const photo: PagePhoto = {
      id: String(nextId++),
      pageId,
      bytes,
      alt: params.get('alt_text_custom'),
      published: params.get('published') !== 'false',
      attachedTo: null,
    };
    photos.set(photo.id, photo);
    return sendJson(res, 200, { id: photo.id, ...(photo.published ? { post_id: `${pageId}_${nextId++}` } : {}) });
  };

  /** The unpublished, unattached photos of `pageId` that `ids` name, or the Graph message refusing them. */
  const attachable = (pageId: string, ids: string[]): PagePhoto[] | string => {
    const found = ids.map((id) => photos.get(id));
    if (found.some((photo) => !photo || photo.pageId !== pageId || photo.published || photo.attachedTo)) {
      return '(#100) attached media must be unpublished photos of this Page, each attached once';
    }
    return found as PagePhoto[];
  };

  const publish = (res: ServerResponse, grant: TokenGrant, target: string, params: URLSearchParams, edge: string) => {
    publishCalls += 1;
    const fault = faults.get(publishCalls);
    const lost = fault && 'madeThenLost' in fault;
    const transient = () =>
      sendGraphError(res, 500, {
        message: 'An unexpected error has occurred. Please retry your request later.',
        code: 2,
        is_transient: true,
      });
    if (fault && !lost) {
      if ('status' in fault) return transient();
      if (fault.code === 190) {
        return sendGraphError(res, 400, { message: 'Error validating access token: Session has expired.', code: 190 });
      }
      const usage = {
        [target]: [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: fault.regainMinutes }],
      };
      return sendGraphError(
        res,
        400,
        { message: '(#32) Page request limit reached', code: fault.code },
        { 'x-business-use-case-usage': JSON.stringify(usage) },
      );
    }
    const message = params.get('message') ?? '';
    const mediaParams = [...params.keys()].filter((key) => /^attached_media\[\d+\]$/.test(key));
    const attachmentId = params.get('attachment_id');
    if (!message.trim() && mediaParams.length === 0 && !attachmentId)
      return sendGraphError(res, 400, { message: '(#100) Missing message or attachment', code: 100 });
    let mediaIds: string[] = [];
    try {
      mediaIds = mediaParams.map((key) =>
        String((JSON.parse(params.get(key)!) as { media_fbid?: unknown }).media_fbid),
      );
    } catch {
      return sendGraphError(res, 400, { message: '(#100) attached_media must be {"media_fbid":…}', code: 100 });
    }
    if (edge === 'feed') {
      if (grant.kind !== 'page' || grant.pageId !== target) {
        return sendGraphError(res, 403, {
          message:
            '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
          code: 200,
        });
      }
      if (!grant.scopes.includes('pages_manage_posts') || !grant.scopes.includes('pages_read_engagement')) {
        return sendGraphError(res, 403, {
          message: "(#200) The user hasn't authorized the application to perform this action",
          code: 200,
        });
      }
      if (edge === 'feed' && mediaIds.length > 0 && params.get('link')) {
        return sendGraphError(res, 400, {
          message: '(#100) A post cannot carry both a link and attached media',
          code: 100,
        });
      }
      const attached = attachable(target, mediaIds);
      if (typeof attached === 'string') return sendGraphError(res, 400, { message: attached, code: 100 });
      const post: GraphPost = {
        id: `${target}_${nextId++}`,
        pageId: target,
        message,
        link: params.get('link'),
        parentId: null,
        photos: attached,
        createdAt: Date.now(),
      };
      for (const photo of attached) photo.attachedTo = post.id;
      posts.push(post);
      if (lost) return transient();
      return sendJson(res, 200, { id: post.id });
    }
    const parent = posts.find((post) => post.id === target && post.parentId === null);
    if (!parent) {
      return sendGraphError(res, 400, {
        message: `(#100) Unsupported post request. Object with ID '${target}' does not exist`,
        code: 100,
      });
    }
    if (grant.kind !== 'page' || grant.pageId !== parent.pageId || !grant.scopes.includes('pages_manage_engagement')) {
      return sendGraphError(res, 403, { message: '(#200) Permissions error', code: 200 });
    }
    if (message.length > COMMENT_LIMIT)
      return sendGraphError(res, 400, { message: '(#1) Comment is too long', code: 1 });
    if (mediaIds.length > 0) {
      return sendGraphError(res, 400, { message: '(#100) Param attached_media is not a comment field', code: 100 });
    }
    const attached = attachable(parent.pageId, attachmentId ? [attachmentId] : []);
    if (typeof attached === 'string') return sendGraphError(res, 400, { message: attached, code: 100 });
    const comment: GraphPost = {
      id: `${target.split('_')[1]}_${nextId++}`,
      pageId: parent.pageId,
      message,
      link: null,
      parentId: parent.id,
      photos: attached,
      createdAt: Date.now(),
    };
    for (const photo of attached) photo.attachedTo = comment.id;
    posts.push(comment);
    if (lost) return transient();
    return sendJson(res, 200, { id: comment.id });
  };

  /** GET /{page-id}/posts and GET /{post-id}/comments: what a Page token of that Page may read back. */
  const readBack = (res: ServerResponse, grant: TokenGrant, target: string, edge: string, params: URLSearchParams) => {
    const limit = Math.min(Number(params.get('limit') ?? '25') || 25, 100);
    const fields = (params.get('fields') ?? 'id').split(',');
    const shown = (post: GraphPost) => ({
      id: post.id,
      ...(fields.includes('message') ? { message: post.message } : {}),
      ...(fields.includes('created_time')
        ? { created_time: new Date(post.createdAt).toISOString().replace(/\.\d+Z$/, '+0000') }
        : {}),
      ...(fields.includes('from')
        ? { from: { id: post.pageId, name: options.pages.find((page) => page.id === post.pageId)?.name ?? '' } }
        : {}),
    });
    const pageId = edge === 'posts' ? target : posts.find((post) => post.id === target)?.pageId;
    if (!pageId) {
      return sendGraphError(res, 400, { message: `(#100) Object with ID '${target}' does not exist`, code: 100 });
    }
    if (grant.kind !== 'page' || grant.pageId !== pageId || !grant.scopes.includes('pages_read_engagement')) {
      return sendGraphError(res, 403, {
        message: '(#10) This endpoint requires the pages_read_engagement permission',
        code: 10,
      });
    }
    const since = Number(params.get('since') ?? '0') * 1000;
    const found = posts
      .filter((post) =>
        edge === 'posts'
          ? post.pageId === target && post.parentId === null && post.createdAt >= since
          : post.parentId === target,
      )
      .reverse()
      .slice(0, limit)
      .map(shown);
    return sendJson(res, 200, { data: found });
  };

  /** A `fields` list split at its top-level commas (`reactions.summary(total_count).limit(0)` is one field). */
  const fieldList = (fields: string) => {
    const found: string[] = [];
    let depth = 0;
    let current = '';
    for (const char of fields) {
      if (char === ',' && depth === 0) {
        found.push(current);
        current = '';
        continue;
      }
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      current += char;
    }
    if (current) found.push(current);
    return found;
  };

  /**
   * GET /{page-post-id} and GET /{comment-id} with `fields`: a Page token of the post's Page with
   * pages_read_engagement. A Page post answers `reactions` and `comments` (edges, with
   * `.summary(total_count)`), and `shares` (left out when nobody shared it); a comment answers
   * `like_count` and `comment_count`. A field the node does not have is error 100; a deleted object
   * is error 100, subcode 33.
   */
  const readObject = (res: ServerResponse, grant: TokenGrant, id: string, params: URLSearchParams) => {
    if (readsRateLimited > 0) {
      readsRateLimited -= 1;
      const usage = { [id.split('_')[0]!]: [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 7 }] };
      return sendGraphError(
        res,
        400,
        { message: '(#32) Page request limit reached', code: 32 },
        { 'x-business-use-case-usage': JSON.stringify(usage) },
      );
    }
    const object = posts.find((post) => post.id === id);
    if (!object) {
      return sendGraphError(res, 400, {
        message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      });
    }
    if (grant.kind !== 'page' || grant.pageId !== object.pageId || !grant.scopes.includes('pages_read_engagement')) {
      return sendGraphError(res, 403, {
        message: '(#10) This endpoint requires the pages_read_engagement permission',
        code: 10,
      });
    }
    const counted = engagement.get(id) ?? { reactions: 0, comments: 0, shares: 0 };
    const isComment = object.parentId !== null;
    const body: Record<string, unknown> = { id };
    for (const field of fieldList(params.get('fields') ?? 'id')) {
      const [name = '', ...modifiers] = field.split('.');
      const summary = modifiers.some((modifier) => modifier.startsWith('summary('));
      if (name === 'id') continue;
      if (!isComment && (name === 'reactions' || name === 'comments')) {
        const total = name === 'reactions' ? counted.reactions : counted.comments;
        body[name] = { data: [], ...(summary ? { summary: { total_count: total } } : {}) };
      } else if (!isComment && name === 'shares') {
        if (counted.shares > 0) body.shares = { count: counted.shares };
      } else if (isComment && name === 'like_count') body.like_count = counted.reactions;
      else if (isComment && name === 'comment_count') body.comment_count = counted.comments;
      else if (name === 'message') body.message = object.message;
      else {
        return sendGraphError(res, 400, {
          message: `(#100) Tried accessing nonexisting field (${name}) on node type (${isComment ? 'Comment' : 'PagePost'})`,
          code: 100,
        });
      }
    }
    return sendJson(res, 200, body);
  };

  const server = await serveOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/v21.0/dialog/oauth') return dialog(res, url);
    if (req.method === 'POST' && path === '/v21.0/dialog/oauth/consent') return decide(req, res);
    const params = req.method === 'POST' ? await readForm(req) : url.searchParams;
    if (path === '/v21.0/oauth/access_token') return accessToken(res, params);
    const grant = authenticate(res, params);
    if (!grant) return;
    if (req.method === 'GET' && path === '/v21.0/me') {
      const page = options.pages.find((candidate) => candidate.id === grant.pageId);
      return sendJson(res, 200, page ? { id: page.id, name: page.name } : options.user);
    }
    if (req.method === 'GET' && path === '/v21.0/me/accounts') {
      if (grant.kind !== 'user')
        return sendGraphError(res, 400, { message: '(#100) Tried accessing nonexisting field (accounts)', code: 100 });
      if (!grant.scopes.includes('pages_show_list')) return sendJson(res, 200, { data: [] });
      const shared = options.pages.filter((page) => grant.pages.includes(page.id));
      return sendJson(res, 200, {
        data: shared.map((page) => ({
          id: page.id,
          name: page.name,
          category: 'Media/news company',
          access_token: pageToken(grant, page.id),
          tasks: ALL_TASKS,
        })),
        paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } },
      });
    }
    const match = /^\/v21\.0\/([\w]+)(?:\/(feed|comments))?$/.exec(path);
    if (match && req.method === 'GET' && !match[2] && match[1]!.includes('_')) {
      return readObject(res, grant, match[1]!, params);
    }
    if (match && req.method === 'GET' && !match[2]) {
      const pageId = match[1]!;
      if (grant.kind !== 'user' || !grant.pages.includes(pageId)) {
        return sendGraphError(res, 400, { message: `(#100) Object with ID '${pageId}' does not exist`, code: 100 });
      }
      return sendJson(res, 200, { id: pageId, access_token: pageToken(grant, pageId) });
    }
    const photoUpload = /^\/v21\.0\/(\w+)\/photos$/.exec(path);
    if (photoUpload && req.method === 'POST') return uploadPhoto(res, grant, photoUpload[1]!, params);
    if (match && req.method === 'POST' && match[2]) return publish(res, grant, match[1]!, params, match[2]);
    const reading = /^\/v21\.0\/([\w]+)\/(posts|comments)$/.exec(path);
    if (reading && req.method === 'GET') return readBack(res, grant, reading[1]!, reading[2]!, params);
    return sendGraphError(res, 400, { message: `Unknown path components: ${path}`, code: 2500 });
  });
  const { url } = server;
  return {
    graphUrl: `${url}/v21.0`,
    dialogUrl: `${url}/v21.0/dialog/oauth`,
    posts,
    /** Registers another redirect URI with the app (a stack's URL is known only once it has started). */
    allowRedirectUri(uri: string) {
      options.redirectUris.push(uri);
    },
    /** Answers the n-th Page post or comment from now (1 = the next) with a fault. */
    failPublish(nthFromNow: number, fault: GraphFault) {
      faults.set(publishCalls + nthFromNow, fault);
    },
    /** Every photo uploaded to a Page, by id. */
    photos,
    /** The next `count` photo uploads answer a transient 500. */
    failPhotoUploads(count: number) {
      photoFailures = count;
    },
    /** A Page token of this Page with these permissions, as /me/accounts hands them out. */
    issuePageToken(pageId: string, scopes: string[]) {
      return issue({ kind: 'page', scopes, pageId, pages: [pageId] });
    },
    /** Sets what Facebook counts on a post (reactions, comments, shares) or a comment (likes, replies). */
    setEngagement(id: string, counted: { reactions: number; comments: number; shares?: number }) {
      engagement.set(id, { shares: 0, ...counted });
    },
    /** The Page deletes a post or comment. */
    deletePost(id: string) {
      const index = posts.findIndex((post) => post.id === id);
      if (index >= 0) posts.splice(index, 1);
    },
    /** Answers the next `times` reads with the Page-level rate limit (code 32). */
    rateLimitReads(times: number) {
      readsRateLimited = times;
    },
    /** The user changed their password: every token issued so far stops working. */
    invalidateTokens() {
      tokens.clear();
    },
    close: server.close,
  };
}
