import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { authorPostOnShareStep, postCreditQuoting, publishQuoting } from '../../helpers/author-posts';
import {
  MASTODON_AUTHOR as AUTHOR,
  authorStatus,
  IMPOSTOR,
  MASTODON_BODY,
  mastodonCuratorWithThread,
} from '../../helpers/mastodon-author';
import { outgoingPost } from '../../helpers/outgoing-posts';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ATTRIBUTION } from '../../helpers/publishing-threads';

const mastodon = await startMastodonServer();
// A server before Mastodon 4.5: no quote posts.
const olderServer = await startMastodonServer({ quotePosts: false });
Object.assign(process.env, { ALLOW_PRIVATE_FETCH_HOSTS: `${mastodon.instance},${olderServer.instance}` });
const pipeline = await startPublishingPipeline();

afterAll(async () => {
  await pipeline.stop();
  await mastodon.close();
  await olderServer.close();
});

const CREDIT = expect.stringContaining(ATTRIBUTION);

describe("finding the author's own Mastodon post (GET …/author-posts)", () => {
  it("answers the author's earliest status linking the article, whatever tracking it carries", async () => {
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);
    const announcement = authorStatus(mastodon, { createdAt: '2026-10-30T08:00:00.000Z' });
    authorStatus(mastodon, { createdAt: '2026-11-02T08:00:00.000Z' });

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
    const { userId, thread } = await mastodonCuratorWithThread(mastodon, sourceUrl);
    authorStatus(mastodon, { account: AUTHOR, link: 'https://news.example.com/unrelated' });
    authorStatus(mastodon, { account: IMPOSTOR, link: sourceUrl });

    expect(await authorPostOnShareStep('mastodon', userId, thread.id)).toBeNull();
  });

  it("answers none when the author's status links another article", async () => {
    const sourceUrl = `https://news.example.com/another-${randomUUID()}`;
    const { userId, thread } = await mastodonCuratorWithThread(mastodon, sourceUrl);
    authorStatus(mastodon, { link: `${sourceUrl}-part-2` });

    expect(await authorPostOnShareStep('mastodon', userId, thread.id)).toBeNull();
  });
});

describe("quoting the author's status in the credit (quoted_status_id)", () => {
  it('quotes the chosen status in the credit, which keeps the link and attribution', async () => {
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);
    const statusId = authorStatus(mastodon);
    const start = mastodon.statuses.length;

    const row = await publishQuoting('mastodon', userId, thread.id, statusId);

    expect(row).toMatchObject({ status: 'completed', quoteNote: null });
    const made = mastodon.statuses.slice(start);
    expect(made.map((status) => [status.text, status.quotedStatusId])).toEqual([
      [expect.stringContaining(MASTODON_BODY), null],
      [CREDIT, statusId],
    ]);
  });

  it("never quotes a status the client names that is not the author's", async () => {
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);
    const impostorStatus = authorStatus(mastodon, { account: IMPOSTOR });
    const start = mastodon.statuses.length;

    const row = await publishQuoting('mastodon', userId, thread.id, impostorStatus);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(mastodon.statuses.slice(start).map((status) => status.quotedStatusId)).toEqual([null, null]);
  });

  it("credits plainly, saying why, when the author's quote policy refuses the curator", async () => {
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);
    const statusId = authorStatus(mastodon, { quoteApproval: 'denied' });
    const start = mastodon.statuses.length;

    const row = await publishQuoting('mastodon', userId, thread.id, statusId);

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
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);
    const statusId = authorStatus(mastodon);
    mastodon.deleteStatus(statusId);

    const row = await publishQuoting('mastodon', userId, thread.id, statusId);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(mastodon.statuses.at(-1)).toMatchObject({ text: CREDIT, quotedStatusId: null });
  });

  it('refuses the quote when the status is deleted between the check and the credit', async () => {
    const { QuoteRefusedError } = await import('#functions/services/platforms/platform-adapter');
    const { userId } = await mastodonCuratorWithThread(mastodon);
    const statusId = authorStatus(mastodon);
    mastodon.deleteStatus(statusId);
    const start = mastodon.statuses.length;

    const credit = postCreditQuoting('mastodon', userId, outgoingPost({ text: ATTRIBUTION }), { id: statusId });

    await expect(credit).rejects.toThrow(QuoteRefusedError);
    await expect(credit).rejects.toThrow(/deleted/);
    expect(mastodon.statuses.length).toBe(start);
  });

  it('credits plainly on a server without quote posts', async () => {
    const { userId, thread } = await mastodonCuratorWithThread(olderServer);
    const statusId = authorStatus(olderServer);

    const row = await publishQuoting('mastodon', userId, thread.id, statusId);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/cannot make quote posts/);
    expect(olderServer.statuses.at(-1)).toMatchObject({ text: CREDIT, quotedStatusId: null });
  });
});
