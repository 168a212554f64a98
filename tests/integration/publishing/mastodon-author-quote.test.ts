import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { authorPostOnShareStep } from '../../helpers/author-posts';
import { AUTHOR, BODY, curatorWithThread, IMPOSTOR, knownStatus } from '../../helpers/mastodon-author';
import { outgoingPost } from '../../helpers/outgoing-posts';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ATTRIBUTION, settle } from '../../helpers/publishing-threads';

const mastodon = await startMastodonServer();
// A server before Mastodon 4.5: no quote posts.
const olderServer = await startMastodonServer({ quotePosts: false });
Object.assign(process.env, { ALLOW_PRIVATE_FETCH_HOSTS: `${mastodon.instance},${olderServer.instance}` });
const pipeline = await startPublishingPipeline();
const { requestPublish } = await import('#functions/services/publishing/publish-thread');

afterAll(async () => {
  await pipeline.stop();
  await mastodon.close();
  await olderServer.close();
});

const CREDIT = expect.stringContaining(ATTRIBUTION);

describe("finding the author's own Mastodon post (GET …/author-posts)", () => {
  it("answers the author's earliest status linking the article, whatever tracking it carries", async () => {
    const { userId, thread } = await curatorWithThread(mastodon);
    const announcement = knownStatus(mastodon, { createdAt: '2026-10-30T08:00:00.000Z' });
    knownStatus(mastodon, { createdAt: '2026-11-02T08:00:00.000Z' });

    const post = await authorPostOnShareStep('mastodon', userId, thread.id);

    expect(post).toMatchObject({
      id: announcement,
      authorHandle: '@carol@example.social',
      createdAt: '2026-10-30T08:00:00.000Z',
      url: `${AUTHOR.url}/${announcement}`,
    });
    expect(post.excerpt).toContain('New piece on the harbour');
  });

  it('answers none when the only status linking the article is by another account', async () => {
    const sourceUrl = `https://news.example.com/impostor-${randomUUID()}`;
    const { userId, thread } = await curatorWithThread(mastodon, sourceUrl);
    knownStatus(mastodon, { account: AUTHOR, link: 'https://news.example.com/unrelated' });
    knownStatus(mastodon, { account: IMPOSTOR, link: sourceUrl });

    expect(await authorPostOnShareStep('mastodon', userId, thread.id)).toBeNull();
  });

  it("answers none when the author's status links another article", async () => {
    const sourceUrl = `https://news.example.com/another-${randomUUID()}`;
    const { userId, thread } = await curatorWithThread(mastodon, sourceUrl);
    knownStatus(mastodon, { link: `${sourceUrl}-part-2` });

    expect(await authorPostOnShareStep('mastodon', userId, thread.id)).toBeNull();
  });
});

describe("quoting the author's status in the credit (quoted_status_id)", () => {
  it('quotes the chosen status in the credit, which keeps the link and attribution', async () => {
    const { userId, thread } = await curatorWithThread(mastodon);
    const statusId = knownStatus(mastodon);
    const start = mastodon.statuses.length;

    await requestPublish(userId, thread.id, { platforms: ['mastodon'], quotes: { mastodon: statusId } }, new Date());
    const row = await settle(userId, thread.id, 'mastodon');

    expect(row).toMatchObject({ status: 'completed', quoteNote: null });
    const made = mastodon.statuses.slice(start);
    expect(made.map((status) => [status.text, status.quotedStatusId])).toEqual([
      [expect.stringContaining(BODY), null],
      [CREDIT, statusId],
    ]);
  });

  it("never quotes a status the client names that is not the author's", async () => {
    const { userId, thread } = await curatorWithThread(mastodon);
    const impostorStatus = knownStatus(mastodon, { account: IMPOSTOR });
    const start = mastodon.statuses.length;

    await requestPublish(
      userId,
      thread.id,
      { platforms: ['mastodon'], quotes: { mastodon: impostorStatus } },
      new Date(),
    );
    const row = await settle(userId, thread.id, 'mastodon');

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(mastodon.statuses.slice(start).map((status) => status.quotedStatusId)).toEqual([null, null]);
  });

  it("credits plainly, saying why, when the author's quote policy refuses the curator", async () => {
    const { userId, thread } = await curatorWithThread(mastodon);
    const statusId = knownStatus(mastodon, { quoteApproval: 'denied' });
    const start = mastodon.statuses.length;

    await requestPublish(userId, thread.id, { platforms: ['mastodon'], quotes: { mastodon: statusId } }, new Date());
    const row = await settle(userId, thread.id, 'mastodon');

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/quote settings do not allow/);
    expect(
      mastodon.statuses
        .slice(start)
        .map((status) => [status.text, status.quotedStatusId])
        .at(-1),
    ).toEqual([CREDIT, null]);
  });

  it('credits plainly, saying why, when the status was deleted after the share step', async () => {
    const { userId, thread } = await curatorWithThread(mastodon);
    const statusId = knownStatus(mastodon);
    mastodon.deleteStatus(statusId);

    await requestPublish(userId, thread.id, { platforms: ['mastodon'], quotes: { mastodon: statusId } }, new Date());
    const row = await settle(userId, thread.id, 'mastodon');

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(mastodon.statuses.at(-1)).toMatchObject({ text: CREDIT, quotedStatusId: null });
  });

  it('refuses the quote when the status is deleted between the check and the credit', async () => {
    const { mastodonAdapter } = await import('#functions/services/platforms/mastodon');
    const { QuoteRefusedError } = await import('#functions/services/platforms/platform-adapter');
    const { loadLiveConnection } = await import('#functions/services/connections/connections');
    const { userId } = await curatorWithThread(mastodon);
    const connection = (await loadLiveConnection(userId, 'mastodon', new Date()))!;
    const statusId = knownStatus(mastodon);
    mastodon.deleteStatus(statusId);
    const start = mastodon.statuses.length;

    const credit = mastodonAdapter.publishPost(connection, {
      ...outgoingPost({ text: ATTRIBUTION }),
      quote: { id: statusId },
    });

    await expect(credit).rejects.toThrow(QuoteRefusedError);
    await expect(credit).rejects.toThrow(/deleted/);
    expect(mastodon.statuses.length).toBe(start);
  });

  it('credits plainly on a server without quote posts', async () => {
    const { userId, thread } = await curatorWithThread(olderServer);
    const statusId = knownStatus(olderServer);

    await requestPublish(userId, thread.id, { platforms: ['mastodon'], quotes: { mastodon: statusId } }, new Date());
    const row = await settle(userId, thread.id, 'mastodon');

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/cannot make quote posts/);
    expect(olderServer.statuses.at(-1)).toMatchObject({ text: CREDIT, quotedStatusId: null });
  });
});
