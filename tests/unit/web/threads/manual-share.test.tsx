// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#web/components/ui/toast-provider';
import { ManualShareDialog } from '#web/features/threads/components/manual-share-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posts = [
  { id: 'post-0', content: 'Cities trap heat. 1/3', charCount: 21 },
  { id: 'post-1', content: 'Trees cool streets. (2/3)', charCount: 25 },
  {
    id: 'post-2',
    content: 'Thread created by threadsnip.local. Read original article at: https://example.com/a',
    charCount: 85,
  },
];

function renderDialog() {
  const writeText = vi.fn(async (_text: string) => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  render(
    <ToastProvider>
      <ManualShareDialog open posts={posts} onClose={() => undefined} />
    </ToastProvider>,
  );
  return { writeText };
}

describe('ManualShareDialog', () => {
  it('copies post by post without the numbering and ticks each copied post', async () => {
    const { writeText } = renderDialog();
    expect(screen.getByText('Post 1 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Post' }));
    expect(writeText).toHaveBeenLastCalledWith('Cities trap heat.');
    expect(await screen.findByText('Post copied!')).toBeTruthy();
    expect(screen.getByText('Copied')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Post 2 of 3')).toBeTruthy();
    expect(screen.queryByText('Copied')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Post' }));
    expect(writeText).toHaveBeenLastCalledWith('Trees cool streets.');
    expect(screen.queryByText('✓ All posts copied')).toBeNull();
  });

  it('Copy All joins every post with a blank line and marks all as copied', async () => {
    const { writeText } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Copy All' }));
    expect(writeText).toHaveBeenCalledWith(
      'Cities trap heat.\n\nTrees cool streets.\n\nThread created by threadsnip.local. Read original article at: https://example.com/a',
    );
    expect(await screen.findByText('All posts copied!')).toBeTruthy();
    expect(screen.getByText('✓ All posts copied')).toBeTruthy();
  });
});
