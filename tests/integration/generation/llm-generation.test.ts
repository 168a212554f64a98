import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ArticleServer, articlePage, startArticleServer } from '../../helpers/article-server';
import { api, newUser } from '../../helpers/auth-client';
import { type FakeOpenAi, startFakeOpenAi } from '../../helpers/fake-openai-server';
import { waitForJob } from '../../helpers/jobs';
import { type StartedStack, startStack } from '../../helpers/local-stack';

describe('generation through an OpenAI-compatible server', () => {
  let articles: ArticleServer;
  let openai: FakeOpenAi;
  let stack: StartedStack;
  let url: string;

  beforeAll(async () => {
    articles = await startArticleServer();
    articles.page(
      '/solar',
      articlePage({
        title: 'Rooftop solar passes a milestone in Porto',
        paragraphs: [
          'Porto now has 4,200 homes with rooftop solar panels, according to the city energy agency.',
          'The agency director, Inês Duarte, said the programme cut household bills by a fifth on average.',
          'Installers trained 300 new technicians last year to keep up with demand from apartment blocks.',
          'Critics say the subsidy favours owners over tenants, who rarely control their roofs.',
          'The council plans a shared-roof scheme next spring so that tenants can buy into nearby installations.',
        ],
      }),
    );
    url = `${articles.url}/solar`;
    openai = await startFakeOpenAi();
    stack = await startStack({
      env: {
        ALLOW_PRIVATE_FETCH_HOSTS: articles.host,
        OPENAI_API_KEY: openai.apiKey,
        OPENAI_BASE_URL: openai.url,
        OPENAI_MODEL: 'gpt-test',
      },
    });
  });
  beforeEach(() => openai.reset());
  afterAll(async () => {
    await stack?.cleanup();
    await openai?.close();
    await articles?.close();
  });

  it('asks the model with structured output in the chosen tone and saves a thread that fits the rules', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const submitted = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url, tone: 'persuasive' },
    });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    expect(job.status).toBe('succeeded');
    const chat = openai.requests.find((request) => request.path === '/v1/chat/completions');
    expect(chat?.authorization).toBe(`Bearer ${openai.apiKey}`);
    expect(chat?.body?.model).toBe('gpt-test');
    expect(JSON.stringify(chat?.body?.response_format)).toContain('json_schema');
    expect(JSON.stringify(chat?.body?.messages).toLowerCase()).toContain('persuasive');
    expect(job.thread.posts.at(-1).content).toBe(
      `Thread created by ${new URL(stack.url).host}. Read original article at: ${url}`,
    );
    expect((await api(stack.url, '/api/me', { token })).body.credits.usedCredits).toBe(1);
  });

  it('leaves out a post that invents a figure twice, and the saved thread says which post and why', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const faithful = {
      text: 'Porto now has 4,200 homes with rooftop solar panels, according to the city energy agency.',
      source: 'Porto now has 4,200 homes with rooftop solar panels, according to the city energy agency.',
    };
    const invented = {
      text: 'Installers trained 450 new technicians last year.',
      source: 'Installers trained 300 new technicians last year to keep up with demand from apartment blocks.',
    };
    const council = {
      text: 'The council plans a shared-roof scheme next spring so that tenants can buy into nearby installations.',
      source: 'The council plans a shared-roof scheme next spring so that tenants can buy into nearby installations.',
    };
    openai.setChatBehaviour(
      {
        kind: 'json',
        value: {
          title: 'Rooftop solar in Porto',
          hook: 'Porto now has 4,200 homes with rooftop solar panels.',
          hashtags: ['#solar'],
          posts: [faithful, invented, council],
        },
      },
      {
        kind: 'json',
        value: { hook: null, posts: [{ post: 2, ...invented, text: 'Installers trained 500 new technicians.' }] },
      },
    );

    const submitted = await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);

    expect(job.status).toBe('succeeded');
    const chats = openai.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(chats).toHaveLength(2);
    expect(JSON.stringify(chats[1]?.body?.messages)).toContain('post 2: the number 450 is not in the article');
    const thread = job.thread;
    expect(thread.posts.map((post: { content: string }) => post.content).join(' ')).not.toMatch(/\b(?:450|500)\b/);
    expect(thread.hallucination).toMatchObject({
      risk: 'medium',
      reason: expect.stringMatching(/^The AI's post 2 was left out: the number 500 is not in the article\. /),
    });
    expect(thread.posts.slice(0, -1).map((post: { check?: { status: string } }) => post.check?.status)).toEqual([
      'checked',
      'checked',
      'checked',
    ]);
  });

  it('reports a busy service as retryable and consumes no credit', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    openai.setChatBehaviour({ kind: 'error', status: 503, message: 'The server is overloaded' });
    const submitted = await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    expect(job).toMatchObject({ status: 'failed', failureKind: 'busy', retryable: true });
    expect((await api(stack.url, '/api/me', { token })).body.credits).toMatchObject({
      availableCredits: 5,
      usedCredits: 0,
    });
    const ledger = (await api(stack.url, '/api/credits/transactions', { token })).body.transactions;
    expect(ledger.filter((entry: { type: string }) => entry.type === 'usage')).toEqual([]);
  });

  it('treats rate limiting the same way', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    openai.setChatBehaviour({ kind: 'error', status: 429, message: 'Rate limit reached', retryAfter: '1' });
    const submitted = await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    expect(job).toMatchObject({ status: 'failed', failureKind: 'busy', retryable: true });
    expect((await api(stack.url, '/api/me', { token })).body.credits.availableCredits).toBe(5);
  });

  it('never saves a malformed reply: it is repaired or the job fails without a charge', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    openai.setChatBehaviour({ kind: 'content', content: '{"posts": [ this is not json' });
    const submitted = await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    expect(job).toMatchObject({ status: 'failed', failureKind: 'generation', retryable: false });
    expect((await api(stack.url, '/api/me', { token })).body.credits.availableCredits).toBe(5);
  });
});
