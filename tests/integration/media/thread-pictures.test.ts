import { randomUUID } from 'node:crypto';
import { GetObjectTaggingCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type PostMedia, quoteCardResponseSchema } from '#shared/schemas/media';
import { startArticlePictureSite } from '../../helpers/article-picture-site';
import { startFakeOpenAi } from '../../helpers/fake-openai-server';
import { startMediaBucket } from '../../helpers/media-bucket';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

// Pictures from the thread editor to a platform: a quote card made from a post's passage, the
// article's picture (no alt text invented by the offline writer), saved on the post (only the
// caller's own pictures), refused without alt text where it shows, and published through the queue
// and the worker to the local Telegram Bot API with its bytes.
const pipeline = await startPublishingPipeline();
const mediaBucket = await startMediaBucket();
const site = await startArticlePictureSite();
// The offline writer: a model's address but no key, so no request may reach it.
const openai = await startFakeOpenAi();
Object.assign(process.env, {
  ALLOW_PRIVATE_FETCH_HOSTS: site.host,
  OPENAI_BASE_URL: openai.url,
});
delete process.env.OPENAI_API_KEY;

const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const quoteCardRoute = (await import('#functions/http/media/post-quote-card')).handler;
const putThreadRoute = (await import('#functions/http/threads/put-thread')).handler;
const articlePictureRoute = (await import('#functions/http/media/post-article-picture')).handler;
const { s3 } = mediaBucket;

afterAll(async () => {
  await openai.close();
  await site.close();
  await mediaBucket.close();
  await pipeline.stop();
});

const PASSAGE = 'The ferry carried commuters across the estuary for forty years.';

async function curatorWithThread() {
  const userId = `user-${randomUUID()}`;
  const thread = makeThread(userId, ['1/ A ferry becomes a library.', '2/ It served forty years.']);
  thread.posts[1]!.source = PASSAGE;
  thread.author = 'Mara Lindqvist';
  thread.outlet = 'The Coastal Ledger';
  await putThread(thread);
  return { userId, thread };
}

const bodyOf = (thread: Awaited<ReturnType<typeof curatorWithThread>>['thread'], media: PostMedia[]) => ({
  posts: thread.posts.map((post, index) => ({ id: post.id, content: post.content, ...(index === 1 ? { media } : {}) })),
});

async function quoteCard(userId: string, threadId: string) {
  const made = await callRoute(
    quoteCardRoute,
    { userId },
    { params: { threadId, postId: 'post-1' }, body: { design: 'bold', theme: 'dark' } },
    { method: 'POST' },
  );
  expect(made.status).toBe(201);
  return quoteCardResponseSchema.parse(made.body);
}

describe('pictures on posts, from the editor to a platform', () => {
  it("makes a quote card of the post's passage, its alt text the passage and the credit word for word", async () => {
    const { userId, thread } = await curatorWithThread();
    const card = await quoteCard(userId, thread.id);
    expect(card.postMedia).toMatchObject({ kind: 'quote-card', width: 1200, height: 675, altSource: 'passage' });
    expect(card.postMedia.alt).toBe(`“${PASSAGE}” — Mara Lindqvist, The Coastal Ledger (news.example.com)`);
    const shown = await fetch(card.media.url);
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it('refuses a card for a post whose source is no passage, and for a post not in the thread', async () => {
    const { userId, thread } = await curatorWithThread();
    const hook = await callRoute(
      quoteCardRoute,
      { userId },
      { params: { threadId: thread.id, postId: 'post-0' }, body: {} },
      { method: 'POST' },
    );
    expect(hook).toMatchObject({ status: 400, body: { code: 'quote_card_refused' } });
    const missing = await callRoute(
      quoteCardRoute,
      { userId },
      { params: { threadId: thread.id, postId: 'post-9' }, body: {} },
      { method: 'POST' },
    );
    expect(missing).toMatchObject({ status: 404, body: { code: 'post_not_found' } });
  });

  it("saves only the caller's own pictures, with the stored size, and tags them kept", async () => {
    const owner = await curatorWithThread();
    const card = await quoteCard(owner.userId, owner.thread.id);
    const forged = { ...card.postMedia, width: 9999, kind: 'upload' as const };
    const saved = await callRoute(
      putThreadRoute,
      { userId: owner.userId },
      { params: { threadId: owner.thread.id }, body: bodyOf(owner.thread, [forged]) },
      { method: 'PUT' },
    );
    expect(saved.status).toBe(200);
    const stored = await getThreadForUser(owner.userId, owner.thread.id);
    expect(stored?.posts[1]?.media).toEqual([{ ...card.postMedia }]);
    const tags = await s3.send(
      new GetObjectTaggingCommand({ Bucket: mediaBucket.bucket, Key: `media/${owner.userId}/${card.media.id}` }),
    );
    expect(tags.TagSet).toEqual([{ Key: 'attached', Value: 'true' }]);

    const other = await curatorWithThread();
    const borrowed = await callRoute(
      putThreadRoute,
      { userId: other.userId },
      { params: { threadId: other.thread.id }, body: bodyOf(other.thread, [card.postMedia]) },
      { method: 'PUT' },
    );
    expect(borrowed).toMatchObject({ status: 404, body: { code: 'media_not_found' } });
    expect((await getThreadForUser(other.userId, other.thread.id))?.posts[1]?.media).toBeUndefined();
  });

  it("takes the article's picture without alt text when the page gives none: the offline writer drafts none", async () => {
    const { userId, thread } = await curatorWithThread();
    await putThread({ ...thread, articleImage: { url: site.pictureUrl, alt: null, credit: null } });

    const taken = await callRoute(
      articlePictureRoute,
      { userId },
      { params: { threadId: thread.id } },
      { method: 'POST' },
    );

    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(quoteCardResponseSchema.parse(taken.body).postMedia).toMatchObject({
      kind: 'article-image',
      alt: '',
      altSource: null,
      credit: 'Image: The Coastal Ledger',
    });
    expect(openai.requests).toEqual([]);
  });

  it('refuses to publish a picture without alt text to a platform that shows it, queueing nothing', async () => {
    const { userId, thread } = await curatorWithThread();
    const card = await quoteCard(userId, thread.id);
    await callRoute(
      putThreadRoute,
      { userId },
      { params: { threadId: thread.id }, body: bodyOf(thread, [{ ...card.postMedia, alt: ' ' }]) },
      { method: 'PUT' },
    );
    await expect(
      requestPublish(userId, thread.id, { platforms: ['mastodon'], origin: 'panel' }, new Date()),
    ).rejects.toMatchObject({
      code: 'alt_text_required',
      message: expect.stringMatching(/^Post 2 has an image without alt text/),
    });
  });

  it('publishes the picture through the queue to Telegram with its bytes, on the post it illustrates', async () => {
    const { userId, thread } = await curatorWithThread();
    await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
    const card = await quoteCard(userId, thread.id);
    await callRoute(
      putThreadRoute,
      { userId },
      { params: { threadId: thread.id }, body: bodyOf(thread, [card.postMedia]) },
      { method: 'PUT' },
    );
    const start = pipeline.telegram.messages.length;
    await requestPublish(userId, thread.id, { platforms: ['telegram'], origin: 'panel' }, new Date());
    expect(await settle(userId, thread.id, 'telegram')).toMatchObject({ status: 'completed' });
    const sent = pipeline.telegram.messages.slice(start);
    const photos = sent.filter((message) => message.photo);
    expect(photos).toHaveLength(1);
    expect(photos[0]!.text).toBe('It served forty years.');
    expect((await sharp(Buffer.from(photos[0]!.photo!.bytes)).metadata()).width).toBe(1200);
  });
});
