import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { withCuratorAlt } from '#shared/post-media';
import { type PostMedia, quoteCardResponseSchema } from '#shared/schemas/media';
import { startArticlePictureSite } from '../../helpers/article-picture-site';
import { startFakeOpenAi } from '../../helpers/fake-openai-server';
import { startMediaBucket } from '../../helpers/media-bucket';
import { makeThread } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';

// The article's picture taken while the app writes with a model (the local OpenAI stand-in): when the
// page gave no alt text, one request drafts it from the thread's title and passages, marked drafted;
// a failed or refused request leaves it to the curator and still takes the picture.
const table = await startTestTable();
const mediaBucket = await startMediaBucket();
const site = await startArticlePictureSite();
const openai = await startFakeOpenAi();
Object.assign(process.env, {
  ALLOW_PRIVATE_FETCH_HOSTS: site.host,
  OPENAI_API_KEY: openai.apiKey,
  OPENAI_BASE_URL: openai.url,
  OPENAI_MODEL: 'gpt-test',
});

const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const articlePictureRoute = (await import('#functions/http/media/post-article-picture')).handler;
const putThreadRoute = (await import('#functions/http/threads/put-thread')).handler;

afterAll(async () => {
  await openai.close();
  await site.close();
  await mediaBucket.close();
  await table.stop();
});
beforeEach(() => openai.reset());

const TITLE = 'A retired ferry becomes a floating library';
const PASSAGES = [
  'The converted ferry opened on Saturday with 12,000 books on its upper deck.',
  'Volunteers from the harbour district rebuilt the cabins as reading rooms.',
];

/** A curator's thread about an article whose page gave its picture `pageAlt` (null: none) and `credit`. */
async function curatorWithThread(pageAlt: string | null, credit: string | null = null) {
  const userId = `user-${randomUUID()}`;
  const thread = makeThread(userId, ['1/ A ferry becomes a library.', '2/ Books on deck.', '3/ Volunteers.'], {
    title: TITLE,
  });
  thread.posts[1]!.source = PASSAGES[0];
  thread.posts[2]!.source = PASSAGES[1];
  thread.language = 'en';
  thread.articleImage = { url: site.pictureUrl, alt: pageAlt, credit };
  await putThread(thread);
  return { userId, thread };
}

async function takeArticlePicture(userId: string, threadId: string) {
  const taken = await callRoute(articlePictureRoute, { userId }, { params: { threadId } }, { method: 'POST' });
  expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  return quoteCardResponseSchema.parse(taken.body).postMedia;
}

const chatRequests = () => openai.requests.filter((request) => request.path === '/v1/chat/completions');

async function saveOnSecondPost(owner: Awaited<ReturnType<typeof curatorWithThread>>, media: PostMedia) {
  const saved = await callRoute(
    putThreadRoute,
    { userId: owner.userId },
    {
      params: { threadId: owner.thread.id },
      body: {
        posts: owner.thread.posts.map((post, index) => ({
          id: post.id,
          content: post.content,
          ...(index === 1 ? { media: [media] } : {}),
        })),
      },
    },
    { method: 'PUT' },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (await getThreadForUser(owner.userId, owner.thread.id))?.posts[1]?.media?.[0];
}

describe("the article picture's alt text, drafted by the model", () => {
  it('is drafted in one text-only request from the title, credit and passages when the page gave none, and kept as drafted', async () => {
    const owner = await curatorWithThread(null, 'Photo: Ana Reis/Lusa');
    openai.setChatBehaviour({
      kind: 'content',
      content: '“Image of the converted ferry that opened with 12,000 books”',
    });

    const media = await takeArticlePicture(owner.userId, owner.thread.id);

    expect(media).toMatchObject({
      kind: 'article-image',
      alt: 'The converted ferry that opened with 12,000 books',
      altSource: 'drafted',
    });
    const [request, ...more] = chatRequests();
    expect(more).toEqual([]);
    expect(request?.authorization).toBe(`Bearer ${openai.apiKey}`);
    expect(request?.body?.model).toBe('gpt-test');
    const asked = JSON.stringify(request?.body?.messages);
    expect(asked).toContain(TITLE);
    for (const passage of PASSAGES) expect(asked).toContain(passage);
    expect(asked).toContain('English (en)');
    expect(asked).toContain('Picture credit: Photo: Ana Reis/Lusa');
    // Text only: the picture itself (its bytes or its address) is never sent to the model.
    const messages = request?.body?.messages as { content: unknown }[];
    expect(messages.every((message) => typeof message.content === 'string')).toBe(true);
    expect(asked).not.toContain(site.pictureUrl);
    expect(asked).not.toContain('image_url');

    expect(await saveOnSecondPost(owner, media)).toMatchObject({ alt: media.alt, altSource: 'drafted' });
    // The editor makes an edited alt text the curator's.
    const edited = withCuratorAlt(media, 'The ferry library at its quay');
    expect(await saveOnSecondPost(owner, edited)).toMatchObject({
      alt: 'The ferry library at its quay',
      altSource: 'curator',
    });
  });

  it.each([
    ['fails', { kind: 'error', status: 500 } as const],
    ['refuses', { kind: 'refusal', refusal: 'I cannot help with that.' } as const],
    ['finds nothing to describe', { kind: 'content', content: 'NONE' } as const],
  ])('is left to the curator when the model %s, and the picture is still taken', async (_case, reply) => {
    const owner = await curatorWithThread(null);
    openai.setChatBehaviour(reply);

    const media = await takeArticlePicture(owner.userId, owner.thread.id);

    expect(media).toMatchObject({ kind: 'article-image', alt: '', altSource: null });
    expect(chatRequests()).toHaveLength(1);
  });

  it("is not asked for when the page gave the picture's alt text", async () => {
    const owner = await curatorWithThread('The ferry moored at dusk');

    const media = await takeArticlePicture(owner.userId, owner.thread.id);

    expect(media).toMatchObject({ alt: 'The ferry moored at dusk', altSource: 'page' });
    expect(chatRequests()).toEqual([]);
  });
});
