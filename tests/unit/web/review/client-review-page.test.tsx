// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workspaceMessages } from '#shared/messages/workspaces';
import { type ClientReview, reviewDecisionSchema } from '#shared/schemas/review-link';
import { ClientReviewPage } from '#web/features/review/routes/client-review-page';
import { LOCAL_RUNTIME_CONFIG, renderRoutes } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  // A token is at hand, so the page's requests going out without one is the page's own doing.
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const TOKEN = 'A'.repeat(43);
const texts = workspaceMessages.reviewLink;
let answer: { status: number; body: unknown };
let review: ClientReview;
let sent: { method: string; url: string; body: unknown; authorized: boolean }[];

/** GET /api/review/{token} and its decision in memory, checking the body with the contract's schema. */
async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  const authorized = new Headers(init?.headers).has('authorization');
  sent.push({ method, url, body, authorized });
  if (method === 'GET' && url === `/api/review/${TOKEN}`) return Response.json(answer.body, { status: answer.status });
  if (method === 'POST' && url === `/api/review/${TOKEN}/decision`) {
    const decision = reviewDecisionSchema.parse(body);
    review = { ...review, state: 'used', decision: decision.decision };
    return Response.json(review);
  }
  return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
}

beforeEach(() => {
  sent = [];
  review = {
    state: 'active',
    expiresAt: '2026-12-05T12:00:00.000Z',
    decision: null,
    title: 'The harbour at dawn',
    article: { url: 'https://news.example.com/harbour', title: 'The harbour at dawn', author: 'Ana Ruiz' },
    posts: [
      {
        id: 'post-0',
        text: 'The port moved 4 million containers.',
        source: 'The port moved 4 million containers last year.',
        sourceUrl: 'https://news.example.com/harbour#:~:text=The%20port',
        check: { status: 'checked' },
      },
      {
        id: 'post-1',
        text: 'Boats sell at dawn.',
        source: 'The boats sell their catch before sunrise.',
        sourceUrl: 'https://news.example.com/harbour#:~:text=The%20boats',
        check: { status: 'edited' },
      },
      { id: 'post-2', text: 'Read more: the harbour report.', source: null, sourceUrl: null, check: null },
    ],
    platforms: [
      {
        platform: 'mastodon',
        account: null,
        linkPlacement: 'credit-post',
        posts: [
          {
            text: 'The harbour at dawn\n\nThe port moved 4 million containers.\n\nBoats sell at dawn.',
            postIds: ['post-0', 'post-1'],
          },
          { text: 'Read more: the harbour report.', postIds: ['post-2'] },
        ],
        firstComment: null,
      },
      {
        platform: 'twitter',
        account: null,
        linkPlacement: 'credit-post',
        posts: [
          { text: 'The harbour at dawn', postIds: [] },
          { text: 'The port moved 4 million containers.', postIds: ['post-0'] },
          { text: 'Boats sell at dawn.', postIds: ['post-1'] },
          { text: 'Read more: the harbour report.', postIds: ['post-2'] },
        ],
        firstComment: null,
      },
      {
        platform: 'linkedin',
        account: null,
        linkPlacement: 'first-comment',
        posts: [{ text: 'The port moved 4 million containers.\n\nBoats sell at dawn.', postIds: ['post-0', 'post-1'] }],
        firstComment: 'Read more: the harbour report.',
      },
    ],
  };
  answer = { status: 200, body: review };
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderRoutes([{ path: '/review/:token', element: <ClientReviewPage /> }], { initialEntries: [`/review/${TOKEN}`] });

/** The posts of one platform's section, as the client reads them. */
const platformPosts = (name: string) =>
  within(screen.getByRole('region', { name: texts.page.onPlatform(name) })).getAllByRole('listitem');
const passageLinks = (item: HTMLElement) =>
  within(item)
    .queryAllByRole('link', { name: texts.page.openPassage })
    .map((link) => link.getAttribute('href'));
const checks = (item: HTMLElement) =>
  [...item.querySelectorAll('[data-check]')].map((check) => check.getAttribute('data-check'));

describe('the client review page', () => {
  it('shows each platform’s posts as they will post, each beside its passages and checks', async () => {
    renderPage();
    await screen.findByRole('region', { name: texts.page.onPlatform('Mastodon') });
    // Mastodon's one status carries posts 1 and 2: both passages and both checks beside it.
    const mastodon = platformPosts('Mastodon');
    expect(mastodon).toHaveLength(2);
    expect(mastodon[0]!.querySelector('.client-review__text')?.textContent).toBe(
      'The harbour at dawn\n\nThe port moved 4 million containers.\n\nBoats sell at dawn.',
    );
    expect(within(mastodon[0]!).getByRole('heading').textContent).toBe('Mastodon post 1 of 2');
    expect(passageLinks(mastodon[0]!)).toEqual([
      'https://news.example.com/harbour#:~:text=The%20port',
      'https://news.example.com/harbour#:~:text=The%20boats',
    ]);
    expect(checks(mastodon[0]!)).toEqual(['checked', 'edited']);
    expect(within(mastodon[0]!).getByText(texts.page.checks.edited)).toBeTruthy();
    expect(within(mastodon[1]!).getByText(texts.page.noPassage)).toBeTruthy();
    expect(checks(mastodon[1]!)).toEqual(['none']);
    // X's posts stay apart; its title post carries no passage of its own.
    const x = platformPosts('Twitter/X');
    expect(x).toHaveLength(4);
    expect(within(x[0]!).getByText(texts.page.continued)).toBeTruthy();
    expect(checks(x[0]!)).toEqual([]);
    expect(passageLinks(x[2]!)).toEqual(['https://news.example.com/harbour#:~:text=The%20boats']);
    expect(checks(x[2]!)).toEqual(['edited']);
    // LinkedIn's one post, the credit as its first comment.
    const linkedin = screen.getByRole('region', { name: texts.page.onPlatform('LinkedIn') });
    expect(within(linkedin).getAllByRole('listitem')).toHaveLength(1);
    expect(within(linkedin).getByText(texts.page.firstComment)).toBeTruthy();
    expect(within(linkedin).getByText('Read more: the harbour report.')).toBeTruthy();
  });

  it('shows a section per account of one platform, each named and laid out for its account', async () => {
    const section = (id: string, name: string, texts: string[]) => ({
      platform: 'mastodon' as const,
      account: { id, name },
      linkPlacement: 'credit-post' as const,
      posts: texts.map((text) => ({ text, postIds: [] })),
      firstComment: null,
    });
    review = {
      ...review,
      platforms: [
        section('101@social.example', '@news@social.example', ['First status', 'Second status']),
        section('202@harbour.example', 'Harbour desk', ['One long status']),
      ],
    };
    answer = { status: 200, body: review };
    renderPage();

    const news = await screen.findByRole('region', { name: 'On Mastodon as @news@social.example' });
    const desk = screen.getByRole('region', { name: 'On Mastodon as Harbour desk' });
    expect(within(news).getAllByRole('listitem')).toHaveLength(2);
    expect(within(desk).getAllByRole('listitem')).toHaveLength(1);
    expect(within(desk).getByText('One long status')).toBeTruthy();
    expect(screen.queryByRole('region', { name: texts.page.onPlatform('Mastodon') })).toBeNull();
  });

  it('approves once, signed out', async () => {
    renderPage();
    await screen.findByRole('region', { name: texts.page.onPlatform('Mastodon') });
    // Request changes needs a comment.
    expect((screen.getByRole('button', { name: 'Request changes' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(screen.getByLabelText(texts.page.nameLabel), 'Dana');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(texts.page.approvedDone)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    const decision = sent.find((request) => request.url.endsWith('/decision'));
    expect(decision).toMatchObject({ body: { decision: 'approve', name: 'Dana' }, authorized: false });
  });

  it('requests changes with the comment written', async () => {
    renderPage();
    await userEvent.type(await screen.findByLabelText(texts.page.commentLabel), 'Cite the year.');
    await userEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText(texts.page.changesDone)).toBeTruthy();
    expect(sent.find((request) => request.url.endsWith('/decision'))?.body).toEqual({
      decision: 'request_changes',
      comment: 'Cite the year.',
    });
  });

  it.each([
    [410, 'review_link_expired', texts.expired],
    [410, 'review_link_revoked', texts.revoked],
    [410, 'review_link_outdated', texts.outdated],
    [404, 'review_link_invalid', texts.invalid],
  ])('a %i %s says so, with no buttons', async (status, code, message) => {
    answer = { status, body: { error: message, code } };
    renderPage();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a used link shows the decision given, with no buttons', async () => {
    answer = { status: 200, body: { ...review, state: 'used', decision: 'request_changes' } };
    renderPage();
    expect(await screen.findByText(texts.page.changesDone)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
