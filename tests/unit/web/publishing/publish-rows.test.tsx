// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authorPostMessages } from '#shared/messages/author-posts';
import { PublishRows } from '#web/features/publishing/components/publish-rows';

afterEach(cleanup);

const completed = {
  platform: 'bluesky' as const,
  status: 'completed' as const,
  error: null,
  postUrl: 'https://bsky.app/profile/ada.test/post/1',
  postsMade: 2,
  postsTotal: 2,
  completedAt: '2026-11-23T12:00:00.000Z',
};

describe('the publish rows', () => {
  it("say why a posted thread's credit does not quote the author's post", () => {
    render(
      <PublishRows rows={[{ platform: 'bluesky', row: { ...completed, quoteNote: authorPostMessages.deleted } }]} />,
    );

    expect(screen.getByTestId('publish-row-bluesky').textContent).toContain('Successfully posted!');
    expect(screen.getByText(authorPostMessages.deleted)).toBeTruthy();
  });

  it('say nothing more when the credit quoted it, or none was chosen', () => {
    render(<PublishRows rows={[{ platform: 'bluesky', row: { ...completed, quoteNote: null } }]} />);

    expect(screen.getByTestId('publish-row-bluesky').querySelector('p')).toBeNull();
  });
});
