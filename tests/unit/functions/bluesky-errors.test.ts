import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LiveConnection,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
} from '../../../functions/services/publishing/platform-adapter';
import { blueskyAdapter } from '../../../functions/services/publishing/platforms/bluesky';

// A loopback stand-in for a PDS that answers createRecord as told (the XRPC error shape).
let answer: { status: number; headers?: Record<string, string>; body: unknown };
let server: Server;
let pdsUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pdsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const connection = (pds: string): LiveConnection => ({
  platformUsername: '@ada.test',
  credentials: { accessToken: 'access-jwt', refreshToken: 'refresh-jwt', expiresAt: null },
  connectionData: { did: 'did:plc:ada', handle: 'ada.test', service: pds, pds },
});
const post = {
  text: 'Boats return before sunrise.',
  index: 0,
  total: 2,
  root: null,
  parent: null,
  idempotencyKey: 'run-0',
  article: { url: 'https://news.example.com/a', title: 'Harbour' },
};

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
    await expect(blueskyAdapter.publishPost(connection('http://127.0.0.1:9'), post)).rejects.toThrow(
      new PlatformUnavailableError('Bluesky could not be reached'),
    );
    answer = { status: 400, body: { error: 'ExpiredToken', message: 'Token has expired' } };
    const refusal = blueskyAdapter.publishPost(connection(pdsUrl), post);
    await expect(refusal).rejects.toBeInstanceOf(PlatformRejectedError);
    await expect(refusal).rejects.toThrow('Token has expired');
  });

  it('refuses to reply without the earlier posts cids', async () => {
    const made = { id: 'at://did:plc:ada/app.bsky.feed.post/3kabc', url: null };
    await expect(
      blueskyAdapter.publishPost(connection(pdsUrl), { ...post, index: 1, root: made, parent: made }),
    ).rejects.toThrow('An earlier post of this thread has no Bluesky cid');
  });
});
