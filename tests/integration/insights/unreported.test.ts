import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { insightsResponseSchema } from '#shared/schemas/insights';
import { engagementReading } from '../../helpers/engagement-readings';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

// /insights for a curator who published only to Telegram (its Bot API reports no engagement): threads
// really published through the queue to the local Bot API, then GET /api/insights as the SPA calls it.
const pipeline = await startPublishingPipeline();
const { putThread, deleteThreadForUser } = await import('#functions/data/thread-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { rollUpReading } = await import('#functions/services/insights/rollup');
const insightsRoute = (await import('#functions/http/insights/get-insights')).handler;

afterAll(() => pipeline.stop());

async function telegramCurator(): Promise<string> {
  const userId = `user-${randomUUID()}`;
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  return userId;
}

async function publishedToTelegram(userId: string, title: string) {
  const thread = makeThread(userId, ['1/ Boats return before sunrise.', '2/ Buyers bid on the catch.'], { title });
  await putThread(thread);
  await requestPublish(userId, thread.id, { platforms: ['telegram'] }, new Date());
  expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
  return thread;
}

async function insightsOf(userId: string, days = '7') {
  const answer = await callRoute(insightsRoute, { userId }, { query: { days } }, { path: '/api/insights' });
  expect(answer.status).toBe(200);
  return insightsResponseSchema.parse(answer.body);
}

const TELEGRAM_NOTE = 'Telegram does not report engagement';

describe('/insights for threads published where engagement is not reported', () => {
  it('names the published threads that will have no figures and why, instead of promising figures in an hour', async () => {
    const userId = await telegramCurator();
    const first = await publishedToTelegram(userId, 'The harbour at dawn');
    const second = await publishedToTelegram(userId, 'The fish auction');
    const deleted = await publishedToTelegram(userId, 'A thread deleted since');
    expect(await deleteThreadForUser(userId, deleted.id)).toBe(true);

    const insights = await insightsOf(userId);

    expect(insights.totals.threads).toBe(0);
    expect(insights.unreported.threads).toBe(2);
    expect(insights.unreported.byPlatform).toEqual([{ platform: 'telegram', threads: 2, note: TELEGRAM_NOTE }]);
    expect(insights.unreported.newest.map((thread) => [thread.title, thread.platforms])).toEqual([
      ['The fish auction', [{ platform: 'telegram', note: TELEGRAM_NOTE }]],
      ['The harbour at dawn', [{ platform: 'telegram', note: TELEGRAM_NOTE }]],
    ]);
    expect(insights.unreported.newest.map((thread) => thread.threadId)).toEqual([second.id, first.id]);

    // Another curator sees none of them.
    expect((await insightsOf(`user-${randomUUID()}`)).unreported).toEqual({ threads: 0, byPlatform: [], newest: [] });
  });

  it('leaves out a thread that has figures from another platform', async () => {
    const userId = await telegramCurator();
    const withFigures = await publishedToTelegram(userId, 'Also on Bluesky');
    await rollUpReading(
      engagementReading(withFigures, 'bluesky', new Date().toISOString(), 4),
      new Date().toISOString(),
    );

    const insights = await insightsOf(userId);

    expect(insights.totals.threads).toBe(1);
    expect(insights.unreported).toEqual({ threads: 0, byPlatform: [], newest: [] });
  });
});
