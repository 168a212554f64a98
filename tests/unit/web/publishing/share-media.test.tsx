// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostMedia } from '#shared/schemas/media';
import type { Post, Thread } from '#shared/schemas/thread';
import { seededThread } from '#tests/helpers/seed-threads';
import { PlatformSharingPanel } from '#web/features/publishing/components/platform-sharing-panel';
import { renderRoutes, signedInAuth } from '../test-utils';
import { connectedAccount, ShareStepHarness, stubShareStepApi } from './share-step-harness';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

// The pictures' preview is lazy-loaded; loading it once here keeps its first transform out of the tests' waits.
beforeAll(() => import('#web/features/publishing/components/platform-media-plan'));
// Lazy chunks and chained requests on a loaded 2-core machine can take longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

const image = (id: string, alt: string): PostMedia => ({
  id,
  kind: 'upload',
  mimeType: 'image/png',
  width: 800,
  height: 600,
  alt,
  altSource: alt ? 'curator' : null,
  credit: null,
});

let thread: Thread;
let publishRequests: unknown[];

beforeEach(() => {
  const base = seededThread('user-1', 1, { id: 'thread-1' });
  thread = {
    ...base,
    posts: [
      { ...(base.posts[0] as Post), media: [image('chart-00001', 'A chart'), image('map-000001', 'A map')] },
      { ...(base.posts[1] as Post), media: [image('photo-00001', '')] },
      base.posts[2] as Post,
    ],
  };
  const connections = [
    connectedAccount('twitter'),
    connectedAccount('telegram'),
    connectedAccount('reddit', { selectedSubreddit: 'news' }),
  ];
  ({ publishRequests } = stubShareStepApi('thread-1', connections, (url) => {
    if (url === '/api/threads/thread-1?purpose=detail') return Response.json(thread);
    const media = /^\/api\/media\/([\w-]+)$/.exec(url);
    if (media) {
      return Response.json({
        id: media[1],
        kind: 'upload',
        mimeType: 'image/png',
        width: 800,
        height: 600,
        bytes: 1000,
        url: `http://storage.local/${media[1]}.png`,
        createdAt: '2026-11-28T00:00:00.000Z',
      });
    }
    return undefined;
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderShareStep() {
  return renderRoutes([{ path: '/create', element: <ShareStepHarness thread={thread} /> }], {
    auth: signedInAuth(),
    initialEntries: ['/create'],
  });
}

const versionOf = (name: RegExp) => screen.getByText(name).closest('details') as HTMLElement;

describe('pictures before publishing (the /create share step)', () => {
  it('blocks a platform that shows alt text while a picture has none, naming the post', async () => {
    renderShareStep();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Twitter/ }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Post 2 has an image without alt text, which Twitter/X shows. Write it on the thread before publishing.',
    );
    expect((screen.getByRole('button', { name: 'Continue to Publishing' }) as HTMLButtonElement).disabled).toBe(true);
    const twitter = versionOf(/Twitter\/X version/);
    expect(await within(twitter).findByText('(alt text missing)')).toBeTruthy();
  });

  it('lets a platform without an alt text field publish the same thread', async () => {
    renderShareStep();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Telegram/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    const button = screen.getByRole('button', { name: 'Continue to Publishing' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(publishRequests).toEqual([{ platforms: ['telegram'], origin: 'create' }]));
  });

  it('shows each platform’s pictures as it will: cropped to its frame, its count per post, the ALT badge', async () => {
    renderShareStep();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Twitter/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Reddit/ }));

    const twitter = versionOf(/Twitter\/X version/);
    const chart = await within(twitter).findByRole('img', { name: 'A chart' });
    expect(chart.getAttribute('src')).toBe('http://storage.local/chart-00001.png');
    expect(chart.className).toContain('media-preview__image--cropped');
    expect(Number.parseFloat(chart.style.aspectRatio)).toBeCloseTo(16 / 9);
    expect(within(twitter).getByText(/Post 1: 2 images/)).toBeTruthy();
    expect(within(twitter).getAllByText('ALT')).toHaveLength(2);

    // Reddit's API documents no picture upload: its link post goes without them, and says so.
    const reddit = versionOf(/Reddit version/);
    expect(
      await within(reddit).findByText("Post 1: 2 images won't be posted (no pictures are posted here)."),
    ).toBeTruthy();
    expect(within(reddit).queryByText('ALT')).toBeNull();
    expect(within(reddit).queryByRole('img', { name: 'A chart' })).toBeNull();
  });
});

describe('pictures before publishing (the thread page’s sharing panel)', () => {
  it('holds the share button back while a chosen platform would show a picture without alt text', async () => {
    renderRoutes([{ path: '/thread/:threadId', element: <PlatformSharingPanel threadId="thread-1" /> }], {
      auth: signedInAuth(),
      initialEntries: ['/thread/thread-1'],
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Twitter/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Post 2 has an image without alt text, which Twitter/X shows. Write it on the thread before publishing.',
    );
    expect((screen.getByRole('button', { name: 'Share to 1 platform' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('img', { name: 'A map' })).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: /Twitter/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Telegram/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: 'Share to 1 platform' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
