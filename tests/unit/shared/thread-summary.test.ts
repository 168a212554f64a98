import { describe, expect, it } from 'vitest';
import { storedPostTexts } from '#shared/posts';
import { cardPreview, isPosted } from '#shared/thread-summary';

describe("a My Threads card's preview", () => {
  it('cuts the first post at 120 characters with an ellipsis, and leaves a short one whole', () => {
    expect(cardPreview('a'.repeat(150))).toBe(`${'a'.repeat(120)}...`);
    expect(cardPreview('a'.repeat(120))).toBe('a'.repeat(120));
    expect(cardPreview('short')).toBe('short');
    expect(cardPreview(undefined)).toBe('');
  });

  it('drops the spaces the cut leaves before the ellipsis', () => {
    expect(cardPreview(`${'a'.repeat(118)}  tail of the post`)).toBe(`${'a'.repeat(118)}...`);
  });
});

describe("a My Threads card's Posted badge", () => {
  it('shows once the thread went to X or any platform reported it posted', () => {
    expect(isPosted({ postedToX: true, platformPosts: {} })).toBe(true);
    expect(isPosted({ postedToX: false, platformPosts: { bluesky: { posted: true, postUrl: 'https://b' } } })).toBe(
      true,
    );
  });

  it('does not show for a thread never posted or whose every attempt failed', () => {
    expect(isPosted({ postedToX: false, platformPosts: {} })).toBe(false);
    expect(
      isPosted({ postedToX: false, platformPosts: { reddit: { posted: false }, discord: { posted: false } } }),
    ).toBe(false);
  });
});

describe('the stored posts a card counts', () => {
  it('are read as the thread detail reads them: legacy strings and objects with text, nothing else', () => {
    const stored = ['A legacy post', { id: 'p1', content: 'An object post', source: 'passage' }, { id: 'x' }, 7, null];
    expect(storedPostTexts(stored)).toEqual(['A legacy post', 'An object post']);
    expect(storedPostTexts(undefined)).toEqual([]);
  });
});
