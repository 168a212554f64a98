import { UnsecuredJWT } from 'jose';
import { readText, sendJson, serveOnLoopback } from './fake-http';

/**
 * A stand-in for a Bluesky sign-in service (an entryway or a PDS) for what the real local PDS cannot
 * be made to do: its sessions' DID documents name whatever PDS `pdsEndpoint` says (the service itself
 * when null), and with `redirectTo` set it answers every request with a redirect there. It also
 * answers as a PDS (getSession, createRecord, once per record key, and getRecord) and ends a session given its refresh token
 * (deleteSession; a 500 when `failDeleteSession`), and serves the public AppView's getPosts with the
 * counts in `state.postCounts`, and for quoting an author's post: resolveHandle (`state.handles`),
 * searchPosts and getPosts over `state.knownPosts` (search matches loosely, as full-text search does:
 * any post linking the `url` parameter's host, whoever its author; the caller must check). As the PDS
 * it serves searchPosts to a session's access JWT (proxied to the AppView it plays too), and as the
 * public AppView it refuses searchPosts without a token while `publicSearchRequiresAuth` (Bluesky's
 * AppView may). Every request is recorded, with its `atproto-proxy` header.
 */
export async function startBlueskyServer() {
  const did = 'did:plc:standin';
  const handle = 'ada.test';
  const requests: { method: string; authorization: string | undefined; proxy?: string }[] = [];
  /** The access JWTs this service issued. */
  const accessJwts = new Set<string>();
  /** The records created, as the PDS stored them. */
  const records: Record<string, unknown>[] = [];
  /** The records by record key, as getRecord answers them. */
  const byKey = new Map<string, { uri: string; cid: string; value: Record<string, unknown> }>();
  const state = {
    pdsEndpoint: null as string | null,
    redirectTo: null as string | null,
    failDeleteSession: false,
    /** What the AppView reports per post URI (likeCount, repostCount, replyCount, quoteCount); a URI not here is gone. */
    postCounts: new Map<string, { likeCount: number; repostCount: number; replyCount: number; quoteCount: number }>(),
    /** The next AppView reads answered 429. */
    appViewRateLimited: 0,
    /** Handles the AppView resolves, to DIDs. */
    handles: new Map<string, string>(),
    /** Posts of other accounts the AppView shows, by at:// URI. */
    knownPosts: new Map<string, KnownPost>(),
    /** The public AppView refuses searchPosts without a session (401 AuthMissing). */
    publicSearchRequiresAuth: true,
  };
  const server = await serveOnLoopback(async (req, res) => {
    const body = await readText(req);
    const method = req.url?.match(/^\/xrpc\/([\w.]+)/)?.[1] ?? '';
    const proxy = req.headers['atproto-proxy'];
    requests.push({
      method,
      authorization: req.headers.authorization,
      ...(typeof proxy === 'string' ? { proxy } : {}),
    });
    if (state.redirectTo) {
      res.writeHead(302, { location: `${state.redirectTo}${req.url ?? '/'}` });
      res.end();
      return;
    }
    if (method === 'com.atproto.server.createSession') {
      // An app-password session: the scope Bluesky gives app passwords, two hours of access.
      const accessJwt = await new UnsecuredJWT({ scope: 'com.atproto.appPass' })
        .setSubject(did)
        .setExpirationTime('2h')
        .encode();
      accessJwts.add(accessJwt);
      const pds = state.pdsEndpoint ?? server.url;
      const didDoc = {
        id: did,
        service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: pds }],
      };
      return sendJson(res, 200, { did, handle, accessJwt, refreshJwt: 'refresh-jwt', didDoc });
    }
    if (method === 'com.atproto.server.getSession') return sendJson(res, 200, { did, handle });
    const query = new URL(req.url ?? '/', server.url).searchParams;
    if (method === 'com.atproto.identity.resolveHandle') {
      const resolved = state.handles.get(query.get('handle') ?? '');
      if (!resolved) return sendJson(res, 400, { error: 'InvalidRequest', message: 'Unable to resolve handle' });
      return sendJson(res, 200, { did: resolved });
    }
    if (method === 'app.bsky.feed.searchPosts') {
      const token = req.headers.authorization?.replace(/^Bearer /, '');
      if (token !== undefined && !accessJwts.has(token)) {
        return sendJson(res, 400, { error: 'InvalidToken', message: 'Token could not be verified' });
      }
      if (token === undefined && state.publicSearchRequiresAuth) {
        return sendJson(res, 401, { error: 'AuthMissing', message: 'Authentication Required' });
      }
      if (!query.get('q'))
        return sendJson(res, 400, { error: 'InvalidRequest', message: 'Error: Params must have the property "q"' });
      const url = query.get('url') ?? '';
      const host = URL.canParse(url) ? new URL(url).hostname : url;
      const posts = [...state.knownPosts.entries()]
        .filter(([, post]) => post.links.some((link) => link.includes(host)))
        .map(([uri, post]) => knownPostView(uri, post));
      return sendJson(res, 200, { posts });
    }
    if (method === 'app.bsky.feed.getPosts') {
      // The public AppView: no token; 1 to 25 at:// URIs; a post that is gone is left out of `posts`.
      if (state.appViewRateLimited > 0) {
        state.appViewRateLimited -= 1;
        return sendJson(
          res,
          429,
          { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
          { 'ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 30) },
        );
      }
      const uris = new URL(req.url ?? '/', server.url).searchParams.getAll('uris');
      if (
        uris.length < 1 ||
        uris.length > 25 ||
        uris.some((uri) => !/^at:\/\/did:[a-z]+:[^/]+\/app\.bsky\.feed\.post\/\w+$/.test(uri))
      ) {
        return sendJson(res, 400, { error: 'InvalidRequest', message: 'uris must be 1 to 25 at:// post URIs' });
      }
      const posts = uris.flatMap((uri) => {
        const known = state.knownPosts.get(uri);
        if (known) return [knownPostView(uri, known)];
        const counts = state.postCounts.get(uri);
        return counts
          ? [
              {
                uri,
                cid: 'bafyreia',
                author: { did, handle },
                record: {},
                indexedAt: new Date().toISOString(),
                ...counts,
              },
            ]
          : [];
      });
      return sendJson(res, 200, { posts });
    }
    if (method === 'com.atproto.server.deleteSession') {
      if (state.failDeleteSession) return sendJson(res, 500, { error: 'InternalServerError' });
      if (req.headers.authorization !== 'Bearer refresh-jwt') return sendJson(res, 401, { error: 'InvalidToken' });
      res.writeHead(200);
      res.end();
      return;
    }
    if (method === 'com.atproto.repo.createRecord') {
      const record = ((JSON.parse(body || '{}') as { record?: Record<string, unknown> }).record ?? {}) as Record<
        string,
        unknown
      >;
      // The lexicon: langs is at most 3 strings of format 'language' (a BCP 47 tag); the PDS validates it.
      const problem = langsProblem(record.langs);
      if (problem)
        return sendJson(res, 400, {
          error: 'InvalidRequest',
          message: `Invalid app.bsky.feed.post record: ${problem}`,
        });
      // A record key given by the client is created once: the PDS refuses the same key again.
      const rkey = (JSON.parse(body || '{}') as { rkey?: string }).rkey ?? String(requests.length);
      if (byKey.has(rkey))
        return sendJson(res, 400, { error: 'InvalidRequest', message: `Record already exists: ${rkey}` });
      records.push(record);
      const uri = `at://${did}/app.bsky.feed.post/${rkey}`;
      byKey.set(rkey, { uri, cid: 'bafyreia', value: record });
      return sendJson(res, 200, { uri, cid: 'bafyreia' });
    }
    if (method === 'com.atproto.repo.getRecord') {
      const stored = byKey.get(query.get('rkey') ?? '');
      if (!stored) return sendJson(res, 400, { error: 'RecordNotFound', message: 'Could not locate record' });
      return sendJson(res, 200, stored);
    }
    sendJson(res, 400, { error: 'MethodNotImplemented', message: `${method} is not served here` });
  });
  return { ...server, host: new URL(server.url).host, did, handle, requests, records, state };
}

/** A post of another account the stand-in AppView shows: its text's links become link facets. */
export interface KnownPost {
  did: string;
  handle: string;
  text: string;
  createdAt: string;
  links: string[];
  /** The author's postgate detaches quotes (the AppView's viewer.embeddingDisabled). */
  embeddingDisabled?: boolean;
}

/** A post as app.bsky.feed.defs#postView shows it. */
function knownPostView(uri: string, post: KnownPost) {
  return {
    uri,
    cid: `bafyrei${uri.split('/').at(-1)}`,
    author: { did: post.did, handle: post.handle },
    record: {
      $type: 'app.bsky.feed.post',
      text: post.text,
      createdAt: post.createdAt,
      facets: post.links.map((link) => ({
        index: { byteStart: 0, byteEnd: 1 },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: link }],
      })),
    },
    indexedAt: post.createdAt,
    likeCount: 0,
    repostCount: 0,
    replyCount: 0,
    quoteCount: 0,
    ...(post.embeddingDisabled ? { viewer: { embeddingDisabled: true } } : {}),
  };
}

// atproto's `language` format: a BCP 47 tag (a primary subtag of 2–3 letters, or i-/x- forms, then subtags).
const BCP47 = /^(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8}|i-[a-z0-9]+|x-[a-z0-9]+)(?:-[a-z0-9]{2,8})*$/i;

/** Why a record's langs break the lexicon, or null when absent or valid. */
function langsProblem(langs: unknown): string | null {
  if (langs === undefined) return null;
  if (!Array.isArray(langs) || langs.length > 3) return 'langs must be an array of at most 3 items';
  const bad = langs.findIndex((lang) => typeof lang !== 'string' || !BCP47.test(lang));
  return bad === -1 ? null : `langs/${bad} must be a well-formatted BCP 47 language tag`;
}
