import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blueskyAdapter, postRecordKey } from '#functions/services/platforms/bluesky';
import {
  type LiveConnection,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
} from '#functions/services/platforms/platform-adapter';

// A loopback stand-in for a PDS that answers each XRPC method as told (the XRPC error shape by default).
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}
let answers: Record<string, Answer>;
let answer: Answer;
let calls: { method: string; authorization: string | undefined; body: string }[];
let server: Server;
let pdsUrl: string;
let port: number;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let sent = '';
    for await (const chunk of request) sent += chunk;
    const method = request.url?.match(/\/xrpc\/([\w.]+)/)?.[1] ?? '';
    calls.push({ method, authorization: request.headers.authorization, body: sent });
    const { status, headers, body } = answers[method] ?? answer;
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  pdsUrl = `http://127.0.0.1:${port}`;
  // The config is read once, on first use: the session service is this stand-in, allowed although
  // on loopback (as is port 9, where nothing listens); every other loopback address is refused.
  for (const [name, value] of Object.entries({
    TABLE_NAME: 'unused',
    APP_PUBLIC_URL: 'http://localhost:3000',
    BLUESKY_SERVICE_URL: `${pdsUrl}/`,
    ALLOW_PRIVATE_FETCH_HOSTS: `127.0.0.1:${port},localhost:${port},127.0.0.1:9`,
  })) {
    vi.stubEnv(name, value);
  }
});

beforeEach(() => {
  answers = {};
  calls = [];
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const connection = (pds: string): LiveConnection => ({
  platformUsername: '@ada.test',
  credentials: { accessToken: 'access-jwt', refreshToken: 'refresh-jwt', expiresAt: null },
  connectionData: { did: 'did:plc:ada', handle: 'ada.test', service: pds, pds },
});
const NOW = new Date('2026-01-01T00:00:00Z');
const post = {
  text: 'Boats return before sunrise.',
  index: 0,
  total: 2,
  root: null,
  parent: null,
  idempotencyKey: 'run-0',
  runStartedAt: '2026-01-01T00:00:00.000Z',
  now: NOW,
  mayAlreadyExist: false,
  article: { url: 'https://news.example.com/a', title: 'Harbour' },
  images: [],
  linkCardImage: null,
  linkPlacement: 'credit-post' as const,
  firstComment: null,
  step: null,
  saveStep: async () => {},
};

/** A session as createSession and refreshSession answer it, its access JWT with this scope and expiry. */
async function session(scope: string, expiresAt = NOW, didDoc?: unknown) {
  const accessJwt = await new UnsecuredJWT({ scope })
    .setSubject('did:plc:ada')
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .encode();
  return { did: 'did:plc:ada', handle: 'ada.test', accessJwt, refreshJwt: 'refresh-2', ...(didDoc ? { didDoc } : {}) };
}

describe('Bluesky failures as the publishing service sees them', () => {
  it('a 429 waits until ratelimit-reset', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 120;
    answer = {
      status: 429,
      headers: { 'ratelimit-reset': String(reset) },
      body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
    };
    const failure = await blueskyAdapter.publishPost(connection(pdsUrl), post).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlatformRateLimitError);
    expect((failure as PlatformRateLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(119);
    expect((failure as PlatformRateLimitError).retryAfterSeconds).toBeLessThanOrEqual(121);
  });

  it('a 5xx or an unreachable PDS may be retried; an expired token is a refusal with its message', async () => {
    answer = { status: 502, body: { error: 'UpstreamFailure', message: 'Upstream Failure' } };
    await expect(blueskyAdapter.publishPost(connection(pdsUrl), post)).rejects.toBeInstanceOf(PlatformUnavailableError);
    const unreachable = blueskyAdapter.publishPost(connection('http://127.0.0.1:9'), post);
    await expect(unreachable).rejects.toBeInstanceOf(PlatformUnavailableError);
    await expect(unreachable).rejects.toThrow('Bluesky could not be reached: nothing is listening at 127.0.0.1:9');
    answer = { status: 400, body: { error: 'ExpiredToken', message: 'Token has expired' } };
    const refusal = blueskyAdapter.publishPost(connection(pdsUrl), post);
    await expect(refusal).rejects.toBeInstanceOf(PlatformRejectedError);
    await expect(refusal).rejects.toThrow('Token has expired');
  });

  it('names an error by its XRPC error when it has no message, by its status when it has no XRPC body', async () => {
    answer = { status: 400, body: { error: 'InvalidRequest' } };
    await expect(blueskyAdapter.publishPost(connection(pdsUrl), post)).rejects.toThrow(
      new PlatformRejectedError('InvalidRequest'),
    );
    answer = { status: 503, headers: { 'content-type': 'text/html' }, body: '<h1>Down for maintenance</h1>' };
    await expect(blueskyAdapter.publishPost(connection(pdsUrl), post)).rejects.toThrow(
      new PlatformUnavailableError('Bluesky answered 503'),
    );
  });

  it('an unreadable or oversized reply may be retried, and says it was an answer', async () => {
    const unreadable = new PlatformUnavailableError('Bluesky sent an answer that could not be read');
    answer = { status: 200, headers: { 'content-type': 'text/html' }, body: '<p>ok</p>' };
    await expect(blueskyAdapter.publishPost(connection(pdsUrl), post)).rejects.toThrow(unreadable);
    answer = { status: 200, body: { uri: 'at://did:plc:ada/app.bsky.feed.post/3kabc' } };
    await expect(blueskyAdapter.publishPost(connection(pdsUrl), post)).rejects.toThrow(unreadable);
    answer = { status: 200, body: { uri: 'at://x', cid: 'bafy', padding: 'x'.repeat(1024 * 1024) } };
    await expect(blueskyAdapter.publishPost(connection(pdsUrl), post)).rejects.toThrow(unreadable);
  });

  it('sends nothing to a PDS at an address the guard refuses, and follows no redirect', async () => {
    const blocked = blueskyAdapter.publishPost(connection('http://127.0.0.1:1'), post);
    await expect(blocked).rejects.toBeInstanceOf(PlatformRejectedError);
    await expect(blocked).rejects.toThrow(
      'The Bluesky server 127.0.0.1:1 points to a loopback (this machine) address, which cannot be reached for security reasons.',
    );
    await expect(blueskyAdapter.publishPost(connection('http://pds.example.com'), post)).rejects.toThrow(
      'The Bluesky server pds.example.com points to an unencrypted (http) address, which cannot be reached for security reasons.',
    );
    answer = { status: 302, headers: { location: 'http://127.0.0.1:1/xrpc/com.atproto.repo.createRecord' }, body: '' };
    await expect(blueskyAdapter.publishPost(connection(pdsUrl), post)).rejects.toThrow(
      new PlatformRejectedError(`127.0.0.1:${port} answered with a redirect, which is not followed`),
    );
  });

  it('refuses to reply without the earlier posts cids', async () => {
    const made = { id: 'at://did:plc:ada/app.bsky.feed.post/3kabc', url: null };
    await expect(
      blueskyAdapter.publishPost(connection(pdsUrl), { ...post, index: 1, root: made, parent: made }),
    ).rejects.toThrow('An earlier post of this thread has no Bluesky cid');
  });
});

describe('Bluesky record keys (a post made once, whatever happens to the answer)', () => {
  const STARTED = '2026-01-01T00:00:00.000Z';
  const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;
  const decode = (key: string) =>
    [...key].reduce((value, char) => (value << 5n) | BigInt('234567abcdefghijklmnopqrstuvwxyz'.indexOf(char)), 0n);

  it("names each post of a run by a TID of the run's start and the post's position, the same on every attempt", () => {
    const keys = [0, 1, 2].map((index) => postRecordKey(STARTED, `run-a-${index}`, index)!);
    for (const key of keys) expect(key).toMatch(TID);
    expect([...keys].sort()).toEqual(keys);
    expect(postRecordKey(STARTED, 'run-a-1', 1)).toBe(keys[1]);
    expect(postRecordKey(STARTED, 'run-b-1', 1)).not.toBe(keys[1]);
    expect(decode(keys[2]!) >> 10n).toBe(BigInt(Date.parse(STARTED)) * 1000n + 2n);
    expect(postRecordKey('not a time', 'run-a-0', 0)).toBeNull();
  });

  it('creates the record under that key, and finds it when the answer was lost', async () => {
    const rkey = postRecordKey(post.runStartedAt!, post.idempotencyKey, post.index);
    const uri = `at://did:plc:ada/app.bsky.feed.post/${rkey}`;
    answers = {
      'com.atproto.repo.createRecord': { status: 502, body: { error: 'UpstreamFailure', message: 'Bad Gateway' } },
      'com.atproto.repo.getRecord': { status: 200, body: { uri, cid: 'bafyreia', value: { text: post.text } } },
    };
    const made = await blueskyAdapter.publishPost(connection(pdsUrl), post);
    expect(made).toEqual({ id: uri, cid: 'bafyreia', url: `https://bsky.app/profile/ada.test/post/${rkey}` });
    expect(JSON.parse(calls.find((call) => call.method === 'com.atproto.repo.createRecord')!.body)).toMatchObject({
      repo: 'did:plc:ada',
      collection: 'app.bsky.feed.post',
      rkey,
    });
  });

  it('reports the failure when no record was made under the key', async () => {
    answers = {
      'com.atproto.repo.createRecord': { status: 502, body: { error: 'UpstreamFailure', message: 'Bad Gateway' } },
      'com.atproto.repo.getRecord': {
        status: 400,
        body: { error: 'RecordNotFound', message: 'Could not locate record' },
      },
    };
    await expect(blueskyAdapter.publishPost(connection(pdsUrl), post)).rejects.toThrow(
      new PlatformUnavailableError('Bad Gateway'),
    );
  });
});

describe('Bluesky sessions', () => {
  const didDocNaming = (serviceEndpoint: string) => ({
    id: 'did:plc:ada',
    service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint }],
  });
  beforeEach(() => {
    answers['com.atproto.server.getSession'] = { status: 200, body: { did: 'did:plc:ada', handle: 'ada.test' } };
  });

  it("connects on the configured service and posts to the PDS the account's DID document names", async () => {
    const didDoc = didDocNaming(`http://localhost:${port}/`);
    answers['com.atproto.server.createSession'] = {
      status: 200,
      body: await session('com.atproto.appPass', NOW, didDoc),
    };

    const connected = await blueskyAdapter.connect({ handle: 'ada.test', appPassword: 'abcd-efgh-ijkl-mnop' });

    expect(connected).toMatchObject({
      platformUsername: '@ada.test',
      credentials: { refreshToken: 'refresh-2', expiresAt: NOW.toISOString() },
      connectionData: { did: 'did:plc:ada', handle: 'ada.test', service: pdsUrl, pds: `http://localhost:${port}` },
    });
    // The PDS was asked for the session before the connection was accepted.
    expect(calls.at(-1)).toMatchObject({ method: 'com.atproto.server.getSession' });
  });

  it('refuses a DID document naming a PDS the guard refuses, sending it nothing and ending the session', async () => {
    answers['com.atproto.server.createSession'] = {
      status: 200,
      body: await session('com.atproto.appPass', NOW, didDocNaming('http://127.0.0.1:1')),
    };
    answers['com.atproto.server.deleteSession'] = { status: 200, body: '' };
    const refused = blueskyAdapter.connect({ handle: 'ada.test', appPassword: 'abcd-efgh-ijkl-mnop' });
    await expect(refused).rejects.toBeInstanceOf(PlatformRejectedError);
    await expect(refused).rejects.toThrow('The Bluesky server 127.0.0.1:1 points to a loopback (this machine) address');
    expect(calls.map(({ method, authorization }) => ({ method, authorization }))).toEqual([
      { method: 'com.atproto.server.createSession', authorization: undefined },
      { method: 'com.atproto.server.deleteSession', authorization: 'Bearer refresh-2' },
    ]);
  });

  it('refuses a PDS answering for another account, ending the session', async () => {
    answers['com.atproto.server.createSession'] = { status: 200, body: await session('com.atproto.appPass') };
    answers['com.atproto.server.getSession'] = { status: 200, body: { did: 'did:plc:eve', handle: 'eve.test' } };
    await expect(blueskyAdapter.connect({ handle: 'ada.test', appPassword: 'abcd-efgh-ijkl-mnop' })).rejects.toThrow(
      new PlatformRejectedError(`127.0.0.1:${port} serves another account`),
    );
    expect(calls.map(({ method }) => method).at(-1)).toBe('com.atproto.server.deleteSession');
  });

  it('falls back to the service when the DID document names no PDS', async () => {
    answers['com.atproto.server.createSession'] = { status: 200, body: await session('com.atproto.appPass') };
    const connected = await blueskyAdapter.connect({ handle: 'ada.test', appPassword: 'abcd-efgh-ijkl-mnop' });
    expect(connected.connectionData.pds).toBe(pdsUrl);
  });

  it('refuses the account password, ending the session it started with its refresh JWT', async () => {
    answers['com.atproto.server.createSession'] = { status: 200, body: await session('com.atproto.access') };
    answers['com.atproto.server.deleteSession'] = { status: 200, body: '' };

    await expect(blueskyAdapter.connect({ handle: 'ada.test', appPassword: 'account-password' })).rejects.toThrow(
      new PlatformRejectedError('use an app password (Settings → App Passwords), not your account password'),
    );
    expect(calls.map(({ method, authorization }) => ({ method, authorization }))).toEqual([
      { method: 'com.atproto.server.createSession', authorization: undefined },
      { method: 'com.atproto.server.deleteSession', authorization: 'Bearer refresh-2' },
    ]);
  });

  it('refreshes with the refresh JWT once the access JWT is close to expiry, and reports a refused refresh', async () => {
    const stale: LiveConnection = {
      ...connection(pdsUrl),
      credentials: { accessToken: 'access-jwt', refreshToken: 'refresh-jwt', expiresAt: NOW.toISOString() },
    };
    const later = new Date(NOW.getTime() + 2 * 60 * 60 * 1000);
    answers['com.atproto.server.refreshSession'] = { status: 200, body: await session('com.atproto.appPass', later) };

    expect(await blueskyAdapter.refreshCredentials(stale, new Date(NOW.getTime() - 10 * 60 * 1000))).toBeNull();
    expect(await blueskyAdapter.refreshCredentials(stale, NOW)).toEqual({
      accessToken: expect.any(String),
      refreshToken: 'refresh-2',
      expiresAt: later.toISOString(),
    });
    expect(calls.map(({ method, authorization }) => ({ method, authorization }))).toEqual([
      { method: 'com.atproto.server.refreshSession', authorization: 'Bearer refresh-jwt' },
    ]);

    answers['com.atproto.server.refreshSession'] = {
      status: 400,
      body: { error: 'ExpiredToken', message: 'Token has been revoked' },
    };
    await expect(blueskyAdapter.refreshCredentials(stale, NOW)).rejects.toThrow(
      new PlatformRejectedError('Token has been revoked'),
    );
  });
});
