import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subreddit on the fake, and what the connecting user is there. */
export interface FakeSubreddit {
  name: string;
  title: string;
  subscribers: number;
  role: 'moderator' | 'contributor' | 'both' | 'subscriber';
}

/** A self-post the fake accepted. */
export interface Submission {
  name: string;
  createdUtc: number;
  subreddit: string;
  title: string;
  text: string;
  url: string;
}

/** What the next /api/submit answers instead of posting: an HTTP failure, or Reddit's 200 with `json.errors`. */
export type SubmitFault =
  | { status: 500 | 502 | 503 }
  /** The post is made, then its answer is lost: a 502 from a gateway that timed out behind Reddit. */
  | { answerLost: true }
  | { status: 429; resetSeconds: number }
  | { formError: [code: string, message: string, field: string] };

/** Reddit's required User-Agent form: `<platform>:<app ID>:<version> (by /u/<username>)`. */
const USER_AGENT_FORM = /^[a-z]+:([\w.-]+):v?[\d.]+[\w.-]* \(by \/u\/[\w-]{3,20}\)$/;
const SCOPES = new Set(['identity', 'submit', 'mysubreddits', 'read', 'edit', 'history']);
const TITLE_LIMIT = 300;
const TEXT_LIMIT = 40_000;
const ACCESS_TOKEN_SECONDS = 3600;

interface Grant {
  scopes: string[];
  redirectUri: string;
  permanent: boolean;
  issuedAt: number;
}

/**
 * A local Reddit: the www host (the consent redirect at /api/v1/authorize, tokens at
 * /api/v1/access_token with HTTP Basic client auth) and the OAuth API host (/api/v1/me,
 * /subreddits/mine/{moderator,contributor} paged with `after`, /api/submit, /r/{sr}/new, /api/info). It checks requests
 * as Reddit does: the User-Agent form on every call, the client, the registered redirect URI,
 * single-use codes, bearer tokens and their scopes, posting only where the user moderates or
 * contributes, title and text lengths, and answers refusals with 200 and `json.errors`. Titles
 * are HTML-escaped unless `raw_json=1`. Faults: queued submit failures, access tokens expiring
 * early, refresh tokens revoked, a denied consent.
 */
export async function startRedditServer(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  username: string;
  subreddits: FakeSubreddit[];
  /** Listing page size (Reddit's is the `limit`, at most 100); small to exercise `after`. */
  pageSize?: number;
}) {
  const codes = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant & { revoked: boolean }>();
  const accessTokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const submissions: Submission[] = [];
  const submitFaults = new Map<number, SubmitFault>();
  const stats = { submitCalls: 0, tokenCalls: 0, refreshes: 0, unauthorized: 0, userAgents: new Set<string>() };
  let denyNextConsent = false;
  let nextPostId = 1000;
  /** A post's public figures as /api/info reports them; a post without an entry has score 1 (its author's vote). */
  const figures = new Map<string, { score: number; comments: number }>();
  /** Posts their author deleted: /api/info still lists them, as `[deleted]`. */
  const deleted = new Set<string>();
  /** The fullname lists /api/info was asked for, one entry per call. */
  const infoRequests: string[][] = [];
  let infoRateLimited = 0;

  const token = () => randomBytes(18).toString('base64url');
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const readForm = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };
  /** Reddit answers a missing or generic User-Agent by refusing the request. */
  const userAgentOk = (req: IncomingMessage, res: ServerResponse) => {
    const agent = req.headers['user-agent'] ?? '';
    const match = USER_AGENT_FORM.exec(agent);
    if (!match || match[1] !== options.clientId) {
      send(res, 403, { message: 'Forbidden: User-Agent must read <platform>:<app ID>:<version> (by /u/<username>)' });
      return false;
    }
    stats.userAgents.add(agent);
    return true;
  };

  const issueTokens = (grant: Grant, refreshToken: string | null) => {
    const accessToken = token();
    accessTokens.set(accessToken, { scopes: grant.scopes, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: grant.scopes.join(' '),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  };

  const www = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://www.reddit.test');
    if (req.method === 'GET' && url.pathname === '/api/v1/authorize') {
      const query = url.searchParams;
      const scopes = (query.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
      // Reddit shows an error page, never a redirect, for a request it cannot trust.
      if (query.get('client_id') !== options.clientId) return send(res, 400, { error: 'invalid client id' });
      if (query.get('redirect_uri') !== options.redirectUri) return send(res, 400, { error: 'invalid redirect_uri' });
      const back = new URL(options.redirectUri);
      back.searchParams.set('state', query.get('state') ?? '');
      const valid =
        query.get('response_type') === 'code' &&
        ['temporary', 'permanent'].includes(query.get('duration') ?? '') &&
        !!query.get('state') &&
        scopes.length > 0 &&
        scopes.every((scope) => SCOPES.has(scope));
      if (!valid) back.searchParams.set('error', 'invalid_request');
      else if (denyNextConsent) {
        denyNextConsent = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = token();
        codes.set(code, {
          scopes,
          redirectUri: options.redirectUri,
          permanent: query.get('duration') === 'permanent',
          issuedAt: Date.now(),
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/access_token') {
      if (!userAgentOk(req, res)) return;
      stats.tokenCalls += 1;
      const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic) return send(res, 401, { message: 'Unauthorized', error: 401 });
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return send(res, 400, { error: 'unsupported_grant_type' });
      }
      const form = await readForm(req);
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        // Reddit's quirk: a refused code is a 200 carrying `error`.
        if (!grant || grant.redirectUri !== form.get('redirect_uri') || Date.now() - grant.issuedAt > 10 * 60_000) {
          return send(res, 200, { error: 'invalid_grant' });
        }
        const refreshToken = grant.permanent ? token() : null;
        if (refreshToken) refreshTokens.set(refreshToken, { ...grant, revoked: false });
        return send(res, 200, issueTokens(grant, refreshToken));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!grant || grant.revoked) return send(res, 400, { error: 'invalid_grant' });
        stats.refreshes += 1;
        // Reddit keeps the refresh token: the answer carries only a new access token.
        return send(res, 200, issueTokens(grant, null));
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    send(res, 404, { message: 'Not Found', error: 404 });
  });

  /** Reddit's JSON HTML-escapes text unless asked for `raw_json=1`. */
  const asListed = (text: string, rawJson: boolean) =>
    rawJson ? text : text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  const subredditData = (subreddit: FakeSubreddit, rawJson: boolean) => ({
    kind: 't5',
    data: {
      name: `t5_${subreddit.name.toLowerCase()}`,
      display_name: subreddit.name,
      display_name_prefixed: `r/${subreddit.name}`,
      title: asListed(subreddit.title, rawJson),
      subscribers: subreddit.subscribers,
      user_is_moderator: subreddit.role === 'moderator' || subreddit.role === 'both',
      user_is_contributor: subreddit.role === 'contributor' || subreddit.role === 'both',
      user_is_subscriber: true,
    },
  });

  const listing = (res: ServerResponse, url: URL, role: 'moderator' | 'contributor') => {
    const mine = options.subreddits.filter((subreddit) => subreddit.role === role || subreddit.role === 'both');
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, 100, options.pageSize ?? 100);
    const after = url.searchParams.get('after');
    const start = after ? mine.findIndex((subreddit) => `t5_${subreddit.name.toLowerCase()}` === after) + 1 : 0;
    const page = mine.slice(start, start + limit);
    const rawJson = url.searchParams.get('raw_json') === '1';
    const last = page.at(-1);
    return send(
      res,
      200,
      {
        kind: 'Listing',
        data: {
          after: start + limit < mine.length && last ? `t5_${last.name.toLowerCase()}` : null,
          before: null,
          dist: page.length,
          children: page.map((subreddit) => subredditData(subreddit, rawJson)),
        },
      },
      rateHeaders(),
    );
  };

  let used = 0;
  /** Reddit's window headers; x-ratelimit-reset is the seconds left in the window, not an epoch. */
  const rateHeaders = (reset = 420): Record<string, string> => {
    used += 1;
    return {
      'x-ratelimit-used': String(used),
      'x-ratelimit-remaining': String(Math.max(0, 996 - used)),
      'x-ratelimit-reset': String(reset),
    };
  };

  const submit = async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return send(res, 415, { message: 'Unsupported Media Type', error: 415 });
    }
    const form = await readForm(req);
    stats.submitCalls += 1;
    const fault = submitFaults.get(stats.submitCalls);
    const answerLost = !!fault && 'answerLost' in fault;
    if (fault && 'status' in fault) {
      if (fault.status === 429) {
        return send(
          res,
          429,
          { message: 'Too Many Requests', error: 429 },
          {
            'x-ratelimit-used': '996',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(fault.resetSeconds),
          },
        );
      }
      return send(res, fault.status, { message: 'Internal Server Error', error: fault.status });
    }
    const refuse = (code: string, message: string, field: string) =>
      send(res, 200, { json: { errors: [[code, message, field]] } }, rateHeaders());
    if (fault && 'formError' in fault) return refuse(...fault.formError);
    // Without api_type=json Reddit answers in its old jQuery format, which no client reads.
    if (form.get('api_type') !== 'json') return send(res, 200, { jquery: [], success: false });
    const subreddit = options.subreddits.find((entry) => entry.name.toLowerCase() === form.get('sr')?.toLowerCase());
    if (!subreddit) return refuse('SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr');
    if (subreddit.role === 'subscriber')
      return refuse('SUBREDDIT_NOTALLOWED', "you aren't allowed to post there.", 'sr');
    if (form.get('kind') !== 'self') return refuse('NO_URL', 'a url is required', 'url');
    const title = form.get('title') ?? '';
    if (!title.trim()) return refuse('NO_TEXT', 'we need something here', 'title');
    if ([...title].length > TITLE_LIMIT) return refuse('TOO_LONG', `this is too long (max: ${TITLE_LIMIT})`, 'title');
    const text = form.get('text') ?? '';
    if ([...text].length > TEXT_LIMIT) return refuse('TOO_LONG', `this is too long (max: ${TEXT_LIMIT})`, 'text');
    const id = (nextPostId++).toString(36);
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .slice(0, 50);
    const made: Submission = {
      name: `t3_${id}`,
      createdUtc: Math.floor(Date.now() / 1000),
      subreddit: subreddit.name,
      title,
      text,
      url: `https://www.reddit.com/r/${subreddit.name}/comments/${id}/${slug}/`,
    };
    submissions.push(made);
    if (answerLost) return send(res, 502, { message: 'Bad Gateway', error: 502 });
    return send(
      res,
      200,
      { json: { errors: [], data: { url: made.url, drafts_count: 0, id, name: made.name } } },
      rateHeaders(),
    );
  };

  /** /r/{sr}/new: the subreddit's latest posts, newest first (selftext HTML-escaped unless raw_json=1). */
  const newPosts = (res: ServerResponse, url: URL, name: string) => {
    const rawJson = url.searchParams.get('raw_json') === '1';
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, 100);
    const latest = submissions
      .filter((post) => post.subreddit.toLowerCase() === name.toLowerCase())
      .reverse()
      .slice(0, limit);
    return send(
      res,
      200,
      {
        kind: 'Listing',
        data: {
          after: null,
          before: null,
          dist: latest.length,
          children: latest.map((post) => ({
            kind: 't3',
            data: {
              name: post.name,
              author: options.username,
              subreddit: post.subreddit,
              title: asListed(post.title, rawJson),
              selftext: asListed(post.text, rawJson),
              is_self: true,
              created_utc: post.createdUtc,
              url: post.url,
            },
          })),
        },
      },
      rateHeaders(),
    );
  };

  /**
   * GET /api/info?id=t3_…,t1_…: a Listing of the things named by fullname (up to 100), in the order
   * asked; an id of no thing is left out. A deleted post is still listed, its author and text
   * `[deleted]` and `removed_by_category: "deleted"`.
   */
  const info = (res: ServerResponse, url: URL) => {
    const ids = (url.searchParams.get('id') ?? '').split(',').filter(Boolean);
    infoRequests.push(ids);
    if (infoRateLimited > 0) {
      infoRateLimited -= 1;
      return send(
        res,
        429,
        { message: 'Too Many Requests', error: 429 },
        { 'x-ratelimit-used': '996', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '120' },
      );
    }
    if (ids.length > 100) return send(res, 400, { message: 'Bad Request', error: 400 });
    const rawJson = url.searchParams.get('raw_json') === '1';
    const children = ids.flatMap((id) => {
      const post = submissions.find((candidate) => candidate.name === id);
      if (!post) return [];
      const gone = deleted.has(post.name);
      const counted = figures.get(post.name) ?? { score: 1, comments: 0 };
      return [
        {
          kind: 't3',
          data: {
            name: post.name,
            id: post.name.slice(3),
            author: gone ? '[deleted]' : options.username,
            subreddit: post.subreddit,
            title: asListed(post.title, rawJson),
            selftext: gone ? '[deleted]' : asListed(post.text, rawJson),
            removed_by_category: gone ? 'deleted' : null,
            score: counted.score,
            ups: counted.score,
            num_comments: counted.comments,
            created_utc: post.createdUtc,
            url: post.url,
          },
        },
      ];
    });
    return send(
      res,
      200,
      { kind: 'Listing', data: { after: null, before: null, dist: children.length, children } },
      rateHeaders(),
    );
  };

  const api = createServer(async (req, res) => {
    if (!userAgentOk(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://oauth.reddit.test');
    const bearer = /^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = accessTokens.get(bearer);
    if (!grant || grant.expiresAt <= Date.now()) {
      stats.unauthorized += 1;
      return send(
        res,
        401,
        { message: 'Unauthorized', error: 401 },
        { 'www-authenticate': 'Bearer realm="reddit", error="invalid_token"' },
      );
    }
    const needs = (scope: string) => {
      if (grant.scopes.includes(scope)) return true;
      send(res, 403, { message: 'Forbidden', error: 403 });
      return false;
    };
    if (req.method === 'GET' && url.pathname === '/api/v1/me') {
      if (!needs('identity')) return;
      return send(res, 200, { name: options.username, id: 'abc12', is_employee: false }, rateHeaders());
    }
    const mine = /^\/subreddits\/mine\/(moderator|contributor)$/.exec(url.pathname);
    if (req.method === 'GET' && mine) {
      if (!needs('mysubreddits')) return;
      return listing(res, url, mine[1] as 'moderator' | 'contributor');
    }
    const subredditNew = /^\/r\/([\w]+)\/new$/.exec(url.pathname);
    if (req.method === 'GET' && subredditNew) {
      if (!needs('read')) return;
      return newPosts(res, url, subredditNew[1]!);
    }
    if (req.method === 'GET' && url.pathname === '/api/info') {
      if (!needs('read')) return;
      return info(res, url);
    }
    if (req.method === 'POST' && url.pathname === '/api/submit') {
      if (!needs('submit')) return;
      return submit(req, res);
    }
    send(res, 404, { message: 'Not Found', error: 404 });
  });

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    /** The www host: REDDIT_AUTH_URL. */
    authUrl: await listen(www),
    /** The OAuth API host: REDDIT_API_URL. */
    apiUrl: await listen(api),
    submissions,
    stats,
    infoRequests,
    /** A bearer token for the API host with these scopes, and a permanent refresh token beside it. */
    issueTokens(scopes: string[]) {
      const grant = { scopes, redirectUri: options.redirectUri, permanent: true, issuedAt: Date.now() };
      const refreshToken = token();
      refreshTokens.set(refreshToken, { ...grant, revoked: false });
      return { accessToken: issueTokens(grant, null).access_token, refreshToken };
    },
    /** Sets what Reddit counts on a post. */
    setFigures(name: string, counted: { score: number; comments: number }) {
      figures.set(name, counted);
    },
    /** The user deletes their post. */
    deletePost(name: string) {
      deleted.add(name);
    },
    /** Answers the next `times` /api/info calls with 429. */
    rateLimitInfo(times: number) {
      infoRateLimited = times;
    },
    /** Answers the n-th /api/submit call from now (1 = the next) with a fault. */
    failSubmit(nthFromNow: number, fault: SubmitFault) {
      submitFaults.set(stats.submitCalls + nthFromNow, fault);
    },
    /** The user presses "Decline" on the next consent screen. */
    denyNextConsent() {
      denyNextConsent = true;
    },
    /** Every access token issued so far stops working before its announced expiry. */
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },
    /** The user removed the app in their Reddit preferences: refresh tokens are refused. */
    revokeRefreshTokens() {
      for (const entry of refreshTokens.values()) entry.revoked = true;
    },
    close: async () => {
      await close(www);
      await close(api);
    },
  };
}
