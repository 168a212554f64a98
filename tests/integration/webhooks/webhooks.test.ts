import { randomBytes } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { APP_EVENT_SOURCE } from '#functions/manifest';
import { WEBHOOK_EVENT_TYPES } from '#shared/schemas/webhooks';
import { WEBHOOK_MAX_ATTEMPTS } from '#shared/webhooks/retry-schedule';
import { startPublicApiBridge } from '../../helpers/public-api-client';
import { securityEventDetails } from '../../helpers/security-events';
import { startTestTable } from '../../helpers/test-table';
import { startWebhookDelivery } from '../../helpers/webhook-harness';
import { startWebhookReceiver } from '../../helpers/webhook-receiver';

// The delivery path as `npm start` runs it: an event put on the local bus, its rule sending it to the
// webhooks queue, the local poller running the real worker, which signs and calls a local receiver
// that verifies every call with Standard Webhooks' reference verifier. Endpoints are managed through
// the app's API (/api/webhooks) on the local bridge.

const table = await startTestTable();
const receiver = await startWebhookReceiver();
const delivery = await startWebhookDelivery({ receiverHost: receiver.host });
const { sqs, queue, bus, depth: queueDepth } = delivery;
const bridge = await startPublicApiBridge();
const { newUser, app } = bridge;
const { putAppEvent } = await import('#functions/lib/aws/eventbridge');
const { getWebhookEndpoint } = await import('#functions/data/webhook-repository');
const { signingSecrets } = await import('#functions/services/webhooks/secrets');
const { listNotifications } = await import('#functions/data/notification-repository');

afterAll(async () => {
  await delivery.stop();
  await bridge.close();
  await receiver.close();
  await table.stop();
});

type User = Awaited<ReturnType<typeof newUser>>;

/** An endpoint at the receiver's `hookPath`, subscribed to every event; the receiver trusts its secret. */
async function addEndpoint(user: User, hookPath: string) {
  const created = await app(user.token, 'POST', '/api/webhooks', {
    url: receiver.url(hookPath),
    events: [...WEBHOOK_EVENT_TYPES],
  });
  expect(created.status).toBe(201);
  const secretIndex = receiver.trust(created.body.secret);
  return { id: created.body.endpoint.id as string, secret: created.body.secret as string, secretIndex };
}

const parsed = (body: string) => JSON.parse(body) as { type: string; timestamp: string; data: Record<string, unknown> };

describe('webhook deliveries', () => {
  it('delivers each event type, signed so the reference verifier accepts it, as { type, timestamp, data }', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, '/all-events');

    await putAppEvent('ThreadCreated', { workspaceId: user.userId, threadId: 't1', title: 'A thread' });
    await putAppEvent('ThreadPublished', {
      userId: user.userId,
      threadId: 't1',
      platform: 'bluesky',
      postUrls: ['https://bsky.app/profile/a/post/1'],
    });
    await putAppEvent('ThreadPublishFailed', { workspaceId: user.userId, threadId: 't1', platform: 'x', error: 'no' });
    await putAppEvent('ScheduleFired', { workspaceId: user.userId, scheduledItemId: 's1', threadId: 't1' });
    await putAppEvent('InsightsReading', { workspaceId: user.userId, threadId: 't1', kind: '1h' });
    await putAppEvent('FeedItemDrafted', { workspaceId: user.userId, feedId: 'f1', threadId: 't2' });

    await vi.waitFor(() => expect(receiver.callsTo('/all-events')).toHaveLength(6), { timeout: 20_000, interval: 100 });
    const calls = receiver.callsTo('/all-events');
    expect(calls.map((call) => parsed(call.body).type).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const call of calls) expect(call.verifiedWith).toEqual([endpoint.secretIndex]);
    const published = calls.map((call) => parsed(call.body)).find((payload) => payload.type === 'thread.published');
    expect(published?.data).toMatchObject({
      workspaceId: user.userId,
      platform: 'bluesky',
      postUrls: ['https://bsky.app/profile/a/post/1'],
    });
    expect(Number.isNaN(Date.parse(published?.timestamp ?? ''))).toBe(false);
    const log = await app(user.token, 'GET', `/api/webhooks/${endpoint.id}/deliveries`);
    expect(log.body.deliveries).toHaveLength(6);
    expect(log.body.deliveries[0]).toMatchObject({ status: 200, ok: true, attempt: 1, excerpt: 'ok' });
  });

  it('keeps the webhook-id when an event is delivered again, so a receiver that dedupes acts once', async () => {
    const user = await newUser();
    await addEndpoint(user, '/redelivered');
    const envelope = {
      version: '0',
      id: `event-${randomBytes(4).toString('hex')}`,
      'detail-type': 'ThreadCreated',
      source: APP_EVENT_SOURCE,
      time: new Date().toISOString(),
      detail: { workspaceId: user.userId, threadId: 't9' },
    };

    // SQS delivers at least once: the same bus event reaches the worker twice.
    for (let copy = 0; copy < 2; copy++)
      await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: JSON.stringify(envelope) }));

    await vi.waitFor(() => expect(receiver.callsTo('/redelivered')).toHaveLength(2), {
      timeout: 20_000,
      interval: 100,
    });
    const calls = receiver.callsTo('/redelivered');
    expect(new Set(calls.map((call) => call.webhookId)).size).toBe(1);
    expect(calls.filter((call) => call.firstOfItsId)).toHaveLength(1);
  });

  it('tries again after a 500 and succeeds, with the same webhook-id', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, '/flaky');
    receiver.answer('/flaky', (call) => (call === 0 ? { status: 500, body: 'database down' } : { status: 200 }));

    await putAppEvent('ThreadCreated', { workspaceId: user.userId, threadId: 't3' });

    await vi.waitFor(() => expect(receiver.callsTo('/flaky')).toHaveLength(2), { timeout: 20_000, interval: 100 });
    const calls = receiver.callsTo('/flaky');
    expect(calls[1]!.webhookId).toBe(calls[0]!.webhookId);
    expect(calls[1]!.verifiedWith).toEqual([endpoint.secretIndex]);
    const log = await app(user.token, 'GET', `/api/webhooks/${endpoint.id}/deliveries`);
    expect(log.body.deliveries.map((d: { attempt: number; status: number }) => [d.attempt, d.status])).toEqual([
      [2, 200],
      [1, 500],
    ]);
    expect(log.body.deliveries[1].excerpt).toBe('database down');
  });

  it('does not retry a 400 (the receiver refuses the event itself)', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, '/refusing');
    receiver.answer('/refusing', () => ({ status: 400, body: 'bad' }));

    await putAppEvent('ThreadCreated', { workspaceId: user.userId, threadId: 't4' });
    await vi.waitFor(() => expect(receiver.callsTo('/refusing')).toHaveLength(1), { timeout: 20_000, interval: 100 });
    // A message is sent only for a try to come: the drained queue proves none is.
    await vi.waitFor(async () => expect(await queueDepth()).toBe(0), { timeout: 20_000, interval: 100 });

    expect(receiver.callsTo('/refusing')).toHaveLength(1);
    expect((await app(user.token, 'GET', '/api/webhooks')).body.endpoints[0]).toMatchObject({
      id: endpoint.id,
      enabled: true,
    });
  });

  it('disables an endpoint that fails every try, and tells its managers in the app and the security log', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, '/down');
    receiver.answer('/down', () => ({ status: 503, body: 'unavailable' }));

    await putAppEvent('ThreadCreated', { workspaceId: user.userId, threadId: 't5' });

    await vi.waitFor(
      async () => expect((await app(user.token, 'GET', '/api/webhooks')).body.endpoints[0].enabled).toBe(false),
      { timeout: 45_000, interval: 250 },
    );
    expect(receiver.callsTo('/down')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(new Set(receiver.callsTo('/down').map((call) => call.webhookId)).size).toBe(1);
    expect((await app(user.token, 'GET', '/api/webhooks')).body.endpoints[0]).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
    });
    // The notice follows the disabling (the worker may still be writing it when the list shows it disabled).
    await vi.waitFor(
      async () =>
        expect(await listNotifications(user.userId, 10)).toEqual([
          expect.objectContaining({ kind: 'webhook_disabled', text: expect.stringContaining(receiver.url('/down')) }),
        ]),
      { timeout: 10_000, interval: 100 },
    );
    expect(await securityEventDetails(user.userId, 'webhook_disabled')).toEqual([
      expect.objectContaining({ endpointId: endpoint.id, reason: 'failing' }),
    ]);
    // Disabled: the next event is not delivered.
    await putAppEvent('ThreadCreated', { workspaceId: user.userId, threadId: 't6' });
    await bus.settled();
    await vi.waitFor(async () => expect(await queueDepth()).toBe(0), { timeout: 20_000, interval: 100 });
    expect(receiver.callsTo('/down')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  }, 60_000);

  it('never follows a redirect (to a private address or anywhere): the try fails and is logged as such', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, '/moved');
    receiver.answer('/moved', () => ({ status: 302, location: receiver.url('/internal-admin') }));

    const test = await app(user.token, 'POST', `/api/webhooks/${endpoint.id}/test`);

    expect(test.status).toBe(200);
    expect(test.body.delivery).toMatchObject({ status: 302, ok: false });
    expect(test.body.delivery.excerpt).toContain('not followed');
    expect(receiver.callsTo('/internal-admin')).toHaveLength(0);
  });
});

describe('webhook endpoints', () => {
  it('sends a test event at once and shows the answer; the secret is shown only at creation', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, '/tested');
    receiver.answer('/tested', () => ({ status: 202, body: 'thanks!' }));

    const test = await app(user.token, 'POST', `/api/webhooks/${endpoint.id}/test`);
    const listed = await app(user.token, 'GET', '/api/webhooks');

    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(test.body.delivery).toMatchObject({ status: 202, ok: true, excerpt: 'thanks!', eventType: 'webhook.test' });
    const [call] = receiver.callsTo('/tested');
    expect(parsed(call!.body).type).toBe('webhook.test');
    expect(call!.verifiedWith).toEqual([endpoint.secretIndex]);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
  });

  it('signs with both secrets during a rotation overlap, and with the new one alone after it', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, '/rotating');

    const rotated = await app(user.token, 'POST', `/api/webhooks/${endpoint.id}/rotate`);
    const newIndex = receiver.trust(rotated.body.secret);
    await app(user.token, 'POST', `/api/webhooks/${endpoint.id}/test`);

    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.endpoint.previousSecretUntil) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const [call] = receiver.callsTo('/rotating');
    expect(call!.verifiedWith.sort()).toEqual([endpoint.secretIndex, newIndex].sort());
    const stored = await getWebhookEndpoint(user.userId, endpoint.id);
    const after = await signingSecrets(stored!, new Date(Date.now() + 25 * 3600_000));
    expect(after).toEqual([rotated.body.secret]);
  });

  it('refuses private, plain http and unparsable addresses at creation with webhook_url_refused', async () => {
    const user = await newUser();
    const refusals = await Promise.all(
      [
        'https://127.0.0.1/hook',
        'https://10.0.0.5/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://localhost/hook',
        'http://example.com/hook',
        'ftp://example.com/hook',
        'not a url',
      ].map((url) => app(user.token, 'POST', '/api/webhooks', { url, events: ['thread.created'] })),
    );

    const noEvent = await app(user.token, 'POST', '/api/webhooks', { url: 'https://example.com/x', events: [] });
    const unknownEvent = await app(user.token, 'POST', '/api/webhooks', {
      url: 'https://example.com/x',
      events: ['thread.deleted'],
    });

    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.code).toBe('webhook_url_refused');
    }
    for (const refusal of [noEvent, unknownEvent]) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.code).toBe('invalid_request');
    }
    expect((await app(user.token, 'GET', '/api/webhooks')).body.endpoints).toEqual([]);
  });

  it("keeps a workspace's endpoints invisible to another workspace (404), and deletes them", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const endpoint = await addEndpoint(owner, '/private-ws');

    const theirList = await app(stranger.token, 'GET', '/api/webhooks');
    const answers = await Promise.all([
      app(stranger.token, 'GET', `/api/webhooks/${endpoint.id}/deliveries`),
      app(stranger.token, 'PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false }),
      app(stranger.token, 'POST', `/api/webhooks/${endpoint.id}/rotate`),
      app(stranger.token, 'POST', `/api/webhooks/${endpoint.id}/test`),
      app(stranger.token, 'DELETE', `/api/webhooks/${endpoint.id}`),
    ]);

    expect(theirList.body.endpoints).toEqual([]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('webhook_endpoint_not_found');
    }
    expect(receiver.callsTo('/private-ws')).toHaveLength(0);
    expect((await app(owner.token, 'GET', '/api/webhooks')).body.endpoints).toHaveLength(1);
    expect((await app(owner.token, 'DELETE', `/api/webhooks/${endpoint.id}`)).status).toBe(204);
    expect((await app(owner.token, 'GET', '/api/webhooks')).body.endpoints).toEqual([]);
  });

  it('disables and enables an endpoint by hand; a disabled one gets no events', async () => {
    const user = await newUser();
    const endpoint = await addEndpoint(user, '/paused');

    const paused = await app(user.token, 'PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false });
    await putAppEvent('ThreadCreated', { workspaceId: user.userId, threadId: 't7' });
    await bus.settled();
    await vi.waitFor(async () => expect(await queueDepth()).toBe(0), { timeout: 20_000, interval: 100 });
    const whilePaused = receiver.callsTo('/paused').length;
    const resumed = await app(user.token, 'PATCH', `/api/webhooks/${endpoint.id}`, { enabled: true });
    await putAppEvent('ThreadCreated', { workspaceId: user.userId, threadId: 't8' });

    expect(paused.body.endpoint).toMatchObject({ enabled: false, disabledReason: 'manual' });
    expect(whilePaused).toBe(0);
    expect(resumed.body.endpoint).toMatchObject({ enabled: true, disabledReason: null });
    await vi.waitFor(() => expect(receiver.callsTo('/paused')).toHaveLength(1), { timeout: 20_000, interval: 100 });
  });
});
