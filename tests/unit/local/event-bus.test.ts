import { EventBridgeClient, PutEventsCommand, ResourceNotFoundException } from '@aws-sdk/client-eventbridge';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_EVENT_SOURCE } from '#functions/manifest';
import { LOCAL_EVENT_BUS, startLocalEventBus } from '#local/event-bus';

// No rule: these check PutEvents as the SDK sends it, not the deliveries (the collection test does).
const bus = await startLocalEventBus({ rules: [], source: APP_EVENT_SOURCE });
const client = new EventBridgeClient({
  region: 'us-east-1',
  endpoint: bus.handlerEnv.EVENTBRIDGE_ENDPOINT,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
afterAll(() => bus.stop());

const entry = (overrides: Record<string, string> = {}) => ({
  EventBusName: LOCAL_EVENT_BUS,
  Source: APP_EVENT_SOURCE,
  DetailType: 'ThreadPublished',
  Detail: JSON.stringify({ threadId: 't1' }),
  ...overrides,
});

describe('the local EventBridge bus', () => {
  it('takes PutEvents from the SDK and answers an event id per entry', async () => {
    const answer = await client.send(new PutEventsCommand({ Entries: [entry(), entry()] }));

    expect(answer.FailedEntryCount).toBe(0);
    expect(answer.Entries?.map((result) => typeof result.EventId)).toEqual(['string', 'string']);
  });

  it('fails an entry whose Detail is not a JSON object, and refuses a bus that does not exist', async () => {
    const answer = await client.send(new PutEventsCommand({ Entries: [entry({ Detail: '[1]' }), entry()] }));
    expect(answer.FailedEntryCount).toBe(1);
    expect(answer.Entries?.[0]?.ErrorCode).toBe('MalformedDetail');

    await expect(
      client.send(new PutEventsCommand({ Entries: [entry({ EventBusName: 'someone-elses' })] })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});
