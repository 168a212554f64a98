import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_SECRET_PATTERN } from '#shared/schemas/api-keys';
import { captureJsonLines } from '../../helpers/captured-output';
import { expectAnswerMatchesContract, startPublicApiBridge } from '../../helpers/public-api-client';
import { securityEventDetails } from '../../helpers/security-events';
import { seededThread } from '../../helpers/seed-threads';
import { addTeamMember } from '../../helpers/team-members';
import { startTestTable } from '../../helpers/test-table';

// The whole path a program takes: a key made in the app (/api, a Cognito token), used on the public
// API (/v1) through the local bridge, which runs the same API key authorizer the gateway runs.

const RATE_LIMIT = 5;
const { stop: stopTable } = await startTestTable();
process.env.API_KEY_REQUESTS_PER_MINUTE = String(RATE_LIMIT);
// Every handler logs the event it was invoked with, headers and query included, as an operator
// debugging with Powertools' event logging would: the masking must hide any key in it.
process.env.POWERTOOLS_LOGGER_LOG_EVENT = 'true';
const { putThread } = await import('#functions/data/thread-repository');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
const { removeMember } = await import('#functions/data/workspace-repository');
const { getApiKeyByHash, deleteApiKeysOfWorkspace } = await import('#functions/data/api-key-repository');
const { hashApiKeySecret } = await import('#functions/services/api-keys/key-secret');
const { verifyApiKey } = await import('#functions/services/api-keys/verify-api-key');
const { layAccountTombstone } = await import('#functions/data/account-deletion-repository');

const bridge = await startPublicApiBridge();
const { newUser, app, v1, createKey } = bridge;

afterAll(async () => {
  await bridge.close();
  await stopTable();
});

afterEach(() => {
  vi.useRealTimers();
});

async function seedThreads(ownerId: string, count: number) {
  const threads = Array.from({ length: count }, (_, index) => seededThread(ownerId, bridge.counter * 100 + index));
  for (const thread of threads) await putThread(thread);
  return threads;
}

describe('an API key from creation to revocation', () => {
  it('is shown once, works on /v1, records its use, and is refused from the request after its revocation', async () => {
    const curator = await newUser();
    const [thread] = await seedThreads(curator.userId, 1);

    const created = await createKey(curator.token, ['read']);
    const listedBefore = await app(curator.token, 'GET', '/api/api-keys');
    const listed = await v1('/v1/threads', created.secret);
    const one = await v1(`/v1/threads/${thread!.id}`, created.secret);
    const listedAfter = await app(curator.token, 'GET', '/api/api-keys');
    const revoked = await app(curator.token, 'DELETE', `/api/api-keys/${created.key.id}`);
    const refused = await v1('/v1/threads', created.secret);
    const listedLast = await app(curator.token, 'GET', '/api/api-keys');

    expect(created.secret).toMatch(API_KEY_SECRET_PATTERN);
    expect(created.key).toMatchObject({ name: 'Newsroom CMS', scopes: ['read'], lastUsedAt: null });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    // The listing never holds the secret, nor its hash.
    expect(JSON.stringify(listedBefore.body)).not.toContain(created.secret);
    expect(JSON.stringify(listedBefore.body)).not.toContain(hashApiKeySecret(created.secret));
    expect(listedBefore.body.keys.map((key: { id: string }) => key.id)).toEqual([created.key.id]);
    expectAnswerMatchesContract('GET /v1/threads', listed);
    expect(listed.body.threads.map((t: { id: string }) => t.id)).toEqual([thread!.id]);
    expect(listed.body.nextCursor).toBeNull();
    expectAnswerMatchesContract('GET /v1/threads/{threadId}', one);
    expect(one.body.id).toBe(thread!.id);
    expect(listedAfter.body.keys[0].lastUsedAt).not.toBeNull();
    expect(revoked.status).toBe(204);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('api_key_invalid');
    expect(listedLast.body.keys).toEqual([]);
    expect(await securityEventDetails(curator.userId, 'api_key_created')).toEqual([
      expect.objectContaining({ keyId: created.key.id, scopes: ['read'] }),
    ]);
    expect(await securityEventDetails(curator.userId, 'api_key_used_from_new_address')).toEqual([
      expect.objectContaining({ keyId: created.key.id, sourceIp: expect.stringContaining('127.0.0.1') }),
    ]);
    expect(await securityEventDetails(curator.userId, 'api_key_revoked')).toEqual([
      expect.objectContaining({ keyId: created.key.id }),
    ]);
  });

  it('pages /v1/threads with the same cursor as the app', async () => {
    const curator = await newUser();
    await seedThreads(curator.userId, 17);
    const { secret } = await createKey(curator.token, ['read']);

    const first = await v1('/v1/threads', secret);
    const second = await v1(`/v1/threads?cursor=${encodeURIComponent(first.body.nextCursor)}`, secret);
    const appFirst = await app(curator.token, 'GET', '/api/threads');

    expect(first.body.threads).toHaveLength(15);
    expect(second.body.threads).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
    expect(first.body).toEqual(appFirst.body);
  });

  it('writes its last use at most once a minute, and at once from a new address (a security event)', async () => {
    const curator = await newUser();
    const { secret } = await createKey(curator.token, ['read']);
    const use = (at: string, sourceIp: string) =>
      verifyApiKey({ authorization: `Bearer ${secret}`, sourceIp, userAgent: 'test', now: new Date(at) });
    const lastUse = async () => (await getApiKeyByHash(hashApiKeySecret(secret)))?.lastUsedAt;

    await use('2026-11-28T10:00:00.000Z', '198.51.100.7');
    await use('2026-11-28T10:00:30.000Z', '198.51.100.7');
    const withinTheMinute = await lastUse();
    await use('2026-11-28T10:00:40.000Z', '203.0.113.9');
    const fromNewAddress = await lastUse();
    await use('2026-11-28T10:01:41.000Z', '198.51.100.7');

    expect(withinTheMinute).toBe('2026-11-28T10:00:00.000Z');
    expect(fromNewAddress).toBe('2026-11-28T10:00:40.000Z');
    expect(await lastUse()).toBe('2026-11-28T10:01:41.000Z');
    expect(
      (await securityEventDetails(curator.userId, 'api_key_used_from_new_address')).map(
        (details) => (details as { sourceIp: string }).sourceIp,
      ),
    ).toEqual(['198.51.100.7', '203.0.113.9']);
  });

  it('is refused once its creator’s account is deleted', async () => {
    const curator = await newUser();
    const { secret } = await createKey(curator.token, ['read']);
    await layAccountTombstone(curator.userId, new Date(), new Date(Date.now() + 3_600_000));

    const refused = await v1('/v1/threads', secret);

    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('api_key_invalid');
  });

  it("goes with its workspace: the workspace's (or its owner account's) deletion deletes every key", async () => {
    const curator = await newUser();
    const first = await createKey(curator.token, ['read']);
    const second = await createKey(curator.token, ['read', 'publish']);

    const deleted = await deleteApiKeysOfWorkspace(curator.userId);

    expect(deleted).toBe(2);
    expect(await getApiKeyByHash(hashApiKeySecret(first.secret))).toBeNull();
    expect(await getApiKeyByHash(hashApiKeySecret(second.secret))).toBeNull();
    expect((await v1('/v1/threads', second.secret)).body).toMatchObject({ code: 'api_key_invalid' });
  });

  it('logs neither the secret nor its hash anywhere along the way', async () => {
    const curator = await newUser();
    let secret = '';

    const lines = await captureJsonLines(async () => {
      ({ secret } = await createKey(curator.token, ['read']));
      await v1('/v1/threads', secret);
      await v1(`/v1/threads?key=${secret}`, secret);
      await v1('/v1/threads/not-a-thread', secret);
    });

    const logged = JSON.stringify(lines);
    // The events were logged (the authorizer's and the handlers'), with their headers and query, masked.
    expect(logged).toContain('"authorization":"[masked]"');
    expect(logged).toContain('"rawQueryString":"key=[token]"');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(secret.slice(9));
    expect(logged).not.toContain(hashApiKeySecret(secret));
  });
});

describe('what a key may reach', () => {
  it("answers another workspace's thread exactly as the app answers a stranger's token", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const [thread] = await seedThreads(owner.userId, 1);
    await seedThreads(stranger.userId, 1);
    const { secret } = await createKey(stranger.token, ['read']);

    const byKey = await v1(`/v1/threads/${thread!.id}`, secret);
    const byToken = await app(stranger.token, 'GET', `/api/threads/${thread!.id}`);
    const missingByKey = await v1('/v1/threads/00000000-0000-4000-8000-000000000000', secret);
    const missingByToken = await app(stranger.token, 'GET', '/api/threads/00000000-0000-4000-8000-000000000000');
    const listing = await v1('/v1/threads', secret);

    expect(byKey.status).toBe(byToken.status);
    expect(byKey.body).toEqual(byToken.body);
    expect(missingByKey.status).toBe(missingByToken.status);
    expect(missingByKey.body).toEqual(missingByToken.body);
    expect(listing.body.threads.map((t: { id: string }) => t.id)).not.toContain(thread!.id);
  });

  it('acts in its team workspace only, whatever workspace the request names, and only while its creator is a member', async () => {
    const owner = await newUser();
    const admin = await newUser();
    const team = await createTeamWorkspace(owner, 'Newsroom', new Date());
    await addTeamMember(team, admin.userId, 'admin', { email: admin.email });
    const [teamThread] = await seedThreads(team.id, 1);
    await seedThreads(admin.userId, 1);
    const { secret } = await createKey(admin.token, ['read'], team.id);

    const listing = await v1('/v1/threads', secret);
    const namingAnother = await v1('/v1/threads', secret, { headers: { 'x-workspace-id': admin.userId } });
    const personalKeys = await app(admin.token, 'GET', '/api/api-keys');
    await removeMember(team.id, admin.userId, 'admin');
    const afterRemoval = await v1('/v1/threads', secret);

    expect(listing.status).toBe(200);
    expect(listing.body.threads.map((t: { id: string }) => t.id)).toEqual([teamThread!.id]);
    expect(namingAnother.body).toEqual(listing.body);
    // The reading is in the security log of the member whose key read, naming the team, as in the app.
    expect(await securityEventDetails(admin.userId, 'thread_access')).toEqual([
      expect.objectContaining({ count: 1, workspaceId: team.id }),
      expect.objectContaining({ count: 1, workspaceId: team.id }),
    ]);
    expect(await securityEventDetails(team.id, 'thread_access')).toEqual([]);
    expect(personalKeys.body.keys).toEqual([]);
    expect(afterRemoval.status).toBe(403);
    expect(afterRemoval.body.code).toBe('workspace_access_denied');
  });

  it('is managed by owners and admins only: an editor of the team can neither list nor create keys', async () => {
    const owner = await newUser();
    const editor = await newUser();
    const team = await createTeamWorkspace(owner, 'Desk', new Date());
    await addTeamMember(team, editor.userId, 'editor', { email: editor.email });

    const listed = await app(editor.token, 'GET', '/api/api-keys', undefined, team.id);
    const created = await app(editor.token, 'POST', '/api/api-keys', { name: 'x', scopes: ['read'] }, team.id);

    expect(listed.status).toBe(403);
    expect(created.status).toBe(403);
    expect(created.body.code).toBe('role_forbidden');
  });

  it('needs the scope a route names: a write-only key cannot read', async () => {
    const curator = await newUser();
    const { secret } = await createKey(curator.token, ['threads:write']);

    const refused = await v1('/v1/threads', secret);

    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('api_key_scope_missing');
  });

  it('refuses a key in the URL with a clear error, with or without the header', async () => {
    const curator = await newUser();
    const { secret } = await createKey(curator.token, ['read']);

    const withHeader = await v1(`/v1/threads?api_key=${secret}`, secret);
    const withoutHeader = await v1(`/v1/threads?api_key=${secret}`);

    expect(withHeader.status).toBe(400);
    expect(withHeader.body.code).toBe('api_key_in_url');
    expect(withoutHeader.status).toBe(401);
  });

  it('refuses a malformed or unknown key as it refuses a revoked one', async () => {
    const unknown = await v1('/v1/threads', `tsk_live_${'A'.repeat(43)}`);
    const malformed = await v1('/v1/threads', 'tsk_live_short');

    // Our `{ error, code }`, as the route's stack answers the authorizer's refusal (the cloud's too).
    expect(unknown).toMatchObject({ status: 401, body: { code: 'api_key_invalid', error: expect.any(String) } });
    expect(malformed.status).toBe(401);
    expect(unknown.body).toEqual(malformed.body);
  });
});

describe('rate limits per key', () => {
  it('reports the budget on every answer and refuses past it with Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:10.000Z'));
    const curator = await newUser();
    const { secret } = await createKey(curator.token, ['read']);
    const other = await createKey(curator.token, ['read']);

    const answers = [];
    for (let request = 0; request <= RATE_LIMIT; request++) answers.push(await v1('/v1/threads', secret));
    const otherKey = await v1('/v1/threads', other.secret);

    expect(answers.slice(0, RATE_LIMIT).map((answer) => answer.status)).toEqual(Array(RATE_LIMIT).fill(200));
    expect(answers.map((answer) => answer.headers.get('ratelimit'))).toEqual([
      '"per-key";r=4;t=50',
      '"per-key";r=3;t=50',
      '"per-key";r=2;t=50',
      '"per-key";r=1;t=50',
      '"per-key";r=0;t=50',
      '"per-key";r=0;t=50',
    ]);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe(`"per-key";q=${RATE_LIMIT};w=60`);
    const last = answers[RATE_LIMIT]!;
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('rate_limited');
    expect(last.headers.get('retry-after')).toBe('50');
    expect(otherKey.status).toBe(200);
  });
});
