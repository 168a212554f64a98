import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { generateKeyPair, SignJWT } from 'jose';
import { escapeHtml, readText, sendJson, serveOnLoopback } from './fake-http';

/** A post the fake accepted, as stored (`commentary` in the little format) and as members read it (`text`). */
export interface LinkedInPost {
  id: string;
  author: string;
  commentary: string;
  text: string;
  visibility: string;
  article: { source: string; title?: string; thumbnail?: LinkedInImage; thumbnailAltText?: string } | null;
  /** `content.media` (one) or `content.multiImage.images`, in order, with their altText. */
  images: { image: LinkedInImage; altText: string | null }[];
  createdAt: number;
}

/** A comment the fake accepted under a post (Comments API). */
export interface LinkedInComment {
  id: string;
  commentUrn: string;
  actor: string;
  object: string;
  text: string;
  createdAt: number;
}

/** An image registered through the Images API. */
export interface LinkedInImage {
  id: string;
  owner: string;
  uploadToken: string;
  bytes: Buffer | null;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  /** Status reads still answering PROCESSING before it is AVAILABLE. */
  processingReads: number;
}

/** An organisation page the member administers: its URN and the `localizedName` /rest/organizations answers. */
export interface LinkedInOrganization {
  urn: string;
  name: string;
}

/** What the next upload (PUT of the bytes) does instead of a plain success. */
export type UploadFault = { status: 500 } | { processingReads: number } | { processing: 'failed' };

/** What the next POST /rest/posts answers instead of a plain success. */
export type PostFault =
  /** The post is made, then the answer is lost (a gateway's 504 without the id). */
  { answerLost: true } | { status: 429; retryAfterSeconds: number } | { status: 500 | 503 };

/** What the next POST …/comments answers instead of a plain success. */
export type CommentFault = { answerLost: true } | { status: 500 | 503 };

const TOKEN_SECONDS = 60 * 24 * 3600;
const CODE_MS = 30 * 60_000;
const COMMENTARY_LIMIT = 3000;
/** Posts API: an image's altText is at most 4,086 characters; a multi-image post has 2 to 20 images. */
const ALT_TEXT_LIMIT = 4086;
const MULTI_IMAGE = { min: 2, max: 20 };
// The little format's reserved characters: escaped with a backslash unless they open an element.
const RESERVED = new Set('|{}@[]()<>#\\*_~');
const VERSION_FORM = /^(\d{4})(0[1-9]|1[0-2])$/;

interface Grant {
  sub: string;
  scopes: string[];
  expiresAt: number;
}

/**
 * Reads `commentary` as LinkedIn's little format: a backslash makes the next character plain text;
 * an unescaped reserved character must open a mention `@[Name](urn:li:…)` or a hashtag template
 * `{hashtag|#|tag}`. Returns the text members see, or where the first stray reserved character is.
 */
function readLittle(commentary: string): { text: string } | { strayAt: number } {
  let text = '';
  for (let index = 0; index < commentary.length; index += 1) {
    const char = commentary[index]!;
    if (char === '\\' && index + 1 < commentary.length) {
      text += commentary[index + 1];
      index += 1;
      continue;
    }
    if (!RESERVED.has(char)) {
      text += char;
      continue;
    }
    const rest = commentary.slice(index);
    const element =
      /^@\[([^\]]+)\]\(urn:li:(?:person|organization):\w+\)/.exec(rest) ?? /^\{hashtag\|[#＃]\|(\w+)\}/.exec(rest);
    if (!element) return { strayAt: index };
    text += element[0].startsWith('@') ? element[1] : `#${element[1]}`;
    index += element[0].length - 1;
  }
  return { text };
}

/**
 * The scopes an app with Sign In with LinkedIn using OpenID Connect, Share on LinkedIn and the
 * Community Management API may ask for: the fake's default.
 */
export const LINKEDIN_APP_SCOPES = [
  'openid',
  'profile',
  'email',
  'w_member_social',
  'w_organization_social',
  'r_organization_admin',
] as const;

/**
 * A local LinkedIn for Sign In with LinkedIn (OpenID Connect) and Share on LinkedIn, checking
 * requests as learn.microsoft.com documents them: the authorization page (client, registered
 * redirect URI, state, scopes the app's products allow, else `unauthorized_scope_error`), the token
 * endpoint (client id and secret in the form, single-use codes valid 30 minutes, the same
 * redirect_uri; 60-day tokens, no refresh token, an RS256 ID token), /v2/userinfo, and the Posts
 * API: `LinkedIn-Version` (YYYYMM, active for a year) and `X-Restli-Protocol-Version: 2.0.0` on
 * every /rest call, the bearer token and its scopes, the author URN of the token's member, the
 * commentary in the little format (a stray reserved character refused) within 3,000 characters,
 * LinkedIn's duplicate check (422 DUPLICATE_POST naming the earlier post), the id in `x-restli-id`,
 * and the member's posts by author, newest first (403 without read access, as for apps without
 * r_member_social); the Images API (initializeUpload owned by the member, a PUT of a JPG, GIF or
 * PNG to the uploadUrl with the token, the image PROCESSING then AVAILABLE) and a post's one
 * `content`: `article` (its `thumbnail` an image), `media` or `multiImage` (2 to 20), each image the
 * author's and AVAILABLE, altText ≤ 4,086; the Comments API (`POST /rest/socialActions/{post}/comments`
 * with `actor`, `object` the same post and `message.text`, the id in `x-restli-id`; the post's
 * comments listed with read access). Posts, images and comments are the member's own or, with
 * w_organization_social, an organisation's the member administers; with r_organization_admin the
 * member's roles (`/rest/organizationAcls?q=roleAssignee`, role and state filters) and each
 * administered organisation's `localizedName` (`/rest/organizations/{id}`). Faults: a lost answer after the post is made, 429, 5xx,
 * expired tokens, a failed upload or processing.
 */
export async function startLinkedInServer(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  member: { sub: string; name: string };
  /** The scopes the app's products grant (Sign In with LinkedIn using OpenID Connect, Share on LinkedIn). */
  appScopes?: string[];
  /** The month the fake takes as now, for the versions it keeps active (default: this month). */
  today?: Date;
  /** Organisation pages the member administers (URN urn:li:organization:…, name), whose page they may post as. */
  organizations?: LinkedInOrganization[];
}) {
  const keys = await generateKeyPair('RS256');
  const codes = new Map<string, { redirectUri: string; scopes: string[]; issuedAt: number }>();
  const consents = new Map<string, { redirectUri: string; state: string; scopes: string[] }>();
  const tokens = new Map<string, Grant>();
  const posts: LinkedInPost[] = [];
  const comments: LinkedInComment[] = [];
  const commentFaults: CommentFault[] = [];
  const commentStats = { createCalls: 0 };
  const faults = new Map<number, PostFault>();
  const images = new Map<string, LinkedInImage>();
  const uploadFaults: UploadFault[] = [];
  const imageStats = { initialized: 0, uploaded: 0 };
  const stats = { createCalls: 0, findCalls: 0, tokenCalls: 0, aclCalls: 0, versions: new Set<string>() };
  let appScopes = options.appScopes ?? [...LINKEDIN_APP_SCOPES];
  const organizations = [...(options.organizations ?? [])];
  let postsReadable = true;
  let idTokenIssuer: string | null = null;
  let nextId = 7_100_000_000_000_000_000n;

  const serviceError = (
    res: ServerResponse,
    status: number,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => sendJson(res, status, { status, message, ...extra }, { 'x-restli-protocol-version': '2.0.0', ...headers });

  /** The month number of a YYYYMM version (year × 12 + month), for comparing versions. */
  const monthOf = (year: number, month: number) => year * 12 + month;
  const activeVersion = (version: string) => {
    const match = VERSION_FORM.exec(version);
    if (!match) return false;
    const today = options.today ?? new Date();
    const current = monthOf(today.getUTCFullYear(), today.getUTCMonth() + 1);
    const asked = monthOf(Number(match[1]), Number(match[2]));
    return asked <= current && asked > current - 12;
  };

  const authorization = (res: ServerResponse, url: URL) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    // LinkedIn shows an error page, never a redirect, for a client or redirect it cannot trust.
    if (q.get('client_id') !== options.clientId || !options.redirectUris.includes(redirectUri)) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Error</title><p>The redirect_uri does not match the registered value</p>');
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    const refused = scopes.find((scope) => !appScopes.includes(scope));
    if (q.get('response_type') !== 'code' || !q.get('state') || scopes.length === 0) {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'A required parameter "response_type", "state" or "scope" is missing');
    } else if (refused) {
      back.searchParams.set('error', 'unauthorized_scope_error');
      back.searchParams.set('error_description', `Scope "${refused}" is not authorized for your application`);
    } else {
      const consentId = randomBytes(12).toString('base64url');
      consents.set(consentId, { redirectUri, state: q.get('state')!, scopes });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html>
<html lang="en"><head><title>LinkedIn</title></head>
<body><main>
<h1>ThreadSnip would like to access your LinkedIn account</h1>
<p>Signed in as ${escapeHtml(options.member.name)}. ThreadSnip asks to: ${escapeHtml(scopes.join(', '))}.</p>
<form method="post" action="/oauth/v2/consent">
<input type="hidden" name="consent" value="${consentId}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>
</main></body></html>`);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const decide = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readText(req));
    const consent = consents.get(form.get('consent') ?? '');
    if (!consent) return serviceError(res, 400, 'This authorization request has expired');
    consents.delete(form.get('consent')!);
    const back = new URL(consent.redirectUri);
    back.searchParams.set('state', consent.state);
    if (form.get('decision') === 'allow') {
      const code = `AQ${randomBytes(24).toString('base64url')}`;
      codes.set(code, { redirectUri: consent.redirectUri, scopes: consent.scopes, issuedAt: Date.now() });
      back.searchParams.set('code', code);
    } else {
      back.searchParams.set('error', 'user_cancelled_authorize');
      back.searchParams.set('error_description', 'The user cancelled the authorization');
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const accessToken = async (req: IncomingMessage, res: ServerResponse, issuer: string) => {
    stats.tokenCalls += 1;
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return sendJson(res, 400, { error: 'invalid_request', error_description: 'Content-Type must be form-encoded' });
    }
    const form = new URLSearchParams(await readText(req));
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Refresh tokens are not enabled for this application',
      });
    }
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!code || Date.now() - code.issuedAt > CODE_MS || code.redirectUri !== form.get('redirect_uri')) {
      return sendJson(res, 400, {
        error: 'invalid_request',
        error_description:
          'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.',
      });
    }
    const token = `AQV${randomBytes(32).toString('base64url')}`;
    tokens.set(token, { sub: options.member.sub, scopes: code.scopes, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
    const now = Math.floor(Date.now() / 1000);
    const idToken = code.scopes.includes('openid')
      ? await new SignJWT({ name: options.member.name, email_verified: true })
          .setProtectedHeader({ alg: 'RS256', kid: 'fake-linkedin', typ: 'JWT' })
          .setIssuer(issuer)
          .setAudience(options.clientId)
          .setSubject(options.member.sub)
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(keys.privateKey)
      : undefined;
    return sendJson(res, 200, {
      access_token: token,
      expires_in: TOKEN_SECONDS,
      // LinkedIn lists the granted scopes comma-separated.
      scope: code.scopes.join(','),
      token_type: 'Bearer',
      ...(idToken ? { id_token: idToken } : {}),
    });
  };

  /** The request's grant, or null after answering 401 as LinkedIn does for a missing, expired or unknown token. */
  const authenticate = (req: IncomingMessage, res: ServerResponse): Grant | null => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = tokens.get(token);
    if (!grant) {
      serviceError(res, 401, 'Invalid access token', { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
      return null;
    }
    if (grant.expiresAt <= Date.now()) {
      serviceError(res, 401, 'The token used in the request has expired', {
        serviceErrorCode: 65601,
        code: 'EXPIRED_ACCESS_TOKEN',
      });
      return null;
    }
    return grant;
  };

  /** The headers every /rest call needs; answers and returns false when one is missing or wrong. */
  const versioned = (req: IncomingMessage, res: ServerResponse) => {
    const version = String(req.headers['linkedin-version'] ?? '');
    if (!version) {
      serviceError(
        res,
        400,
        'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        {
          code: 'VERSION_MISSING',
        },
      );
      return false;
    }
    if (!activeVersion(version)) {
      serviceError(res, 426, `Requested version ${version} is not active`, { code: 'NONEXISTENT_VERSION' });
      return false;
    }
    if (req.headers['x-restli-protocol-version'] !== '2.0.0') {
      serviceError(res, 400, 'This endpoint requires X-Restli-Protocol-Version: 2.0.0', { code: 'ILLEGAL_ARGUMENT' });
      return false;
    }
    stats.versions.add(version);
    return true;
  };

  const personOf = (grant: Grant) => `urn:li:person:${grant.sub}`;
  /** The member, or (with w_organization_social) an organisation page they administer. */
  const mayActAs = (grant: Grant, urn: unknown) =>
    urn === personOf(grant) ||
    (grant.scopes.includes('w_organization_social') && organizations.some((page) => page.urn === String(urn)));
  /** Reading the member's roles and their pages takes r_organization_admin or rw_organization_admin. */
  const readsOrganizations = (grant: Grant) =>
    grant.scopes.includes('r_organization_admin') || grant.scopes.includes('rw_organization_admin');

  /**
   * GET /rest/organizationAcls?q=roleAssignee: the member's roles, filtered by `role` and `state`
   * when given; each names the `organization`, the `roleAssignee`, its `role` and `state`.
   */
  const findAcls = (res: ServerResponse, url: URL, grant: Grant) => {
    const q = url.searchParams;
    if (q.get('q') !== 'roleAssignee') {
      return serviceError(res, 400, 'Finder parameter q is required', { code: 'ILLEGAL_ARGUMENT' });
    }
    if (!readsOrganizations(grant)) {
      return serviceError(res, 403, 'Not enough permissions to access: organizationAcls.FINDER-roleAssignee', {
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
      });
    }
    stats.aclCalls += 1;
    const elements = organizations
      .map((page) => ({
        organization: page.urn,
        roleAssignee: personOf(grant),
        role: 'ADMINISTRATOR',
        state: 'APPROVED',
      }))
      .filter(
        (acl) => (!q.get('role') || acl.role === q.get('role')) && (!q.get('state') || acl.state === q.get('state')),
      );
    return sendJson(res, 200, { paging: { start: 0, count: elements.length, links: [] }, elements });
  };

  /** GET /rest/organizations/{id}: an administered organisation's id and localizedName (404 for any other). */
  const getOrganization = (res: ServerResponse, grant: Grant, id: string) => {
    const page = organizations.find((candidate) => candidate.urn === `urn:li:organization:${id}`);
    if (!readsOrganizations(grant) || !page) return serviceError(res, 404, `Organization ${id} not found`);
    return sendJson(res, 200, { id: Number(id), localizedName: page.name, vanityName: page.name.toLowerCase() });
  };

  const createPost = async (req: IncomingMessage, res: ServerResponse, grant: Grant) => {
    if (!grant.scopes.includes('w_member_social')) {
      return serviceError(res, 403, 'Not enough permissions to access: partnerApiPostsExternal.CREATE.NO_VERSION', {
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
      });
    }
    if (!req.headers['content-type']?.startsWith('application/json')) {
      return serviceError(res, 415, 'Unsupported Media Type');
    }
    stats.createCalls += 1;
    const fault = faults.get(stats.createCalls);
    if (fault && 'status' in fault) {
      if (fault.status === 429) {
        return serviceError(
          res,
          429,
          'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
          { code: 'TOO_MANY_REQUESTS' },
          { 'retry-after': String(fault.retryAfterSeconds) },
        );
      }
      return serviceError(res, fault.status, 'Internal Server Error');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readText(req)) as Record<string, unknown>;
    } catch {
      return serviceError(res, 400, 'Unable to parse the request body as JSON');
    }
    const invalid = (field: string, description: string) =>
      serviceError(res, 422, `ERROR :: /${field} :: ${description}`, {
        errorDetails: {
          inputErrors: [{ description, input: { inputPath: { fieldPath: field } }, code: 'INVALID_VALUE' }],
        },
      });
    if (!mayActAs(grant, body.author)) {
      return serviceError(
        res,
        403,
        `Unpermitted fields present in REQUEST_BODY: Data Processing Exception while processing fields [/author]`,
        {
          serviceErrorCode: 100,
          code: 'ACCESS_DENIED',
        },
      );
    }
    if (typeof body.commentary !== 'string') return invalid('commentary', 'field is required but not found');
    if (body.commentary.length > COMMENTARY_LIMIT) {
      return invalid('commentary', `length ${body.commentary.length} exceeds the maximum allowed ${COMMENTARY_LIMIT}`);
    }
    const read = readLittle(body.commentary);
    if ('strayAt' in read) {
      return invalid(
        'commentary',
        `reserved character '${body.commentary[read.strayAt]}' at ${read.strayAt} is not escaped (little text format)`,
      );
    }
    if (!['PUBLIC', 'CONNECTIONS', 'LOGGED_IN'].includes(String(body.visibility))) {
      return invalid('visibility', 'must be one of PUBLIC, CONNECTIONS, LOGGED_IN');
    }
    if (body.lifecycleState !== 'PUBLISHED') return invalid('lifecycleState', 'must be PUBLISHED');
    const distribution = body.distribution as { feedDistribution?: unknown } | undefined;
    if (!distribution || !['MAIN_FEED', 'NONE'].includes(String(distribution.feedDistribution))) {
      return invalid('distribution/feedDistribution', 'must be MAIN_FEED or NONE');
    }
    const content = (body.content ?? {}) as {
      article?: { source?: unknown; title?: unknown; thumbnail?: unknown; thumbnailAltText?: unknown };
      media?: { id?: unknown; altText?: unknown };
      multiImage?: { images?: { id?: unknown; altText?: unknown }[] };
    };
    const { article } = content;
    if ([content.article, content.media, content.multiImage].filter(Boolean).length > 1) {
      return invalid('content', 'only one of article, media and multiImage may be set');
    }
    if (article && (typeof article.source !== 'string' || !URL.canParse(article.source))) {
      return invalid('content/article/source', 'must be a URL');
    }
    /** The grant's AVAILABLE image `id` names, or the reason it cannot be used. */
    const usable = (id: unknown, alt: unknown): LinkedInImage | string => {
      const image = images.get(String(id));
      if (!image || image.owner !== body.author) return `${String(id)} is not an image of the author`;
      if (image.status !== 'AVAILABLE') return `${image.id} is not AVAILABLE (${image.status})`;
      if (alt !== undefined && (typeof alt !== 'string' || alt.length > ALT_TEXT_LIMIT)) {
        return `altText must be a string of at most ${ALT_TEXT_LIMIT} characters`;
      }
      return image;
    };
    const attached = content.media ? [content.media] : (content.multiImage?.images ?? []);
    if (content.multiImage && (attached.length < MULTI_IMAGE.min || attached.length > MULTI_IMAGE.max)) {
      return invalid('content/multiImage/images', 'must hold 2 to 20 images');
    }
    const found = attached.map((entry) => usable(entry.id, entry.altText));
    const refusedImage = found.find((entry) => typeof entry === 'string');
    if (refusedImage) return invalid(content.media ? 'content/media/id' : 'content/multiImage/images', refusedImage);
    const thumbnail =
      article?.thumbnail === undefined ? undefined : usable(article.thumbnail, article.thumbnailAltText);
    if (typeof thumbnail === 'string') return invalid('content/article/thumbnail', thumbnail);
    const earlier = posts.find((post) => post.author === body.author && post.commentary === body.commentary);
    if (earlier) {
      return serviceError(
        res,
        422,
        `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${earlier.id}`,
        {
          errorDetailType: 'com.linkedin.common.error.BadRequest',
          errorDetails: {
            inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }],
          },
        },
      );
    }
    const post: LinkedInPost = {
      id: `urn:li:share:${nextId++}`,
      author: String(body.author),
      commentary: body.commentary,
      text: read.text,
      visibility: String(body.visibility),
      article: article
        ? {
            source: String(article.source),
            title: article.title ? String(article.title) : undefined,
            ...(thumbnail ? { thumbnail } : {}),
            ...(typeof article.thumbnailAltText === 'string' ? { thumbnailAltText: article.thumbnailAltText } : {}),
          }
        : null,
      images: attached.map((entry, index) => ({
        image: found[index] as LinkedInImage,
        altText: typeof entry.altText === 'string' ? entry.altText : null,
      })),
      createdAt: Date.now(),
    };
    posts.push(post);
    if (fault && 'answerLost' in fault) return serviceError(res, 504, 'Gateway Timeout');
    res.writeHead(201, { 'x-restli-id': post.id, 'x-linkedin-id': post.id.split(':').at(-1)! });
    res.end();
  };

  /** POST /rest/images?action=initializeUpload: `{ initializeUploadRequest: { owner } }`, the owner the token's member. */
  const initializeUpload = async (req: IncomingMessage, res: ServerResponse, grant: Grant, origin: string) => {
    if (!grant.scopes.includes('w_member_social')) {
      return serviceError(res, 403, 'Not enough permissions to access: images.ACTION-initializeUpload', {
        code: 'ACCESS_DENIED',
      });
    }
    let body: { initializeUploadRequest?: { owner?: unknown } };
    try {
      body = JSON.parse(await readText(req));
    } catch {
      return serviceError(res, 400, 'Unable to parse the request body as JSON');
    }
    const owner = body.initializeUploadRequest?.owner;
    if (!mayActAs(grant, owner)) {
      return serviceError(res, 403, 'The owner must be the authenticated member or an organization they administer', {
        code: 'ACCESS_DENIED',
      });
    }
    imageStats.initialized += 1;
    const image: LinkedInImage = {
      id: `urn:li:image:C4E${randomBytes(9).toString('base64url')}`,
      owner: String(owner),
      uploadToken: randomBytes(16).toString('hex'),
      bytes: null,
      status: 'WAITING_UPLOAD',
      processingReads: 0,
    };
    images.set(image.id, image);
    return sendJson(res, 200, {
      value: {
        uploadUrlExpiresAt: Date.now() + 3_600_000,
        uploadUrl: `${origin}/dms-uploads/${image.uploadToken}/uploaded-image/0`,
        image: image.id,
      },
    });
  };

  /** PUT {uploadUrl}: the file's bytes (JPEG, PNG or GIF), with the member's token; 201. */
  const uploadImage = async (req: IncomingMessage, res: ServerResponse, grant: Grant, token: string) => {
    const image = [...images.values()].find((candidate) => candidate.uploadToken === token);
    if (!image || !mayActAs(grant, image.owner)) return serviceError(res, 404, 'No upload is waiting at this URL');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const fault = uploadFaults.shift();
    if (fault && 'status' in fault) return serviceError(res, 500, 'Internal Server Error');
    const known =
      (bytes[0] === 0xff && bytes[1] === 0xd8) ||
      bytes.subarray(1, 4).toString('latin1') === 'PNG' ||
      bytes.subarray(0, 3).toString('latin1') === 'GIF';
    if (!known) return serviceError(res, 400, 'The uploaded file is not a JPG, GIF or PNG image');
    imageStats.uploaded += 1;
    image.bytes = bytes;
    image.status = fault && 'processing' in fault ? 'PROCESSING_FAILED' : 'PROCESSING';
    image.processingReads = fault && 'processingReads' in fault ? fault.processingReads : 0;
    res.writeHead(201);
    res.end();
  };

  /** GET /rest/images/{urn}: the image's status, PROCESSING until it is AVAILABLE. */
  const getImage = (res: ServerResponse, grant: Grant, urn: string) => {
    const image = images.get(urn);
    if (!image || !mayActAs(grant, image.owner)) return serviceError(res, 404, `Image ${urn} not found`);
    if (image.status === 'PROCESSING') {
      if (image.processingReads > 0) image.processingReads -= 1;
      else image.status = 'AVAILABLE';
    }
    return sendJson(res, 200, { id: image.id, owner: image.owner, status: image.status });
  };

  const findByAuthor = (res: ServerResponse, url: URL, grant: Grant) => {
    stats.findCalls += 1;
    const q = url.searchParams;
    if (q.get('q') !== 'author')
      return serviceError(res, 400, 'Finder parameter q is required', { code: 'ILLEGAL_ARGUMENT' });
    if (!postsReadable || !mayActAs(grant, q.get('author'))) {
      return serviceError(
        res,
        403,
        'Not enough permissions to access: partnerApiPostsExternal.FINDER-author.NO_VERSION',
        {
          serviceErrorCode: 100,
          code: 'ACCESS_DENIED',
        },
      );
    }
    const count = Math.min(Number(q.get('count') ?? '10') || 10, 100);
    const elements = posts
      .filter((post) => post.author === q.get('author'))
      .reverse()
      .slice(0, count)
      .map((post) => ({
        id: post.id,
        author: post.author,
        commentary: post.commentary,
        visibility: post.visibility,
        lifecycleState: 'PUBLISHED',
        createdAt: post.createdAt,
        lastModifiedAt: post.createdAt,
        publishedAt: post.createdAt,
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        ...(post.article ? { content: { article: post.article } } : {}),
        isReshareDisabledByAuthor: false,
      }));
    return sendJson(res, 200, { paging: { start: 0, count, links: [] }, elements });
  };

  /** POST /rest/socialActions/{post}/comments: `{ actor, object, message: { text } }`, the actor the member or their page. */
  const createComment = async (req: IncomingMessage, res: ServerResponse, grant: Grant, target: string) => {
    if (!grant.scopes.includes('w_member_social') && !grant.scopes.includes('w_organization_social')) {
      return serviceError(res, 403, 'Not enough permissions to access: socialActions.comments.CREATE', {
        code: 'ACCESS_DENIED',
      });
    }
    let body: { actor?: unknown; object?: unknown; message?: { text?: unknown } };
    try {
      body = JSON.parse(await readText(req));
    } catch {
      return serviceError(res, 400, 'Unable to parse the request body as JSON');
    }
    if (!mayActAs(grant, body.actor)) {
      return serviceError(res, 403, 'The actor must be the authenticated member or an organization they administer', {
        code: 'ACCESS_DENIED',
      });
    }
    if (body.object !== target)
      return serviceError(res, 400, 'object must be the URN in the path', { code: 'ILLEGAL_ARGUMENT' });
    if (!posts.some((post) => post.id === target)) return serviceError(res, 404, `${target} not found`);
    const text = body.message?.text;
    if (typeof text !== 'string' || !text.trim()) {
      return serviceError(res, 422, 'ERROR :: /message/text :: field is required but not found');
    }
    commentStats.createCalls += 1;
    const fault = commentFaults.shift();
    if (fault && 'status' in fault) return serviceError(res, fault.status, 'Internal Server Error');
    const id = String(nextId++);
    const comment: LinkedInComment = {
      id,
      commentUrn: `urn:li:comment:(${target},${id})`,
      actor: String(body.actor),
      object: target,
      text,
      createdAt: Date.now(),
    };
    comments.push(comment);
    if (fault && 'answerLost' in fault) return serviceError(res, 504, 'Gateway Timeout');
    return sendJson(res, 201, commentView(comment), { 'x-restli-id': comment.commentUrn });
  };

  const commentView = (comment: LinkedInComment) => ({
    id: comment.id,
    commentUrn: comment.commentUrn,
    actor: comment.actor,
    object: comment.object,
    message: { text: comment.text, attributes: [] },
    created: { actor: comment.actor, time: comment.createdAt },
  });

  /** GET /rest/socialActions/{post}/comments: the post's comments, oldest first (403 without read access). */
  const listComments = (res: ServerResponse, target: string) => {
    if (!postsReadable) {
      return serviceError(res, 403, 'Not enough permissions to access: socialActions.comments.GET_ALL', {
        code: 'ACCESS_DENIED',
      });
    }
    const elements = comments.filter((comment) => comment.object === target).map(commentView);
    return sendJson(res, 200, { paging: { start: 0, count: elements.length, links: [] }, elements });
  };

  const server = await serveOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const origin = `http://${req.headers.host}`;
    if (req.method === 'GET' && url.pathname === '/oauth/v2/authorization') return authorization(res, url);
    if (req.method === 'POST' && url.pathname === '/oauth/v2/consent') return decide(req, res);
    if (req.method === 'POST' && url.pathname === '/oauth/v2/accessToken')
      return accessToken(req, res, idTokenIssuer ?? `${origin}/oauth`);
    const grant = authenticate(req, res);
    if (!grant) return;
    if (req.method === 'GET' && url.pathname === '/v2/userinfo') {
      if (!grant.scopes.includes('openid') || !grant.scopes.includes('profile')) {
        return serviceError(res, 403, 'Not enough permissions to access: userinfo.GET.NO_VERSION', {
          code: 'ACCESS_DENIED',
        });
      }
      const [given, ...family] = options.member.name.split(' ');
      return sendJson(res, 200, {
        sub: options.member.sub,
        email_verified: true,
        name: options.member.name,
        locale: { country: 'US', language: 'en' },
        given_name: given,
        family_name: family.join(' '),
      });
    }
    const upload = /^\/dms-uploads\/(\w+)\/uploaded-image\/0$/.exec(url.pathname);
    if (req.method === 'PUT' && upload) return uploadImage(req, res, grant, upload[1]!);
    if (
      req.method === 'POST' &&
      url.pathname === '/rest/images' &&
      url.searchParams.get('action') === 'initializeUpload'
    ) {
      if (!versioned(req, res)) return;
      return initializeUpload(req, res, grant, origin);
    }
    if (req.method === 'GET' && url.pathname.startsWith('/rest/images/')) {
      if (!versioned(req, res)) return;
      return getImage(res, grant, decodeURIComponent(url.pathname.slice('/rest/images/'.length)));
    }
    const commented = /^\/rest\/socialActions\/([^/]+)\/comments$/.exec(url.pathname);
    if (commented) {
      if (!versioned(req, res)) return;
      const target = decodeURIComponent(commented[1]!);
      if (req.method === 'POST') return createComment(req, res, grant, target);
      if (req.method === 'GET') return listComments(res, target);
    }
    if (req.method === 'GET' && url.pathname === '/rest/organizationAcls') {
      if (!versioned(req, res)) return;
      return findAcls(res, url, grant);
    }
    const organization = /^\/rest\/organizations\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && organization) {
      if (!versioned(req, res)) return;
      return getOrganization(res, grant, organization[1]!);
    }
    if (url.pathname === '/rest/posts') {
      if (!versioned(req, res)) return;
      if (req.method === 'POST') return createPost(req, res, grant);
      if (req.method === 'GET') return findByAuthor(res, url, grant);
    }
    return serviceError(res, 404, `No virtual resource found`, { code: 'RESOURCE_NOT_FOUND' });
  });

  const { url } = server;
  return {
    /** LINKEDIN_API_URL. */
    apiUrl: url,
    /** LINKEDIN_AUTHORIZE_URL. */
    authorizeUrl: `${url}/oauth/v2/authorization`,
    /** LINKEDIN_TOKEN_URL. */
    tokenUrl: `${url}/oauth/v2/accessToken`,
    posts,
    stats,
    /** Comments made under posts, in order, and how many create calls came in. */
    comments,
    commentStats,
    /** The next comment creations go this way, in order. */
    failComments(...next: CommentFault[]) {
      commentFaults.push(...next);
    },
    /** The member stops administering this page (another admin removed their role). */
    removeOrganization(urn: string) {
      const index = organizations.findIndex((page) => page.urn === urn);
      if (index >= 0) organizations.splice(index, 1);
    },
    /** The member becomes an administrator of this page. */
    addOrganization(page: LinkedInOrganization) {
      organizations.push(page);
    },
    /** Registers another redirect URI with the app (a stack's URL is known only once it has started). */
    allowRedirectUri(uri: string) {
      options.redirectUris.push(uri);
    },
    /** The `iss` of the ID tokens issued from now on (null: LinkedIn's own, `{origin}/oauth`). */
    setIdTokenIssuer(issuer: string | null) {
      idTokenIssuer = issuer;
    },
    /** The scopes the app's products grant from now on. */
    setAppScopes(scopes: string[]) {
      appScopes = scopes;
    },
    /** Whether the app may read the member's posts back (r_member_social); LinkedIn grants it to few apps. */
    setPostsReadable(readable: boolean) {
      postsReadable = readable;
    },
    /** Answers the n-th POST /rest/posts from now (1 = the next) with a fault. */
    failCreate(nthFromNow: number, fault: PostFault) {
      faults.set(stats.createCalls + nthFromNow, fault);
    },
    /** Images registered through the Images API, by URN. */
    images,
    /** initializeUpload calls answered, and uploads taken. */
    imageStats,
    /** The next uploads go this way, in order. */
    failUploads(...next: UploadFault[]) {
      uploadFaults.push(...next);
    },
    /** Every token issued so far reaches its 60 days. */
    expireTokens() {
      for (const grant of tokens.values()) grant.expiresAt = 0;
    },
    close: server.close,
  };
}
