import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startBlueskyServer } from '../../fakes/bluesky-server';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

/** A loopback port that counts every connection made to it (a PDS that must never be called). */
async function countingListener() {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signIn = await startBlueskyServer();
// A PDS the guard lets through (allowed like the sign-in service) that redirects every request.
const redirecting = await startBlueskyServer();
const listener = await countingListener();
redirecting.state.redirectTo = listener.url;
Object.assign(process.env, {
  BLUESKY_SERVICE_URL: signIn.url,
  // The stand-ins are allowed although on loopback; the listener is not.
  ALLOW_PRIVATE_FETCH_HOSTS: `${signIn.host},${redirecting.host}`,
});
const pipeline = await startPublishingPipeline();
const { listConnections, storeConnection } = await import('#functions/services/connections/connections');
const { putThread } = await import('#functions/data/thread-repository');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { handler: connectRoute } = await import('#functions/http/connections/post-bluesky-connection');

afterAll(async () => {
  await pipeline.stop();
  await Promise.all([signIn.close(), redirecting.close(), listener.close()]);
});

const connect = (userId: string, handle = signIn.handle) =>
  callRoute(
    connectRoute,
    { userId },
    { body: { handle, appPassword: 'abcd-efgh-ijkl-mnop' } },
    { method: 'POST', path: '/api/connections/bluesky' },
  );

/** What the sign-in service was asked since `start`, with the token each call carried. */
const signInCallsSince = (start: number) =>
  signIn.requests.slice(start).map((request) => `${request.method} ${request.authorization ?? ''}`.trim());
// A refused connection stores nothing, so the session it opened is ended with its refresh token.
const OPENED_THEN_ENDED = ['com.atproto.server.createSession', 'com.atproto.server.deleteSession Bearer refresh-jwt'];

describe('every Bluesky request through the outbound guard', () => {
  it('connects when the DID document names an allowed PDS, which is asked for the session first', async () => {
    signIn.state.pdsEndpoint = null;
    const userId = `user-${randomUUID()}`;
    const answer = await connect(userId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.connectionData).toMatchObject({ did: signIn.did, pds: signIn.url });
    expect(signIn.requests.slice(-2).map((request) => request.method)).toEqual([
      'com.atproto.server.createSession',
      'com.atproto.server.getSession',
    ]);
  });

  it.each([{ deleteSessionStatus: 200 }, { deleteSessionStatus: 500 }])(
    'refuses a DID document naming a loopback PDS: nothing sent there, nothing stored, the session ended (deleteSession answers $deleteSessionStatus)',
    async ({ deleteSessionStatus }) => {
      signIn.state.pdsEndpoint = listener.url;
      signIn.state.failDeleteSession = deleteSessionStatus === 500;
      const userId = `user-${randomUUID()}`;
      const before = signIn.requests.length;

      const answer = await connect(userId);
      signIn.state.failDeleteSession = false;

      expect(answer).toEqual({
        status: 400,
        body: {
          error: `The Bluesky server ${listener.host} points to a loopback (this machine) address, which cannot be reached for security reasons.`,
          code: 'connection_failed',
        },
      });
      expect(signInCallsSince(before)).toEqual(OPENED_THEN_ENDED);
      expect(listener.connections()).toBe(0);
      expect((await listConnections(userId)).connections).toEqual([]);
    },
  );

  it('refuses a PDS that redirects, without following it', async () => {
    signIn.state.pdsEndpoint = redirecting.url;
    const userId = `user-${randomUUID()}`;
    const before = signIn.requests.length;

    const answer = await connect(userId);

    expect(answer).toEqual({
      status: 400,
      body: {
        error: `Bluesky refused the connection: ${redirecting.host} answered with a redirect, which is not followed`,
        code: 'connection_failed',
      },
    });
    expect(redirecting.requests.map((request) => request.method)).toEqual(['com.atproto.server.getSession']);
    expect(signInCallsSince(before)).toEqual(OPENED_THEN_ENDED);
    expect(listener.connections()).toBe(0);
    expect((await listConnections(userId)).connections).toEqual([]);
  });

  it('checks the handle before any request', async () => {
    const before = signIn.requests.length;
    const answer = await connect(`user-${randomUUID()}`, 'not a handle/..');
    expect(answer).toEqual({
      status: 400,
      body: {
        error: 'Invalid request body: handle: Please enter a valid Bluesky handle (e.g., alice.bsky.social)',
        code: 'invalid_request',
      },
    });
    expect(signIn.requests.length).toBe(before);
  });

  it('publishes nothing to a stored connection whose PDS the guard refuses, and says why', async () => {
    const userId = `user-${randomUUID()}`;
    // A connection stored before the guard checked the PDS its session named.
    await storeConnection(
      userId,
      'bluesky',
      {
        platformUsername: `@${signIn.handle}`,
        credentials: { accessToken: 'access-jwt', refreshToken: 'refresh-jwt', expiresAt: null },
        connectionData: { did: signIn.did, handle: signIn.handle, service: signIn.url, pds: listener.url },
      },
      new Date(),
    );
    const thread = makeThread(userId, ['1/ Boats return before sunrise.']);
    await putThread(thread);

    await requestPublish(userId, thread.id, { platforms: ['bluesky'] }, new Date());
    const row = await settle(userId, thread.id);

    expect(row).toMatchObject({
      status: 'failed',
      postsMade: 0,
      error: `The Bluesky server ${listener.host} points to a loopback (this machine) address, which cannot be reached for security reasons.`,
    });
    expect(listener.connections()).toBe(0);
  });

  it("tags every post with the thread's language in the record's langs, which the PDS checks", async () => {
    const userId = `user-${randomUUID()}`;
    await storeConnection(
      userId,
      'bluesky',
      {
        platformUsername: `@${signIn.handle}`,
        credentials: { accessToken: 'access-jwt', refreshToken: 'refresh-jwt', expiresAt: null },
        connectionData: { did: signIn.did, handle: signIn.handle, service: signIn.url, pds: signIn.url },
      },
      new Date(),
    );
    const thread = { ...makeThread(userId, ['1/ 서울시는 요금을 인상했다.', '2/ 시민들은 반발했다.']), language: 'ko' };
    await putThread(thread);
    const before = signIn.records.length;

    await requestPublish(userId, thread.id, { platforms: ['bluesky'] }, new Date());
    const row = await settle(userId, thread.id);

    // Short posts are joined to fit Bluesky's length: every record made carries the language.
    const made = signIn.records.slice(before);
    expect(row).toMatchObject({ status: 'completed', postsMade: made.length });
    expect(made.length).toBeGreaterThan(0);
    expect(made.map((record) => record.langs)).toEqual(made.map(() => ['ko']));
  });

  it('sends no langs for a thread whose language is unknown', async () => {
    const userId = `user-${randomUUID()}`;
    await storeConnection(
      userId,
      'bluesky',
      {
        platformUsername: `@${signIn.handle}`,
        credentials: { accessToken: 'access-jwt', refreshToken: 'refresh-jwt', expiresAt: null },
        connectionData: { did: signIn.did, handle: signIn.handle, service: signIn.url, pds: signIn.url },
      },
      new Date(),
    );
    const thread = makeThread(userId, ['1/ Boats return before sunrise.']);
    await putThread(thread);
    const before = signIn.records.length;

    await requestPublish(userId, thread.id, { platforms: ['bluesky'] }, new Date());

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
    expect(signIn.records.slice(before).every((record) => !('langs' in record))).toBe(true);
  });
});
