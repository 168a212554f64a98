// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExtractionResult } from '#shared/schemas/article';
import type { GenerationJob } from '#shared/schemas/generation';
import type { Thread } from '#shared/schemas/thread';
import { CreatePage } from '#web/app/routes/create-page';
import { type Me, meQueryKey } from '#web/lib/get-me';
import { workspacesQueryKey } from '#web/lib/get-workspaces';
import { LOCAL_RUNTIME_CONFIG, LocationProbe, renderRoutes, signedInAuth, testQueryClient } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

// The steps after the input are lazy: loading the preview's once here keeps its first transform (the
// editor, twitter-text) out of each test's waits, which on a loaded 2-core machine can pass a second.
beforeAll(() => import('#web/features/create/components/preview-step'));
configure({ asyncUtilTimeout: 5_000 });

const THREAD_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ARTICLE_URL = 'https://news.example.com/cities-heat';

const me: Me = {
  userId: 'user-1',
  email: 'ada@example.com',
  username: null,
  role: 'user',
  isAdmin: false,
  credits: { totalCredits: 5, usedCredits: 0, availableCredits: 5, freeCredits: 5, paidCredits: 0, resetDate: null },
};

const extraction: ExtractionResult = {
  url: ARTICLE_URL,
  title: 'Why cities run hot',
  content: 'Cities trap heat. Trees help.',
  links: [],
  extractedAt: '2030-01-01T10:00:00.000Z',
  byline: null,
  siteName: null,
  canonicalUrl: null,
  publishedTime: null,
  leadImage: null,
  language: 'en',
  authorHandles: { profiles: [] },
  themes: ['climate'],
  isSensitiveContent: false,
  sensitiveCategories: [],
  sensitiveContentMessage: null,
};

const thread: Thread = {
  id: THREAD_ID,
  userId: 'user-1',
  title: 'Why cities run hot',
  sourceUrl: ARTICLE_URL,
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
  posts: [
    { id: 'post-0', content: 'Cities trap heat. 🧵 #climate', charCount: 30, source: 'Cities trap heat.' },
    { id: 'post-1', content: 'Trees help. 1/1', charCount: 15 },
    {
      id: 'post-2',
      content: `Thread created by threadsnip.local. Read original article at: ${ARTICLE_URL}`,
      charCount: 80,
    },
  ],
  themes: [],
  tone: 'professional',
  isSensitiveContent: false,
  sensitiveCategories: [],
  sensitiveContentMessage: null,
  hallucination: { risk: 'medium', reason: 'One figure is not in the article.', contentRatio: 0.4 },
  articleSize: 30,
  generatedSize: 120,
  postedToX: false,
  platformPosts: {},
};

function job(overrides: Partial<GenerationJob>): GenerationJob {
  return {
    jobId: '6f1e0d1c-2b6a-4a55-9c2b-3d8f0c1e2a10',
    status: 'queued',
    url: ARTICLE_URL,
    tone: 'professional',
    threadId: THREAD_ID,
    isNewThread: true,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    error: null,
    failureKind: null,
    retryable: false,
    thread: null,
    ...overrides,
  };
}

type Handler = (method: string, path: string, body: unknown) => Response | undefined;
const fetchMock = vi.fn<typeof fetch>();
const calls: string[] = [];

function answer(handler: Handler) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/config.json') {
      return Response.json(LOCAL_RUNTIME_CONFIG);
    }
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return (
      handler(method, url, body) ?? Response.json({ error: 'Not found', code: 'route_not_found' }, { status: 404 })
    );
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCreate(initialEntry = '/create', auth = signedInAuth()) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(meQueryKey('user-1'), me);
  return renderRoutes(
    [
      {
        path: '/create',
        element: (
          <>
            <CreatePage />
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { auth, queryClient, initialEntries: [initialEntry] },
  );
}

describe('/create generation', () => {
  it('shows the busy screen with the retry counter, and stops offering retries at 3/3', async () => {
    answer((method, path) => {
      if (path === '/api/extract-article') return Response.json(extraction);
      if (method === 'POST' && path === '/api/generation-jobs') return Response.json(job({}), { status: 202 });
      if (path.startsWith('/api/generation-jobs/')) {
        return Response.json(
          job({ status: 'failed', error: 'The AI service is busy', failureKind: 'busy', retryable: true }),
        );
      }
      return undefined;
    });
    renderCreate();
    await userEvent.type(screen.getByLabelText('Article URL'), ARTICLE_URL);
    await userEvent.click(screen.getByRole('button', { name: /Generate Thread/ }));

    expect(await screen.findByRole('heading', { name: 'Service Temporarily Busy' })).toBeTruthy();
    expect(screen.getByTestId('retry-counter').textContent).toBe('Retry attempts: 1/3');
    expect(screen.getByText('You can try again in a moment')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('retry-counter').textContent).toBe('Retry attempts: 2/3'));
    expect(screen.getByText('Please wait a few minutes before retrying.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('retry-counter').textContent).toBe('Retry attempts: 3/3'));
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Back to URL Input' }));
    expect((screen.getByLabelText('Article URL') as HTMLInputElement).value).toBe(ARTICLE_URL);
    expect(screen.getByTestId('location').textContent).not.toContain('step=generate');
  });

  it('ignores a second Generate while the first one runs', async () => {
    answer((method, path) => {
      if (path === '/api/extract-article') return Response.json(extraction);
      if (method === 'POST' && path === '/api/generation-jobs') return Response.json(job({}), { status: 202 });
      if (path.startsWith('/api/generation-jobs/')) return Response.json(job({ status: 'running' }));
      return undefined;
    });
    renderCreate();
    await userEvent.type(screen.getByLabelText('Article URL'), ARTICLE_URL);
    const button = screen.getByRole('button', { name: /Generate Thread/ });
    await userEvent.dblClick(button);
    await screen.findByRole('heading', { name: 'Generating your thread' });
    // The publisher sets no limit: no short-quote badge.
    expect(screen.queryByTestId('short-quote-badge')).toBeNull();
    expect(calls.filter((call) => call === 'POST /api/extract-article')).toHaveLength(1);
    expect(calls.filter((call) => call === 'POST /api/generation-jobs')).toHaveLength(1);
  });

  it('sends a signed-out Generate to /auth with redirect, url and tone', async () => {
    answer(() => undefined);
    renderCreate('/create', { ...signedInAuth(), user: null, status: 'signedOut' });
    await userEvent.type(screen.getByLabelText('Article URL'), `${ARTICLE_URL}/`);
    await userEvent.selectOptions(screen.getByLabelText('Thread Tone'), 'casual');
    await userEvent.click(screen.getByRole('button', { name: /Generate Thread/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/auth?redirect=%2Fcreate&url=${encodeURIComponent(ARTICLE_URL)}&tone=casual`,
      ),
    );
  });

  it('starts the pending generation after sign-in by itself', async () => {
    answer((method, path, body) => {
      if (path === '/api/extract-article') return Response.json({ ...extraction, url: (body as { url: string }).url });
      if (method === 'POST' && path === '/api/generation-jobs') return Response.json(job({}), { status: 202 });
      if (path.startsWith('/api/generation-jobs/')) return Response.json(job({ status: 'running' }));
      return undefined;
    });
    renderCreate(`/create?url=${encodeURIComponent(ARTICLE_URL)}&tone=educational`);
    expect(await screen.findByRole('heading', { name: 'Generating your thread' })).toBeTruthy();
    const submitted = fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/generation-jobs' && init);
    expect(JSON.parse(String(submitted?.[1]?.body))).toEqual({ url: ARTICLE_URL, tone: 'educational' });
  });

  it('prefills an article shared to the app without generating, the shared words beside the URL field', async () => {
    answer(() => undefined);
    const text = `Cities trap heat ${ARTICLE_URL} worth a read`;
    renderCreate(`/create?title=Heat&text=${encodeURIComponent(text)}`);

    expect(((await screen.findByLabelText('Article URL')) as HTMLInputElement).value).toBe(ARTICLE_URL);
    expect(screen.getByText('Cities trap heat worth a read')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('step=input'));
    expect(screen.getByTestId('location').textContent).not.toContain('text=');
    expect(calls.filter((call) => call.includes('generation-jobs') || call.includes('extract'))).toEqual([]);
  });

  it('shows the bookmarklet’s selection as a hint, never sent to the API, and drops it for another URL', async () => {
    answer(() => undefined);
    renderCreate(`/create?url=${encodeURIComponent(ARTICLE_URL)}&hint=${encodeURIComponent('Trees help.')}`);

    const field = (await screen.findByLabelText('Article URL')) as HTMLInputElement;
    expect(field.value).toBe(ARTICLE_URL);
    expect(screen.getByText('Trees help.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'https://other.example/a');
    expect(screen.queryByText('Trees help.')).toBeNull();
    const sent = fetchMock.mock.calls.map(([input, init]) => `${String(input)} ${String(init?.body ?? '')}`);
    expect(sent.some((request) => request.includes('Trees'))).toBe(false);
  });

  it('offers the bookmarklet, its code opening /create on the configured site', async () => {
    answer(() => undefined);
    renderCreate();
    const link = await screen.findByRole('link', { name: 'Thread this page' });
    await waitFor(() => expect(link.getAttribute('href')).toMatch(/^javascript:/));
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('"http://localhost:3000/create"');
  });

  it('retries a Generate whose answer was lost with the same Idempotency-Key, so it is charged once', async () => {
    let posts = 0;
    answer((method, path, body) => {
      if (path === '/api/extract-article') return Response.json({ ...extraction, url: (body as { url: string }).url });
      if (method === 'POST' && path === '/api/generation-jobs') {
        posts += 1;
        if (posts === 1) throw new TypeError('Failed to fetch');
        return Response.json(job({}), { status: 202 });
      }
      if (path.startsWith('/api/generation-jobs/')) return Response.json(job({ status: 'running' }));
      return undefined;
    });
    renderCreate(`/create?url=${encodeURIComponent(ARTICLE_URL)}&tone=educational`);
    await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Generating your thread' })).toBeTruthy();

    const keys = fetchMock.mock.calls
      .filter(([input, init]) => String(input) === '/api/generation-jobs' && init?.method === 'POST')
      .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks before a casual thread of sensitive content, then switches to professional', async () => {
    answer((method, path, body) => {
      if (path === '/api/extract-article') {
        return Response.json({
          ...extraction,
          isSensitiveContent: true,
          sensitiveCategories: ['violence'],
          sensitiveContentMessage: 'This article discusses violence.',
        });
      }
      if (method === 'POST' && path === '/api/generation-jobs') {
        return Response.json(job({ tone: (body as { tone: GenerationJob['tone'] }).tone }), { status: 202 });
      }
      if (path.startsWith('/api/generation-jobs/')) return Response.json(job({ status: 'running' }));
      return undefined;
    });
    renderCreate();
    await userEvent.type(screen.getByLabelText('Article URL'), ARTICLE_URL);
    await userEvent.selectOptions(screen.getByLabelText('Thread Tone'), 'casual');
    await userEvent.click(screen.getByRole('button', { name: /Generate Thread/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Sensitive Content Detected' });
    expect(within(dialog).getByText('violence')).toBeTruthy();
    expect((screen.getByRole('option', { name: 'Casual & Conversational' }) as HTMLOptionElement).disabled).toBe(true);
    expect(calls).not.toContain('POST /api/generation-jobs');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Use Professional Tone' }));
    await screen.findByRole('heading', { name: 'Generating your thread' });
    const submitted = fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/generation-jobs' && init);
    expect(JSON.parse(String(submitted?.[1]?.body))).toEqual({ url: ARTICLE_URL, tone: 'professional' });
  });

  it('sends a user without credits to /credits with the Insufficient Credits toast', async () => {
    answer(() => undefined);
    const queryClient = testQueryClient();
    queryClient.setQueryData(meQueryKey('user-1'), {
      ...me,
      credits: { ...me.credits, availableCredits: 0, freeCredits: 0 },
    });
    queryClient.setQueryData(workspacesQueryKey('user-1'), [
      { id: 'user-1', name: 'Personal', personal: true, role: 'owner' },
    ]);
    renderRoutes(
      [
        { path: '/create', element: <CreatePage /> },
        { path: '*', element: <LocationProbe /> },
      ],
      { auth: signedInAuth(), queryClient, initialEntries: ['/create'] },
    );
    expect(screen.getByRole('link', { name: 'Get more credits' }).getAttribute('href')).toBe('/credits');
    expect(screen.queryByRole('link', { name: 'Buy More' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Article URL'), ARTICLE_URL);
    await userEvent.click(screen.getByRole('button', { name: /Generate Thread/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/credits'));
    expect(
      screen.getByText('You need at least 1 credit to generate a thread. Please purchase more credits to continue.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('goes to /credits when the server refuses the generation for lack of credit (402)', async () => {
    answer((method, path) => {
      if (path === '/api/extract-article') return Response.json(extraction);
      if (method === 'POST' && path === '/api/generation-jobs') {
        return Response.json({ error: 'Insufficient credits', code: 'insufficient_credits' }, { status: 402 });
      }
      return undefined;
    });
    renderCreate();
    await userEvent.type(screen.getByLabelText('Article URL'), ARTICLE_URL);
    await userEvent.click(screen.getByRole('button', { name: /Generate Thread/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/credits'));
    expect(screen.getByText('Insufficient Credits')).toBeTruthy();
  });

  it('names short-quote mode as soon as the article is read: on the input step and while generating', async () => {
    const noai = {
      reservation: false,
      reservationSource: null,
      policyUrl: null,
      noai: true,
      noimageai: false,
      nosnippet: false,
      maxSnippet: null,
      license: null,
    };
    const badge = 'The publisher limits AI use: short-quote mode (noai)';
    answer((method, path) => {
      if (path === '/api/extract-article') {
        // Sensitive too, so the input step stays on screen with what the extraction found.
        return Response.json({
          ...extraction,
          rights: noai,
          isSensitiveContent: true,
          sensitiveCategories: ['violence'],
        });
      }
      if (method === 'POST' && path === '/api/generation-jobs') return Response.json(job({}), { status: 202 });
      if (path.startsWith('/api/generation-jobs/')) return Response.json(job({ status: 'running' }));
      return undefined;
    });
    renderCreate();
    await userEvent.type(screen.getByLabelText('Article URL'), ARTICLE_URL);
    expect(screen.queryByTestId('short-quote-badge')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Thread Tone'), 'casual');
    await userEvent.click(screen.getByRole('button', { name: /Generate Thread/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Sensitive Content Detected' });
    expect(screen.getByTestId('short-quote-badge').textContent).toContain(badge);
    expect(calls).not.toContain('POST /api/generation-jobs');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Use Professional Tone' }));
    const progress = await screen.findByRole('heading', { name: 'Generating your thread' });
    expect(within(progress.closest('section')!).getByTestId('short-quote-badge').textContent).toContain(badge);
  });

  it('shows an extraction failure in the amber box on the input step', async () => {
    answer((_method, path) =>
      path === '/api/extract-article'
        ? Response.json(
            { error: 'The page did not contain an article.', code: 'extraction_failed', extractionError: true },
            { status: 422 },
          )
        : undefined,
    );
    renderCreate();
    await userEvent.type(screen.getByLabelText('Article URL'), ARTICLE_URL);
    await userEvent.click(screen.getByRole('button', { name: /Generate Thread/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('The page did not contain an article.');
    await userEvent.type(screen.getByLabelText('Article URL'), 'x');
    expect(screen.queryByText(/The page did not contain an article/)).toBeNull();
  });
});

describe('/create preview', () => {
  function answerThread(extra: Handler = () => undefined) {
    answer((method, path, body) => {
      if (method === 'GET' && path === `/api/threads/${THREAD_ID}?purpose=restore`) return Response.json(thread);
      return extra(method, path, body);
    });
  }

  it('restores the thread after a reload, with index/total, counts and banners', async () => {
    answerThread();
    renderCreate(`/create?step=preview&url=${encodeURIComponent(ARTICLE_URL)}&tone=professional&threadId=${THREAD_ID}`);
    expect(screen.getByRole('heading', { name: 'Restoring Your Thread' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Thread Preview' })).toBeTruthy();
    expect(screen.getByText('Thread Restored')).toBeTruthy();
    const posts = screen.getAllByTestId('thread-post');
    expect(posts).toHaveLength(3);
    expect(within(posts[0] as HTMLElement).getByText('1/3')).toBeTruthy();
    // The attribution: 62 characters of text and a link that counts 23.
    expect(within(posts[2] as HTMLElement).getByTestId('char-count').textContent).toBe('85/280');
    expect(screen.getByText('Possible Added Content')).toBeTruthy();
    expect(screen.getByText('#general')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit post 3' })).toBeNull();
  });

  it('regenerates the thread for free and shows Thread Updated', async () => {
    const regenerated: Thread = {
      ...thread,
      updatedAt: '2030-01-01T11:00:00.000Z',
      posts: [{ id: 'post-0', content: 'A fresh take on urban heat.', charCount: 27 }, ...thread.posts.slice(2)],
    };
    answerThread((method, path) => {
      if (method === 'POST' && path === '/api/generation-jobs') {
        return Response.json(job({ isNewThread: false }), { status: 202 });
      }
      if (path.startsWith('/api/generation-jobs/')) {
        return Response.json(job({ isNewThread: false, status: 'succeeded', thread: regenerated }));
      }
      return undefined;
    });
    renderCreate(`/create?step=preview&url=${encodeURIComponent(ARTICLE_URL)}&tone=educational&threadId=${THREAD_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: /Regenerate/ }));
    expect(await screen.findByText('Thread Updated')).toBeTruthy();
    expect(await screen.findByText('A fresh take on urban heat.')).toBeTruthy();
    expect(screen.getAllByTestId('thread-post')).toHaveLength(2);
    const submitted = fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/generation-jobs' && init);
    expect(JSON.parse(String(submitted?.[1]?.body))).toEqual({
      url: ARTICLE_URL,
      tone: 'educational',
      threadId: THREAD_ID,
    });
  });

  it("refuses another user's thread on restore and returns to the input step", async () => {
    answer((_method, path) =>
      path === `/api/threads/${THREAD_ID}?purpose=restore`
        ? Response.json(
            { error: 'Access Denied: You do not have permission to access this thread.', code: 'thread_access_denied' },
            { status: 403 },
          )
        : undefined,
    );
    renderCreate(`/create?step=preview&url=${encodeURIComponent(ARTICLE_URL)}&threadId=${THREAD_ID}`);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Article URL')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Thread Preview' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toContain('threadId'));
  });

  it('protects the attribution post', async () => {
    answerThread();
    renderCreate(`/create?step=preview&threadId=${THREAD_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: /Attribution Protected/ }));
    expect(
      await screen.findByText('The attribution post cannot be edited to ensure proper credit to the original author.'),
    ).toBeTruthy();
    expect(screen.queryByText('Editing Mode')).toBeNull();
  });

  it('refuses to save an edit the sensitivity check flags, with a Content Warning', async () => {
    answerThread((method, path) => {
      if (path === '/api/check-content-sensitivity')
        return Response.json({ isSensitive: true, categories: ['violence'] });
      if (method === 'PUT') return Response.json(thread);
      return undefined;
    });
    renderCreate(`/create?step=preview&threadId=${THREAD_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit post 2' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Post 2 of 3' }), ' More.{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Content Warning')).toBeTruthy();
    expect(screen.getByText('Editing Mode')).toBeTruthy();
    expect(calls.some((call) => call.startsWith('PUT '))).toBe(false);
  });

  it('saves an edit that passes the check, and Add Post opens an empty post before the attribution', async () => {
    answerThread((method, path, body) => {
      if (path === '/api/check-content-sensitivity') return Response.json({ isSensitive: false, categories: [] });
      if (method === 'PUT') {
        const posts = (body as { posts: { id: string; content: string }[] }).posts;
        return Response.json({ ...thread, posts: posts.map((post) => ({ ...post, charCount: post.content.length })) });
      }
      return undefined;
    });
    renderCreate(`/create?step=preview&threadId=${THREAD_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit post 2' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Post 2 of 3' }), ' More.{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Post Updated')).toBeTruthy();
    expect(screen.getByText('Trees help. 1/1 More.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Add Post/ }));
    expect(screen.getByRole('textbox', { name: 'Post 3 of 4' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.getAllByTestId('thread-post')).toHaveLength(3);
  });
});
