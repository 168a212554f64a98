import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { LinkPlacement } from '#shared/publishing/link-placement';
import { insightsResponseSchema } from '#shared/schemas/insights';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { engagementReading } from '../../helpers/engagement-readings';
import {
  authorStatus,
  MASTODON_AUTHOR_HANDLES,
  MASTODON_BODY,
  mastodonCuratorWithThread,
} from '../../helpers/mastodon-author';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

// 'What works for your audience' as a curator gets it: threads really published to the Mastodon
// stand-in (link placement chosen, the author's status quoted or not), read back through the reading
// service, then GET /api/insights as the SPA calls it.
const mastodon = await startMastodonServer();
Object.assign(process.env, { ALLOW_PRIVATE_FETCH_HOSTS: mastodon.instance });
const pipeline = await startPublishingPipeline();
const { putThread } = await import('#functions/data/thread-repository');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { readAndStore } = await import('#functions/services/insights/take-reading');
const { rollUpReading } = await import('#functions/services/insights/rollup');
const insightsRoute = (await import('#functions/http/insights/get-insights')).handler;

afterAll(async () => {
  await pipeline.stop();
  await mastodon.close();
});

async function insightsOf(userId: string) {
  const answer = await callRoute(insightsRoute, { userId }, { query: { days: '7' } }, { path: '/api/insights' });
  expect(answer.status).toBe(200);
  return insightsResponseSchema.parse(answer.body);
}

/**
 * Publishes a new thread of the curator's to Mastodon as asked, gives its first status 10 favourites and
 * its credit `creditLikes`, and takes the 1 h reading through the reading service.
 */
async function publishedAndRead(credit: { placement?: LinkPlacement; quote?: string; creditLikes: number }) {
  const thread = makeThread(userId, [MASTODON_BODY], { authorHandles: MASTODON_AUTHOR_HANDLES });
  await putThread(thread);
  const start = mastodon.statuses.length;
  await requestPublish(
    userId,
    thread.id,
    {
      platforms: ['mastodon'],
      ...(credit.placement ? { linkPlacements: { mastodon: credit.placement } } : {}),
      ...(credit.quote ? { quotes: { mastodon: credit.quote } } : {}),
    },
    new Date(),
  );
  const row = await settle(userId, thread.id, 'mastodon');
  expect(row.status).toBe('completed');
  const [first, ...rest] = mastodon.statuses.slice(start);
  mastodon.setFigures(first!.id, { favourites: 10, reblogs: 0, replies: 0 });
  mastodon.setFigures(rest.at(-1)!.id, { favourites: credit.creditLikes, reblogs: 0, replies: 0 });
  expect(await readAndStore(userId, thread.id, 'mastodon', '1h', new Date())).toMatchObject({ outcome: 'stored' });
  return row;
}

// One curator connected to the stand-in; each test thread is another of theirs about the author's article.
const { userId } = await mastodonCuratorWithThread(mastodon);

describe("/insights 'What works for your audience'", () => {
  it('compares credit reach by link placement and by quoting the author, flagged until each group has five threads', async () => {
    // Five threads with the link on the first post too, each quoting the author's status: credit reach 40–80%.
    for (const creditLikes of [4, 5, 6, 7, 8]) {
      await publishedAndRead({
        placement: 'first-post-and-credit',
        quote: authorStatus(mastodon),
        creditLikes,
      });
    }
    // Four with the default placement and a plain credit: 10–40%.
    for (const creditLikes of [1, 2, 3, 4]) await publishedAndRead({ creditLikes });
    // One whose rollup was written before the credit facts were kept: left out, and counted as such.
    const older = makeThread(userId, ['1/ An older thread.']);
    await putThread(older);
    await rollUpReading(engagementReading(older, 'mastodon', new Date().toISOString(), 7), new Date().toISOString());

    const early = await insightsOf(userId);

    const quotedEarly = early.creditComparisons.find((entry) => entry.dimension === 'authorQuoted')!;
    expect(quotedEarly).toMatchObject({ enough: false, smallestGroup: 4, minimumPerGroup: 5, leftOut: 1 });
    expect(quotedEarly.groups.map((group) => [group.key, group.threads])).toEqual([
      ['quoted', 5],
      ['not-quoted', 4],
    ]);

    // The fifth plain credit: a quote the author's policy refuses, so the credit is posted plain (50%).
    const refused = await publishedAndRead({
      quote: authorStatus(mastodon, { quoteApproval: 'denied' }),
      creditLikes: 5,
    });
    expect(refused.quoteNote).toMatch(/quote settings do not allow/);

    const insights = await insightsOf(userId);

    expect(insights.creditComparisons.map((entry) => [entry.dimension, entry.platform, entry.title])).toEqual([
      ['linkPlacement', 'mastodon', 'Link placement on Mastodon'],
      ['authorQuoted', null, "Quoting the author's own post"],
    ]);
    const [placement, quoted] = insights.creditComparisons;
    expect(placement).toMatchObject({ enough: true, smallestGroup: 5, leftOut: 1 });
    expect(
      placement!.groups.map((group) => [group.key, group.threads, group.medianCreditReach, group.meanCreditReach]),
    ).toEqual([
      ['credit-post', 5, 0.3, expect.closeTo(0.3)],
      ['first-post-and-credit', 5, 0.6, expect.closeTo(0.6)],
    ]);
    expect(quoted).toMatchObject({ enough: true, smallestGroup: 5, leftOut: 1 });
    expect(quoted!.groups.map((group) => [group.key, group.threads, group.medianCreditReach])).toEqual([
      ['quoted', 5, 0.6],
      ['not-quoted', 5, 0.3],
    ]);
    // Mastodon reports no link clicks: each group says so with a sample of none.
    expect(quoted!.groups.map((group) => group.linkClicks)).toEqual([
      { threads: 0, median: null, mean: null },
      { threads: 0, median: null, mean: null },
    ]);

    // Another curator sees none of it.
    expect((await insightsOf(`user-${randomUUID()}`)).creditComparisons).toEqual([]);
  });
});
