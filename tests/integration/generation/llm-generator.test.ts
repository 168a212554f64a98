import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GenerationFailedError, ServiceBusyError } from '#functions/lib/errors';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import type { LlmGeneratorOptions } from '#functions/services/generation/draft/llm-generator';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { postCheckMessages } from '#shared/messages/post-check';
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
      // A citation that differs only in case and punctuation: found, and mapped to the real sentence.
      text: 'Insulation mattered as much as the pumps.',
      source: 'insulation turned out to matter as much as the heat pumps themselves',
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
  it('sends a request a GPT-5-family model accepts (no temperature, no max_tokens), so OPENAI_MODEL may name one', async () => {
    fake.setChatBehaviour({ kind: 'json', value: faithfulThread });

    const thread = await generateThread(
      { article, tone: 'professional', appHost: APP_HOST },
      { openai: { ...openai, model: 'gpt-5-mini' } },
    );

    expect(thread.generator).toBe('llm');
    expect(thread.posts[0]?.content).toBe(`${faithfulThread.hook}\n\n#HeatPumps #energy`);
    expect(fake.requests[0]?.body?.model).toBe('gpt-5-mini');
  });

  it('the stand-in refuses what the real API refuses for a GPT-5-family model', async () => {
    const refused = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2 }),
    });

    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      "'temperature' does not support 0.2 with this model",
    );
  });

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
    expect(thread.posts.slice(0, -1).map((p) => p.check?.status)).toEqual(['checked', 'checked', 'checked', 'checked']);
    expect(thread.posts[0]?.check?.found).toEqual({ numbers: 2, quotes: 0, names: 0 });
    expect(thread.posts[1]?.check?.found).toEqual({ numbers: 0, quotes: 0, names: 1 });
    expect(thread.posts.at(-1)?.check).toBeUndefined();

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

  it('works with the default fake reply, as other suites will use it', async () => {
    const thread = await generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    expectValidThread(thread.posts, article, APP_HOST);
    expect(thread.hallucination.risk).toBe('low');
  });
});

/** The second request's messages: the repair request the model received, as text. */
function repairRequest(): string {
  const messages = fake.requests[1]?.body?.messages as { role: string; content: string }[] | undefined;
  return messages?.at(-1)?.content ?? '';
}

/** A reply to the repair request (the `repair` schema): a new hook or null, and the rewritten posts. */
function rewrite(hook: string | null, ...posts: { post: number; text: string; source: string }[]) {
  return { kind: 'json', value: { hook, posts } } as const;
}

const [first, second, third] = faithfulThread.posts as [
  (typeof faithfulThread.posts)[0],
  (typeof faithfulThread.posts)[0],
  (typeof faithfulThread.posts)[0],
];
const inventedFigure = { text: 'Bulk purchasing cut the price of each unit by 47%.', source: second.source };
const inventedQuote = {
  text: 'Solberg said: "Heat pumps are the greatest revolution of our age."',
  source: '"People were not against heat pumps," Solberg said.',
};

describe('the check against the article on the model’s posts', () => {
  it('asks once for a post with an invented figure, naming it, and keeps the faithful rewrite', async () => {
    fake.setChatBehaviour(
      { kind: 'json', value: { ...faithfulThread, posts: [first, inventedFigure, third] } },
      rewrite(null, { post: 2, ...second }),
    );

    const thread = await generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    expect(fake.requests).toHaveLength(2);
    expect(repairRequest()).toContain('- post 2: the number 47% is not in the article');
    // Only the failing post is asked for again.
    expect(repairRequest()).not.toContain('post 1:');
    expect(repairRequest()).not.toContain('the hook:');
    expect(fake.requests[1]?.body?.response_format).toMatchObject({ json_schema: { name: 'repair', strict: true } });
    // The model sees its own first answer before the request.
    const messages = (fake.requests[1]?.body?.messages ?? []) as { role: string }[];
    expect(messages.at(-2)?.role).toBe('assistant');
    expect(thread.posts[2]?.content).toBe(`2/ ${second.text}`);
    expect(thread.posts.map((p) => p.content).join(' ')).not.toContain('47%');
    expect(thread.hallucination.risk).toBe('low');
    expect(thread.hallucination.reason).toBe('All numbers, names and quotes in the posts appear in the article.');
  });

  it('leaves out a post whose rewrite still invents a figure, and the banner says which post and item', async () => {
    fake.setChatBehaviour(
      { kind: 'json', value: { ...faithfulThread, posts: [first, inventedFigure, third] } },
      rewrite(null, { post: 2, text: 'Bulk purchasing cut the price of each unit by 52%.', source: second.source }),
    );

    const thread = await generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    expectValidThread(thread.posts, article, APP_HOST);
    const text = thread.posts.map((p) => p.content).join(' ');
    expect(text).not.toMatch(/47%|52%/);
    expect(thread.posts.slice(1, -1).map((p) => p.content)).toEqual([`1/ ${first.text}`, `2/ ${third.text}`]);
    expect(thread.hallucination.risk).toBe('medium');
    expect(thread.hallucination.reason).toBe(
      "The AI's post 2 was left out: the number 52% is not in the article. All numbers, names and quotes in the posts appear in the article.",
    );
  });

  it('leaves out a quotation the article does not have when the model answers the repair with nothing', async () => {
    fake.setChatBehaviour(
      { kind: 'json', value: { ...faithfulThread, posts: [first, inventedQuote, third] } },
      rewrite(null),
    );

    const thread = await generateThread({ article, tone: 'casual', appHost: APP_HOST }, { openai });

    expect(repairRequest()).toContain(
      '- post 2: the quote "Heat pumps are the greatest revolution of our age." is not in the article',
    );
    expect(thread.posts.map((p) => p.content).join(' ')).not.toContain('greatest revolution');
    expect(thread.hallucination.reason).toContain(
      'The AI\'s post 2 was left out: the quote "Heat pumps are the greatest revolution of our age." is not in the article.',
    );
  });

  it('asks for a shorter post when one does not fit, and leaves it out when the rewrite is still too long', async () => {
    const long = { text: `${article.content.slice(0, 600).replace(/\s+/g, ' ')}`, source: first.source };
    fake.setChatBehaviour(
      { kind: 'json', value: { ...faithfulThread, posts: [first, long, second, third] } },
      rewrite(null, { post: 2, ...long }),
    );

    const thread = await generateThread({ article, tone: 'educational', appHost: APP_HOST }, { openai });

    expect(repairRequest()).toMatch(/- post 2: it is \d+ characters long, over the 276 a post can hold/);
    expectValidThread(thread.posts, article, APP_HOST);
    expect(thread.posts.every((p) => postLength(p.content) <= POST_CHAR_LIMIT)).toBe(true);
    expect(thread.posts).toHaveLength(faithfulThread.posts.length + 2);
    expect(thread.hallucination.reason).toMatch(
      /^The AI's post 2 was left out: it is \d+ characters long, over the 276 a post can hold\. /,
    );
  });

  it('asks for the hook again when it is empty, and uses the rewritten one', async () => {
    const hook = 'Vellmar Bay fitted 3,120 homes with heat pumps, and heating bills fell by 31 percent.';
    fake.setChatBehaviour({ kind: 'json', value: { ...faithfulThread, hook: '  ' } }, rewrite(hook));

    const thread = await generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    expect(repairRequest()).toContain('- the hook: it is empty');
    expect(thread.posts[0]?.content).toBe(`${hook}\n\n#HeatPumps #energy`);
    expect(thread.posts[0]?.check?.status).toBe('checked');
    expect(thread.hallucination.risk).toBe('low');
  });

  it('replaces a hook that stays empty by one from the article, and says so', async () => {
    fake.setChatBehaviour({ kind: 'json', value: { ...faithfulThread, hook: '' } }, rewrite(''));

    const thread = await generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    expectValidThread(thread.posts, article, APP_HOST);
    expect(thread.posts[0]?.content.trim()).not.toBe('');
    expect(thread.posts[0]?.check?.status).toBe('checked');
    expect(thread.posts[1]?.content).toBe(`1/ ${first.text}`);
    expect(thread.hallucination.risk).toBe('medium');
    expect(thread.hallucination.reason).toMatch(
      /^The AI's opening post was replaced by one from the article: it is empty\. /,
    );
  });

  it('asks again for a post whose source passage is not in the article', async () => {
    const unsourced = { text: second.text, source: 'Each unit cost a quarter less than the national average.' };
    fake.setChatBehaviour(
      { kind: 'json', value: { ...faithfulThread, posts: [first, unsourced, third] } },
      rewrite(null, { post: 2, ...second }),
    );

    const thread = await generateThread({ article, tone: 'persuasive', appHost: APP_HOST }, { openai });

    expect(repairRequest()).toContain(
      '- post 2: the source passage "Each unit cost a quarter less than the national average." is not in the article',
    );
    expect(thread.posts[2]?.source).toBe(second.source);
    expect(thread.hallucination.risk).toBe('low');
  });

  it('makes posts stand alone: drops a leading connective, asks again for a post that starts with a pronoun', async () => {
    fake.setChatBehaviour(
      {
        kind: 'json',
        value: {
          ...faithfulThread,
          posts: [
            { ...first, text: `But ${first.text}` },
            { text: 'She said people were not against heat pumps.', source: inventedQuote.source },
            third,
          ],
        },
      },
      rewrite(null, {
        post: 2,
        text: 'Ingrid Solberg said people were not against heat pumps.',
        source: inventedQuote.source,
      }),
    );

    const thread = await generateThread({ article, tone: 'casual', appHost: APP_HOST }, { openai });

    expect(repairRequest()).toContain('- post 2: it starts with "She", which points to a post the reader has not seen');
    expect(repairRequest()).not.toContain('post 1:');
    expect(thread.posts.slice(1, 3).map((p) => p.content)).toEqual([
      `1/ ${first.text}`,
      '2/ Ingrid Solberg said people were not against heat pumps.',
    ]);
  });

  it('writes the thread from the article when fewer than two of the model’s posts pass', async () => {
    fake.setChatBehaviour(
      {
        kind: 'json',
        value: {
          ...faithfulThread,
          posts: [inventedFigure, { text: 'Mayor Pietro Albani praised the scheme.', source: 'Mayor Pietro Albani' }],
        },
      },
      rewrite(null),
    );

    const thread = await generateThread({ article, tone: 'professional', appHost: APP_HOST }, { openai });

    expectValidThread(thread.posts, article, APP_HOST);
    expect(thread.posts.map((p) => p.content).join(' ')).not.toMatch(/Albani|47%/);
    expect(thread.posts.slice(0, -1).every((p) => p.check?.status === 'checked')).toBe(true);
    expect(thread.hallucination.risk).toBe('medium');
    expect(thread.hallucination.reason).toContain(
      "The AI's post 1 was left out: the number 47% is not in the article.",
    );
    expect(thread.hallucination.reason).toContain(
      'The AI\'s post 2 was left out: the name Mayor Pietro Albani is not in the article; the source passage "Mayor Pietro Albani" is not in the article.',
    );
    expect(thread.hallucination.reason).toContain(postCheckMessages.llmThreadReplaced);
  });

  it('asks for the hook and tone of a curator: what the article is about, credited, tones as voices', async () => {
    const credited = { ...article, byline: 'Mara Lind', siteName: 'The Coastal Courier' };

    await generateThread({ article: credited, tone: 'educational', appHost: APP_HOST }, { openai });

    const [system, user] = (fake.requests[0]?.body?.messages ?? []) as { content: string }[];
    expect(system?.content).toContain('It says what the article is about to someone who has not read it');
    expect(system?.content).toContain('(the article is by Mara Lind in The Coastal Courier)');
    expect(system?.content).toContain('Never start or pivot on a contrast');
    expect(system?.content).toContain('the key term or mechanism explained first');
    expect(user?.content).toContain('Author: Mara Lind\nOutlet: The Coastal Courier');
  });
});

describe('a thread in another language than the article’s', () => {
  const german = {
    url: 'https://zeitung.example/windraeder',
    title: 'Hamburg baut 40 Windräder im Hafen',
    byline: 'Anna Müller',
    siteName: 'Hamburger Abendblatt',
    language: 'de',
    content: [
      'Hamburg baut in diesem Jahr 40 neue Windräder im Hafen, teilte der Senat am Dienstag mit.',
      'Nach Angaben der Umweltbehörde sollen die Anlagen bis 2026 rund 120.000 Haushalte mit Strom versorgen.',
      'Umweltsenator Jens Kerstan sagte: „Das ist ein wichtiger Schritt für den Klimaschutz in unserer Stadt.“',
      'Kritik kommt von Anwohnern in Finkenwerder, die Lärm befürchten.',
    ].join('\n\n'),
  };
  const translation = {
    title: 'Hamburg builds 40 wind turbines in its port',
    hook: 'Anna Müller reports in the Hamburger Abendblatt: Hamburg is building 40 new wind turbines in its port this year.',
    hashtags: ['#Hamburg', '#Windkraft'],
    posts: [
      {
        text: 'The turbines are to supply around 120.000 households with power by 2026.',
        source:
          'Nach Angaben der Umweltbehörde sollen die Anlagen bis 2026 rund 120.000 Haushalte mit Strom versorgen.',
      },
      {
        text: 'Jens Kerstan called it "an important step for climate protection in our city" (translated).',
        source:
          'Umweltsenator Jens Kerstan sagte: „Das ist ein wichtiger Schritt für den Klimaschutz in unserer Stadt.“',
      },
      {
        text: 'In Finkenwerder, residents fear the noise.',
        source: 'Kritik kommt von Anwohnern in Finkenwerder, die Lärm befürchten.',
      },
    ],
  };

  it('asks the model to translate, keeping numbers and names and marking quotations', async () => {
    fake.setChatBehaviour({ kind: 'json', value: translation });

    const thread = await generateThread(
      { article: german, tone: 'professional', appHost: APP_HOST, language: 'en' },
      { openai },
    );

    const system = JSON.stringify(fake.requests.at(-1)?.body?.messages);
    expect(system).toContain(
      'the article is in German (de); write the whole thread, hook and hashtags included, in English (en)',
    );
    expect(system).toContain('(translated) right after each closing quotation mark');
    expect(thread).toMatchObject({ language: 'en', translatedFrom: 'de', generator: 'llm' });
    expect(thread.posts.map((p) => p.content).join('\n')).toContain(
      '"an important step for climate protection in our city" (translated)',
    );
    // Numbers and names are still found in the article; the translated quotation is not matched word for word.
    expect(thread.posts.slice(0, -1).map((p) => p.check?.status)).toEqual(['checked', 'checked', 'checked', 'checked']);
    expect(thread.hallucination.risk).toBe('low');
  });

  it('still finds a number or a name the translation changed, and leaves that post out', async () => {
    const wrong = {
      ...translation,
      posts: [
        ...translation.posts,
        {
          text: 'Mayor Peter Tschentscher promised 50 more.',
          source: 'Kritik kommt von Anwohnern in Finkenwerder, die Lärm befürchten.',
        },
      ],
    };
    fake.setChatBehaviour({ kind: 'json', value: wrong });

    const thread = await generateThread(
      { article: german, tone: 'professional', appHost: APP_HOST, language: 'en' },
      { openai },
    );

    expect(thread.posts.map((p) => p.content).join('\n')).not.toContain('Tschentscher');
    expect(thread.translatedFrom).toBe('de');
  });

  it('asks for the article’s own language when none other is chosen', async () => {
    fake.setChatBehaviour({ kind: 'json', value: translation });
    await generateThread({ article: german, tone: 'professional', appHost: APP_HOST }, { openai });
    expect(JSON.stringify(fake.requests.at(-1)?.body?.messages)).toContain("in German (de), the article's language");
  });

  it('cannot translate without the AI writer, and says so', async () => {
    await expect(
      generateThread({ article: german, tone: 'professional', appHost: APP_HOST, language: 'en' }),
    ).rejects.toThrow(
      new GenerationFailedError(
        "Writing the thread in English needs the AI writer, which is not set up. Choose the article's own language.",
      ),
    );
  });
});
