// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Post } from '#shared/schemas/thread';
import { PostCheckMark } from '#web/features/threads/components/post-check-mark';
import { ThreadPreviewCard } from '#web/features/threads/components/thread-preview-card';
import { testQueryClient } from '../test-utils';

afterEach(cleanup);

function mark(check: Post['check']) {
  render(<PostCheckMark check={check} />);
  return screen.queryByTestId('post-check');
}

describe('PostCheckMark', () => {
  it('marks a post whose items were all found, with what was found in its tooltip', () => {
    const element = mark({ status: 'checked', found: { numbers: 2, quotes: 1, names: 3 } });

    expect(element?.textContent).toBe('✓ Checked against the source');
    expect(element?.title).toBe('2 numbers, 1 quote and 3 names found in the article.');
  });

  it('names each item the article does not have', () => {
    const element = mark({
      status: 'failed',
      missing: [
        { kind: 'number', text: '47%' },
        { kind: 'quote', text: 'We changed everything' },
        { kind: 'name', text: 'Pietro Albani' },
      ],
    });

    expect(element?.textContent).toBe(
      '⚠ Not found in the article: the number 47%, the quote "We changed everything", the name Pietro Albani',
    );
  });

  it('says an edited post is no longer checked, and shows nothing for a post without a check', () => {
    expect(mark({ status: 'edited' })?.textContent).toBe('Edited, not checked against the source');
    cleanup();
    expect(mark(undefined)).toBeNull();
  });
});

describe('ThreadPreviewCard', () => {
  it('shows each post’s mark, and none on the attribution', () => {
    const posts: Post[] = [
      {
        id: 'post-0',
        content: 'Hook',
        charCount: 4,
        check: { status: 'checked', found: { numbers: 0, quotes: 0, names: 0 } },
      },
      {
        id: 'post-1',
        content: '1/ Bills fell 47%.',
        charCount: 18,
        check: { status: 'failed', missing: [{ kind: 'number', text: '47%' }] },
      },
      {
        id: 'post-2',
        content: 'Thread created by threadsnip.app. Read original article at: https://x.example',
        charCount: 80,
      },
    ];

    render(
      <QueryClientProvider client={testQueryClient()}>
        <ThreadPreviewCard
          posts={posts}
          editingIndex={null}
          saving={false}
          onEdit={() => {}}
          onSave={() => {}}
          onCancelEdit={() => {}}
          onAttributionProtected={() => {}}
          threadId="thread-1"
          onMediaChange={() => {}}
          savedMediaIds={new Set()}
        />
      </QueryClientProvider>,
    );

    const items = screen.getAllByTestId('thread-post');
    expect(within(items[0] as HTMLElement).getByTestId('post-check').textContent).toBe('✓ Checked against the source');
    expect(within(items[0] as HTMLElement).getByTestId('post-check').title).toBe(
      'No numbers, quotes or names to check.',
    );
    expect(within(items[1] as HTMLElement).getByTestId('post-check').textContent).toBe(
      '⚠ Not found in the article: the number 47%',
    );
    expect(within(items[2] as HTMLElement).queryByTestId('post-check')).toBeNull();
  });
});
