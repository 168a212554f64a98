import { randomUUID } from 'node:crypto';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { attributionText } from '#shared/attribution';
import { captureJsonLines } from '../../helpers/captured-output';
import { connectionKeyOf } from '../../helpers/connections';
import { itPlacesTheLinkOnTheFirstPostWhenChosen } from '../../helpers/link-placement-checks';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { ARTICLE, makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

const pipeline = await startPublishingPipeline();
const { telegram } = pipeline;
const { db, tableName } = await import('#functions/data/client');
const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const { setPlatformEnabled } = await import('#functions/data/settings-repository');
const { connectTelegram, listConnections } = await import('#functions/services/connections/connections');
const { disconnectPlatform } = await import('#functions/services/connections/disconnect-platform');
const { failPlatformOnUpcomingItems } = await import('#functions/services/scheduling/item-ending');
const { cancelPlugsOfPlatform } = await import('#functions/services/insights/plug-cancellation');
const { requestPublish, getPublishStatus } = await import('#functions/services/publishing/publish-thread');
const { listMyNotifications } = await import('#functions/services/notifications/notify');
const postPublish = (await import('#functions/http/publishing/post-publish')).handler;

afterAll(() => pipeline.stop());

// Posts long enough that Telegram's 4,096 limit keeps each body post its own message: 5 messages.
const longPost = (n: number) =>
  `${n}/ ${`Paragraph ${n} about the harbour, its boats and the auction hall. `.repeat(38).trim()}`;
const FIVE_MESSAGE_POSTS = [1, 2, 3, 4].map(longPost);

async function connectedUser(): Promise<string> {
  const userId = `user-${randomUUID()}`;
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  return userId;
}

const PUBLISH_METRICS = [
  'PublishAttempted',
  'PublishCompleted',
  'PublishFailed',
  'RateLimited',
  'MessagesDeadLettered',
];

/** The publishing metrics in captured EMF lines, summed by name (each line also names its platform or queue). */
function countsOf(lines: Record<string, unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of lines) {
    for (const name of PUBLISH_METRICS) {
      if (name in line) {
        expect(line.platform ?? line.queue).toBe(name === 'MessagesDeadLettered' ? 'publishing' : 'telegram');
        counts[name] = (counts[name] ?? 0) + Number(line[name]);
      }
    }
  }
  return counts;
}

function messagesSince(start: number) {
  return telegram.messages.slice(start);
}

function expectChained(sent: ReturnType<typeof messagesSince>, expectedTexts: string[]) {
  expect(sent.map((m) => m.text)).toEqual(expectedTexts);
  expect(new Set(sent.map((m) => m.text)).size).toBe(sent.length);
  sent.forEach((message, index) => {
    expect(message.replyTo).toBe(index === 0 ? null : sent[index - 1]!.messageId);
  });
  expect(sent.at(-1)!.text).toContain(`Read original article at: ${ARTICLE}`);
}

describe('Telegram connections', () => {
  it('refuses a bad bot token or chat id and stores nothing', async () => {
    const userId = `user-${randomUUID()}`;
    await expect(connectTelegram(userId, { botToken: 'nope', chatId: PUBLIC_CHAT.id }, new Date())).rejects.toThrow(
      'Telegram refused the connection: Unauthorized',
    );
    await expect(connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: '-999' }, new Date())).rejects.toThrow(
      'chat not found',
    );
    expect((await listConnections(userId)).connections).toEqual([]);
  });

  it('stores the bot token encrypted and never shows it', async () => {
    const userId = await connectedUser();
    const { connections } = await listConnections(userId);
    expect(connections).toEqual([
      expect.objectContaining({
        platform: 'telegram',
        isConnected: true,
        platformUsername: '@snipbot',
        connectionData: { chatId: PUBLIC_CHAT.id, chatTitle: PUBLIC_CHAT.title, chatUsername: PUBLIC_CHAT.username },
      }),
    ]);
    expect(JSON.stringify(connections)).not.toContain(TELEGRAM_TOKEN);
    const raw = await db.send(
      new GetCommand({ TableName: tableName(), Key: await connectionKeyOf(userId, 'telegram') }),
    );
    expect(JSON.stringify(raw.Item)).not.toContain(TELEGRAM_TOKEN);
    expect(String(raw.Item?.accessToken)).toMatch(/^v1\./);
  });

  it('disconnect clears the connection, and publishing then refuses with nothing queued', async () => {
    const userId = await connectedUser();
    await disconnectPlatform(userId, 'telegram', new Date(), { failPlatformOnUpcomingItems, cancelPlugsOfPlatform });
    const { connections } = await listConnections(userId);
    expect(connections[0]).toMatchObject({ isConnected: false, platformUsername: null, connectionData: {} });
    const thread = makeThread(userId, ['A short post.']);
    await putThread(thread);
    await expect(requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date())).rejects.toThrow(
      'Telegram is not connected',
    );
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
  });

  it('refuses an unknown platform with a 400 and an admin-disabled one, queueing nothing', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, ['A short post.']);
    await putThread(thread);
    const unknown = await callRoute(
      postPublish,
      { userId },
      { params: { threadId: thread.id }, body: { platforms: ['myspace'] } },
      { method: 'POST' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'invalid_request' });
    expect(unknown.body.error).toContain('Platform myspace not implemented');
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
    // The admin's toggle (update_platform_setting) turns Telegram off.
    await setPlatformEnabled('telegram', false, new Date().toISOString());
    try {
      await expect(requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date())).rejects.toThrow(
        'Telegram is not available right now.',
      );
      expect((await listConnections(userId)).enabledPlatforms).not.toContain('telegram');
    } finally {
      await setPlatformEnabled('telegram', true, new Date().toISOString());
    }
  });
});

describe('publishing a thread to Telegram through the queue', () => {
  it('posts a short thread as one message: title, posts, the attribution last', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, ['1/ Boats return before sunrise.', '2/ Buyers bid on the catch.']);
    await putThread(thread);
    const start = telegram.messages.length;
    await requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date());
    const row = await settle(userId, thread.id);
    const sent = messagesSince(start);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toBe(
      `The harbour at dawn\n\nBoats return before sunrise.\n\nBuyers bid on the catch.\n\n${attributionText('localhost:3000', ARTICLE)}`,
    );
    expect(row).toMatchObject({ status: 'completed', postUrl: `https://t.me/curatedreads/${sent[0]!.messageId}` });
    expect((await getThreadForUser(userId, thread.id))?.platformPosts.telegram).toEqual({
      posted: true,
      postUrl: row.postUrl,
    });
  });

  it('resumes after a 5xx on post 3 of 5 without duplicating a post, the attribution last', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_MESSAGE_POSTS);
    await putThread(thread);
    const start = telegram.messages.length;
    telegram.failSend(3, { status: 500 });
    await requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date());
    const row = await settle(userId, thread.id);
    expect(row).toMatchObject({ status: 'completed', postsMade: 5, postsTotal: 5 });
    const sent = messagesSince(start);
    expect(sent).toHaveLength(5);
    expectChained(sent, [
      `The harbour at dawn\n\n${FIVE_MESSAGE_POSTS[0]!.slice(3)}`,
      ...FIVE_MESSAGE_POSTS.slice(1).map((p) => p.slice(3)),
      attributionText('localhost:3000', ARTICLE),
    ]);
  });

  it('waits out a 429 with retry_after by re-queueing, then completes without duplicates', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_MESSAGE_POSTS);
    await putThread(thread);
    const start = telegram.messages.length;
    telegram.failSend(2, { status: 429, retryAfter: 1 });
    const metricLines = await captureJsonLines(async () => {
      await requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date());
      expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
    });
    expect(messagesSince(start)).toHaveLength(5);
    // One attempt, one 429 waited out, one completion: counted per platform for the dashboard.
    expect(countsOf(metricLines)).toEqual({ PublishAttempted: 1, RateLimited: 1, PublishCompleted: 1 });
    expectChained(
      messagesSince(start),
      messagesSince(start).map((m) => m.text),
    );
  });

  it('fails the row on a 403 with the platform error, and Retry resumes at the first post not made', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, FIVE_MESSAGE_POSTS);
    await putThread(thread);
    const start = telegram.messages.length;
    telegram.failSend(2, { status: 403 });
    await requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date());
    expect(await settle(userId, thread.id)).toMatchObject({
      status: 'failed',
      error: 'Forbidden: bot was kicked from the channel chat',
      postsMade: 1,
    });
    expect((await getThreadForUser(userId, thread.id))?.platformPosts.telegram).toEqual({ posted: false });
    // The curator hears of it in the app's notifications, with a way back to the thread.
    const { notifications } = await listMyNotifications(userId);
    expect(notifications[0]).toMatchObject({
      kind: 'publish_failed',
      text: expect.stringMatching(/ to Telegram failed: Forbidden: bot was kicked from the channel chat$/),
      link: `/thread/${thread.id}`,
      readAt: null,
    });

    await requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date());
    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed', postsMade: 5 });
    const sent = messagesSince(start);
    expect(sent).toHaveLength(5);
    expectChained(
      sent,
      sent.map((m) => m.text),
    );
  });

  it('marks the row failed when every attempt fails, and the message reaches the DLQ', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, ['Only one post.']);
    await putThread(thread);
    const dlqDepth = async () =>
      Number(
        (
          await pipeline.sqs.send(
            new GetQueueAttributesCommand({
              QueueUrl: pipeline.queue.dlqUrl,
              AttributeNames: ['ApproximateNumberOfMessages'],
            }),
          )
        ).Attributes?.ApproximateNumberOfMessages ?? 0,
      );
    const before = await dlqDepth();
    for (const n of [1, 2, 3]) telegram.failSend(n, { status: 502 });
    const metricLines = await captureJsonLines(async () => {
      await requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date());
      expect(await settle(userId, thread.id)).toMatchObject({ status: 'failed', error: 'Internal Server Error' });
      const deadline = Date.now() + 20_000;
      while ((await dlqDepth()) !== before + 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    });
    expect(await dlqDepth()).toBe(before + 1);
    expect(countsOf(metricLines)).toEqual({ PublishAttempted: 1, PublishFailed: 1, MessagesDeadLettered: 1 });
    expect(metricLines.find((line) => 'MessagesDeadLettered' in line)).toMatchObject({ queue: 'publishing' });
  });
});

describe('placing the source link on Telegram', () => {
  itPlacesTheLinkOnTheFirstPostWhenChosen({
    platform: 'telegram',
    connectedUser,
    bodyPosts: FIVE_MESSAGE_POSTS,
    received: () => telegram.messages,
  });
});
