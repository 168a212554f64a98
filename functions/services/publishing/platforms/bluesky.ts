import type { Agent, AtpSessionData } from '@atproto/api';
import { decodeJwt } from 'jose';
import { postRulesFor } from '../../../../shared/publishing/platform-rules';
import type { MadePost } from '../../../data/publish-run-repository';
import { config } from '../../../lib/config';
import {
  type Credentials,
  type LiveConnection,
  type PlatformAdapter,
  PlatformError,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
  retryAfterSeconds,
} from '../platform-adapter';
import { atproto } from './atproto-sdk';
import { blueskyPostUrl, richPost } from './bluesky-rich-text';

/** What the Bluesky connect form sends (spec bluesky-auth). */
export interface BlueskyConnectInput {
  handle: string;
  appPassword: string;
}

/** The session is refreshed when its access JWT has less than this left (a publish takes seconds). */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** The access JWT's scope when the account's own password was used rather than an app password. */
const FULL_ACCESS_SCOPE = 'com.atproto.access';
const CALL_TIMEOUT_MS = 15_000;
const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(CALL_TIMEOUT_MS) });

/** Maps an SDK failure to the PlatformError the publishing service acts on. */
async function platformError(error: unknown): Promise<PlatformError> {
  if (error instanceof PlatformError) return error;
  const { XRPCError } = await atproto();
  if (!(error instanceof XRPCError)) return new PlatformUnavailableError('Bluesky could not be reached');
  // The SDK reports network failures and unreadable replies as status 1 and 2.
  if (error.status < 100) return new PlatformUnavailableError('Bluesky could not be reached');
  const message = error.message || error.error || `Bluesky answered ${error.status}`;
  if (error.status === 429) {
    const headers = new Headers(
      Object.entries(error.headers ?? {}).filter((entry): entry is [string, string] => !!entry[1]),
    );
    return new PlatformRateLimitError(message, retryAfterSeconds(headers, new Date()));
  }
  if (error.status >= 500) return new PlatformUnavailableError(message);
  return new PlatformRejectedError(message);
}

async function call<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw await platformError(error);
  }
}

/** The access JWT's expiry (ISO) and scope, read without verifying: the PDS verifies it. */
function accessClaims(accessJwt: string): { expiresAt: string | null; scope: string | null } {
  try {
    const claims = decodeJwt(accessJwt);
    return {
      expiresAt: typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : null,
      scope: typeof claims.scope === 'string' ? claims.scope : null,
    };
  } catch {
    return { expiresAt: null, scope: null };
  }
}

function credentialsOf(session: AtpSessionData): Credentials {
  return {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: accessClaims(session.accessJwt).expiresAt,
  };
}

function stored(connection: LiveConnection, field: 'did' | 'handle' | 'service' | 'pds'): string {
  const value = connection.connectionData[field];
  if (typeof value !== 'string' || !value) throw new PlatformRejectedError('The Bluesky connection is incomplete');
  return value;
}

/** An agent acting with the stored access JWT on the account's PDS (no login, no hidden refresh). */
async function agentFor(connection: LiveConnection): Promise<Agent> {
  const { Agent } = await atproto();
  return new Agent({
    service: stored(connection, 'pds'),
    headers: { authorization: `Bearer ${connection.credentials.accessToken}` },
    fetch: timedFetch,
  });
}

/**
 * Bluesky (AT Protocol, @atproto/api): an app-password session kept and refreshed, never a login
 * per publish (createSession is rate-limited); posts with link facets, replies naming root and
 * parent (uri + cid), and the attribution post carrying a link card for the article.
 */
export const blueskyAdapter: PlatformAdapter<BlueskyConnectInput> = {
  platform: 'bluesky',

  async connect(input) {
    const service = config().platformUrls.bluesky;
    const { AtpAgent } = await atproto();
    const agent = new AtpAgent({ service, fetch: timedFetch });
    await call(() => agent.login({ identifier: input.handle, password: input.appPassword }));
    const session = agent.session;
    if (!session) throw new PlatformUnavailableError('Bluesky did not start a session');
    // Posting needs no more than an app password grants; the account password is never kept working.
    if (accessClaims(session.accessJwt).scope === FULL_ACCESS_SCOPE) {
      await agent.logout();
      throw new PlatformRejectedError('use an app password (Settings → App Passwords), not your account password');
    }
    return {
      platformUsername: `@${session.handle}`,
      credentials: credentialsOf(session),
      connectionData: {
        did: session.did,
        handle: session.handle,
        service,
        pds: (agent.pdsUrl ?? agent.serviceUrl).toString().replace(/\/+$/, ''),
      },
    };
  },

  async refreshCredentials(connection, now) {
    const { expiresAt, refreshToken } = connection.credentials;
    if (!refreshToken || !expiresAt || Date.parse(expiresAt) - now.getTime() > REFRESH_MARGIN_MS) return null;
    // Session calls go to the service the session was made on (an entryway may front many PDSes).
    const { AtpAgent } = await atproto();
    const agent = new AtpAgent({ service: stored(connection, 'service'), fetch: timedFetch });
    agent.sessionManager.session = {
      did: stored(connection, 'did'),
      handle: stored(connection, 'handle'),
      accessJwt: connection.credentials.accessToken,
      refreshJwt: refreshToken,
      active: true,
    };
    await call(() => agent.sessionManager.refreshSession());
    const session = agent.session;
    if (!session) throw new PlatformRejectedError('Bluesky ended the session; connect Bluesky again');
    return credentialsOf(session);
  },

  listTargets: async (connection) => [{ id: stored(connection, 'did'), name: stored(connection, 'handle') }],

  postRules: async () => postRulesFor('bluesky'),

  async publishPost(connection, post): Promise<MadePost> {
    const agent = await agentFor(connection);
    const { text, facets } = await richPost(post.text, agent);
    const reply = replyRefs(post.root, post.parent);
    const isAttribution = post.index === post.total - 1;
    const record = {
      $type: 'app.bsky.feed.post',
      text,
      createdAt: new Date().toISOString(),
      ...(facets.length > 0 ? { facets } : {}),
      ...(reply ? { reply } : {}),
      ...(isAttribution
        ? {
            embed: {
              $type: 'app.bsky.embed.external',
              external: { uri: post.article.url, title: post.article.title, description: '' },
            },
          }
        : {}),
    };
    const created = await call(() =>
      agent.com.atproto.repo.createRecord({
        repo: stored(connection, 'did'),
        collection: 'app.bsky.feed.post',
        record,
      }),
    );
    const { uri, cid } = created.data;
    return { id: uri, cid, url: blueskyPostUrl(stored(connection, 'handle'), uri) };
  },

  threadUrl: (_connection, made) => made[0]?.url ?? null,
};

/** A reply's root and parent (uri + cid); posts made before cids were kept cannot be replied to. */
function replyRefs(root: MadePost | null, parent: MadePost | null) {
  if (!root || !parent) return null;
  if (!root.cid || !parent.cid) throw new PlatformRejectedError('An earlier post of this thread has no Bluesky cid');
  return { root: { uri: root.id, cid: root.cid }, parent: { uri: parent.id, cid: parent.cid } };
}
