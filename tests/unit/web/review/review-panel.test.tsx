// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { approveRequestSchema, requestChangesRequestSchema, type ThreadReview } from '#shared/schemas/review';
import type { WorkspaceRole } from '#shared/workspaces/roles';
import { threadVersion } from '#shared/workspaces/thread-version';
import { seededThread } from '#tests/helpers/seed-threads';
import { ReviewPanel } from '#web/features/review/components/review-panel';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const THREAD = seededThread('ws_team', 3);
const VERSION = threadVersion(THREAD.posts);
let review: ThreadReview;
let sent: { method: string; url: string; body: unknown }[];

/** The review routes in memory, checking request bodies with the contract's schemas as the API does. */
async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, url, body });
  const base = `/api/threads/${THREAD.id}`;
  if (method === 'GET' && url === `${base}/review`) return Response.json(review);
  if (method === 'POST' && url === `${base}/review/approve`) {
    const { version } = approveRequestSchema.parse(body);
    if (version !== review.currentVersion)
      return Response.json({ error: 'The thread changed.', code: 'review_version_stale' }, { status: 409 });
    review = {
      ...review,
      state: 'approved',
      approved: true,
      approvedVersion: version,
      approvedBy: 'rita@example.com',
      approvedAt: '2026-11-28T10:00:00.000Z',
    };
    return Response.json(review);
  }
  if (method === 'POST' && url === `${base}/review/request-changes`) {
    const { comment } = requestChangesRequestSchema.parse(body);
    review = {
      ...review,
      state: 'changes_requested',
      comments: [
        ...review.comments,
        {
          commentId: 'c2',
          postId: null,
          text: comment,
          authorId: 'rita',
          authorEmail: 'rita@example.com',
          createdAt: '2026-11-28T10:00:00.000Z',
        },
      ],
    };
    return Response.json(review);
  }
  return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
}

beforeEach(() => {
  sent = [];
  review = {
    threadId: THREAD.id,
    state: 'in_review',
    currentVersion: VERSION,
    sentVersion: VERSION,
    sentBy: 'ed@example.com',
    sentAt: '2026-11-27T09:00:00.000Z',
    approvedVersion: null,
    approvedBy: null,
    approvedAt: null,
    approved: false,
    comments: [
      {
        commentId: 'c1',
        postId: THREAD.posts[1]!.id,
        text: 'Check this figure.',
        authorId: 'rita',
        authorEmail: 'rita@example.com',
        createdAt: '2026-11-27T10:00:00.000Z',
      },
    ],
  };
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The review state as the panel's badge shows it. */
const stateBadge = () => document.querySelector('[data-review-state]')?.textContent;

const renderPanel = (role: WorkspaceRole) =>
  renderRoutes([{ path: '/', element: <ReviewPanel thread={THREAD} role={role} /> }], { auth: signedInAuth() });

describe('the review panel', () => {
  it('shows the state and the comments on their posts, and offers a reviewer Approve and Request changes but not Send', async () => {
    renderPanel('reviewer');
    expect(await screen.findByText('In review')).toBeTruthy();
    expect(screen.getByText('Check this figure.')).toBeTruthy();
    expect(screen.getByText(/on post 2/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(stateBadge()).toBe('Approved'));
    // The approval names the version of the thread as the page shows it.
    expect(sent.find((request) => request.url.endsWith('/review/approve'))?.body).toEqual({ version: VERSION });
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('requests changes with the comment written', async () => {
    renderPanel('reviewer');
    const requestChanges = await screen.findByRole('button', { name: 'Request changes' });
    expect((requestChanges as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Comment'), 'Soften the headline.');
    await userEvent.click(requestChanges);
    await waitFor(() => expect(stateBadge()).toBe('Changes requested'));
    expect(screen.getByText('Soften the headline.')).toBeTruthy();
  });

  it('offers an editor Send for review (not while this version is in review) and no approval', async () => {
    renderPanel('editor');
    const send = await screen.findByRole('button', { name: 'Send for review' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request changes' })).toBeNull();
  });

  it('says when the thread was edited after its approval', async () => {
    review = { ...review, state: 'draft', approvedVersion: 'f'.repeat(64), approved: false };
    renderPanel('editor');
    await waitFor(() => expect(screen.getByText(/Edited since it was approved/)).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Send for review' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
