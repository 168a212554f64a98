import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GenerationFailedError, ServiceBusyError } from '#functions/lib/errors';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import type { LlmGeneratorOptions } from '#functions/services/generation/draft/llm-generator';
import { apiErrorMessages } from '#shared/messages';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import { type FakeOpenAi, startFakeOpenAi } from '../../helpers/fake-openai-server';
import { fixtureArticle } from '../../unit/generation/synthetic-articles';
import { expectValidThread } from '../../unit/generation/thread-invariants';

const APP_HOST = 'threadsnip.app';
const article = fixtureArticle('heat-pump-retrofit');

const faithfulThread = {
  title: 'Street by street: how Vellmar Bay swapped boilers for heat pumps',
  hook: 'One city fitted 3,120 homes with heat pumps and cut heating bills by 31 percent. Here is how.',
  hashtags: ['#HeatPumps', '#energy'],
  posts: [
    {
      text: 'Vellmar Bay treated whole streets as single projects instead of offering grants house by house.',
      source: 'Instead of offering grants house by house, Vellmar Bay treated whole streets as single projects.',
    },
    {
      text: 'Bulk purchasing cut the price of each unit by roughly a quarter.',
      source:
        'Bulk purchasing cut the price of each air-source unit by roughly a quarter compared with the national average.',
    },
    {
      // A paraphrased citation: the generator maps it to the real sentence.
      text: 'Insulation mattered as much as the pumps.',
      source: 'insulation turned out to matter as much as heat pumps',
    },
  ],
};

let fake: FakeOpenAi;
let openai: LlmGeneratorOptions;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  openai = { apiKey: fake.apiKey, baseURL: fake.url, model: 'gpt-test-mini', timeoutMs: 2_000, maxRetryDelayMs: 20 };
});

describe('LLM thread generation against a fake OpenAI API', () => {
  it('turns structured output into a valid thread and asks for the chosen tone', async () => {
    fake.setChatBehaviour({ kind: 'json', value: faithfulThread });

    const thread = await generateThread({ article, tone: 'humorous', appHost: APP_HOST }, { openai });

    expectValidThread(thread.posts, article, APP_HOST);
    expect(thread.generator).toBe('llm');
    expect(thread.title).toBe(faithfulThread.title);
    expect(thread.posts[0]?.content).toBe(`${faithfulThread.hook}\n\n#HeatPumps #energy`);
    expect(thread.posts[1]?.content).toBe(`1/ ${faithfulThread.posts[0]?.text}`);
    expect(thread.posts[3]?.source).toBe('Insulation turned out to matter as much as the heat pumps themselves.');
    expect(thread.hallucination.risk).toBe('low');

    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]?.body ?? {};
    expect(fake.requests[0]?.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(body.model).toBe('gpt-test-mini');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'thread', strict: true } });
    const prompt = JSON.stringify(body.messages);
    expect(prompt).toContain('Humorous & Entertaining');
    expect(prompt).toContain('Vellmar Bay');
    expect(prompt).toContain('hashtags');
  });

  it('replaces a post with invented facts by the offline writer, so the thread stays faithful', async () => {
    fake.setChatBehaviour({
      kind: 'json',
      value: {
        ...faithfulThread,
        posts: [{ text: 'Mayor Pietro Albani said bills fell 47% in 2019.', source: 'Mayor Pietro Albani' }],
      },
    });

    const thread = await generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    expect(thread.posts.map((p) => p.content).join(' ')).not.toContain('Albani');
    expect(thread.hallucination.risk).toBe('low');
  });

  it('retries once after a 429 with Retry-After and succeeds', async () => {
    fake.setChatBehaviour({ kind: 'error', status: 429, retryAfter: '1' }, { kind: 'json', value: faithfulThread });

    const thread = await generateThread({ article, tone: 'casual', appHost: APP_HOST }, { openai });

    expect(fake.requests).toHaveLength(2);
    expectValidThread(thread.posts, article, APP_HOST);
  });

  it('waits no longer than its bound when a 429 asks for more, then succeeds', async () => {
    // The SDK alone would sleep the whole ten minutes before its retry.
    fake.setChatBehaviour({ kind: 'error', status: 429, retryAfter: '600' }, { kind: 'json', value: faithfulThread });
    const started = performance.now();

    const thread = await generateThread(
      { article, tone: 'casual', appHost: APP_HOST },
      { openai: { ...openai, maxRetryDelayMs: 50 } },
    );

    expect(fake.requests).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(10_000);
    expectValidThread(thread.posts, article, APP_HOST);
  });

  it.each([
    ['429', { kind: 'error', status: 429, retryAfter: '30' }],
    ['503', { kind: 'error', status: 503 }],
    ['500', { kind: 'error', status: 500 }],
  ] as const)('gives up with a retryable ServiceBusyError on a repeated %s', async (_, reply) => {
    fake.setChatBehaviour(reply);

    const failure = generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    await expect(failure).rejects.toBeInstanceOf(ServiceBusyError);
    await expect(failure).rejects.toMatchObject({
      status: 503,
      message: apiErrorMessages.service_busy,
      details: { retryable: true },
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('turns a hanging service into ServiceBusyError after the timeout', async () => {
    fake.setChatBehaviour({ kind: 'hang' });

    const failure = generateThread(
      { article, tone: 'professional', appHost: APP_HOST },
      { openai: { ...openai, timeoutMs: 300, maxRetries: 0 } },
    );

    await expect(failure).rejects.toBeInstanceOf(ServiceBusyError);
    expect(fake.requests).toHaveLength(1);
  });

  it('turns an unreachable service into ServiceBusyError', async () => {
    const gone = await startFakeOpenAi();
    await gone.close();

    const failure = generateThread(
      { article, tone: 'professional', appHost: APP_HOST },
      { openai: { ...openai, baseURL: gone.url } },
    );

    await expect(failure).rejects.toBeInstanceOf(ServiceBusyError);
  });

  it('repairs one malformed reply', async () => {
    fake.setChatBehaviour(
      { kind: 'content', content: '{"title": "oops", "hook": ' },
      { kind: 'json', value: faithfulThread },
    );

    const thread = await generateThread({ article, tone: 'educational', appHost: APP_HOST }, { openai });

    expectValidThread(thread.posts, article, APP_HOST);
    expect(fake.requests).toHaveLength(2);
    const repair = JSON.stringify(fake.requests[1]?.body?.messages);
    expect(repair).toContain('could not be used');
  });

  it.each([
    ['broken JSON', { kind: 'content', content: 'Sure! Here is your thread: 1/ ...' }],
    ['a reply that breaks the schema', { kind: 'json', value: { title: 'x', hook: 'y', posts: 'none' } }],
    ['a reply with no posts', { kind: 'json', value: { title: 'x', hook: 'y', hashtags: [], posts: [] } }],
    ['a cut-off reply', { kind: 'content', content: '{"title":"x"', finishReason: 'length' }],
  ] as const)('fails with GenerationFailedError after %s twice', async (_, reply) => {
    fake.setChatBehaviour(reply);

    const failure = generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    await expect(failure).rejects.toBeInstanceOf(GenerationFailedError);
    await expect(failure).rejects.toMatchObject({ details: { retryable: false } });
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry a refusal or a rejected request', async () => {
    fake.setChatBehaviour({ kind: 'refusal', refusal: 'I cannot help with that.' });
    await expect(
      generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai }),
    ).rejects.toBeInstanceOf(GenerationFailedError);
    expect(fake.requests).toHaveLength(1);

    fake.reset();
    await expect(
      generateThread(
        { article, tone: 'professional', appHost: APP_HOST },
        { openai: { ...openai, apiKey: 'sk-wrong' } },
      ),
    ).rejects.toBeInstanceOf(GenerationFailedError);
    expect(fake.requests).toHaveLength(1);
  });

  it('splits over-long posts so every post fits', async () => {
    const long = `${article.content.slice(0, 900).replace(/\s+/g, ' ')}`;
    fake.setChatBehaviour({
      kind: 'json',
      value: {
        ...faithfulThread,
        hook: `${long} ${long}`,
        posts: [{ text: long, source: '' }, ...faithfulThread.posts],
      },
    });

    const thread = await generateThread({ article, tone: 'persuasive', appHost: APP_HOST }, { openai });

    expectValidThread(thread.posts, article, APP_HOST);
    expect(thread.posts.every((p) => postLength(p.content) <= POST_CHAR_LIMIT)).toBe(true);
    expect(thread.posts.length).toBeGreaterThan(faithfulThread.posts.length + 4);
  });

  it('works with the default fake reply, as other suites will use it', async () => {
    const thread = await generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    expectValidThread(thread.posts, article, APP_HOST);
    expect(thread.hallucination.risk).toBe('low');
  });
});
