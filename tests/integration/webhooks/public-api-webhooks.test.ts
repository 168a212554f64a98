import { afterAll, describe, expect, it } from 'vitest';
import { expectAnswerMatchesContract, startPublicApiBridge } from '../../helpers/public-api-client';
import { addTeamMember } from '../../helpers/team-members';
import { startTestTable } from '../../helpers/test-table';
import { startWebhookDelivery } from '../../helpers/webhook-harness';
import { startWebhookReceiver } from '../../helpers/webhook-receiver';

// The workspace's webhook endpoints managed with an API key through /v1/webhooks, on the local bridge
// (which runs the gateway's key authorizer), over the same operations as the app's /api/webhooks.

const table = await startTestTable();
const receiver = await startWebhookReceiver();
const delivery = await startWebhookDelivery({ receiverHost: receiver.host });
const bridge = await startPublicApiBridge();
const { newUser, app, v1, createKey } = bridge;
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
const { changeMemberRole } = await import('#functions/data/workspace-repository');

afterAll(async () => {
  await delivery.stop();
  await bridge.close();
  await receiver.close();
  await table.stop();
});

describe('/v1/webhooks with an API key', () => {
  it('creates an endpoint with a threads:write key, lists it, tests it and shows its log; the secret verifies the test call', async () => {
    const user = await newUser();
    const writer = await createKey(user.token, ['read', 'threads:write']);

    const created = await v1('/v1/webhooks', writer.secret, {
      method: 'POST',
      body: { url: receiver.url('/v1-hook'), events: ['thread.published'] },
    });
    expectAnswerMatchesContract('POST /v1/webhooks', created);
    expect(created.body.secret).toMatch(/^whsec_/);
    const secretIndex = receiver.trust(created.body.secret);
    const endpointId = created.body.endpoint.id as string;

    const listed = await v1('/v1/webhooks', writer.secret);
    expectAnswerMatchesContract('GET /v1/webhooks', listed);
    expect(listed.body.endpoints.map((endpoint: { id: string }) => endpoint.id)).toEqual([endpointId]);
    // The same endpoint the app shows.
    expect((await app(user.token, 'GET', '/api/webhooks')).body.endpoints[0].id).toBe(endpointId);

    const test = await v1(`/v1/webhooks/${endpointId}/test`, writer.secret, { method: 'POST' });
    expectAnswerMatchesContract('POST /v1/webhooks/{endpointId}/test', test);
    expect(test.body.delivery).toMatchObject({ eventType: 'webhook.test', status: 200, ok: true });
    expect(receiver.callsTo('/v1-hook').map((call) => call.verifiedWith)).toEqual([[secretIndex]]);

    const log = await v1(`/v1/webhooks/${endpointId}/deliveries`, writer.secret);
    expectAnswerMatchesContract('GET /v1/webhooks/{endpointId}/deliveries', log);
    expect(log.body.deliveries).toHaveLength(1);
  });

  it('refuses a read-only key a change (403 api_key_scope_missing), and creates nothing', async () => {
    const user = await newUser();
    const reader = await createKey(user.token, ['read']);

    const refused = await v1('/v1/webhooks', reader.secret, {
      method: 'POST',
      body: { url: receiver.url('/read-only'), events: ['thread.created'] },
    });

    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('api_key_scope_missing');
    expect((await v1('/v1/webhooks', reader.secret)).body.endpoints).toEqual([]);
  });

  it("answers another workspace's endpoint 404 webhook_endpoint_not_found, and leaves it as it was", async () => {
    const owner = await newUser();
    const ownersKey = await createKey(owner.token, ['read', 'threads:write']);
    const created = await v1('/v1/webhooks', ownersKey.secret, {
      method: 'POST',
      body: { url: receiver.url('/owned'), events: ['thread.created'] },
    });
    const endpointId = created.body.endpoint.id as string;
    const other = await newUser();
    const othersKey = await createKey(other.token, ['read', 'threads:write']);

    for (const [method, suffix] of [
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/rotate'],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const answer = await v1(`/v1/webhooks/${endpointId}${suffix}`, othersKey.secret, {
        method,
        body: method === 'PATCH' ? { enabled: false } : undefined,
      });
      expect(answer.status, `${method} ${suffix}`).toBe(404);
      expect(answer.body.code).toBe('webhook_endpoint_not_found');
    }
    expect((await v1('/v1/webhooks', ownersKey.secret)).body.endpoints).toEqual([
      expect.objectContaining({ id: endpointId, enabled: true }),
    ]);
    expect(receiver.callsTo('/owned')).toEqual([]);
  });

  it("refuses a key whose creator no longer manages the team's members (403 role_forbidden), though its other reads still work", async () => {
    const owner = await newUser();
    const admin = await newUser();
    const team = await createTeamWorkspace(owner, 'Newsroom', new Date());
    await addTeamMember(team, admin.userId, 'admin', { email: admin.email });
    const { secret } = await createKey(admin.token, ['read', 'threads:write'], team.id);
    const whileAdmin = await v1('/v1/webhooks', secret);
    expect(await changeMemberRole(team.id, admin.userId, 'admin', 'editor')).toBe('changed');

    const listing = await v1('/v1/webhooks', secret);
    const creating = await v1('/v1/webhooks', secret, {
      method: 'POST',
      body: { url: receiver.url('/demoted'), events: ['thread.created'] },
    });

    expect(whileAdmin.status).toBe(200);
    expect([listing.status, listing.body.code]).toEqual([403, 'role_forbidden']);
    expect([creating.status, creating.body.code]).toEqual([403, 'role_forbidden']);
    expect((await v1('/v1/threads', secret)).status).toBe(200);
    expect((await app(owner.token, 'GET', '/api/webhooks', undefined, team.id)).body.endpoints).toEqual([]);
  });
});
