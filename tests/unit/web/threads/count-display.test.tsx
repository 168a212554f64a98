// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PostCharCount } from '#web/features/threads/components/post-char-count';

afterEach(cleanup);

const count = (content: string) => {
  render(<PostCharCount content={content} />);
  const element = screen.getByTestId('char-count');
  return { text: element.textContent, over: element.classList.contains('char-count--over') };
};

describe('PostCharCount', () => {
  it('shows the length out of 280', () => {
    expect(count('Hello thread')).toEqual({ text: '12/280', over: false });
  });

  it('counts every link as 23 characters, however long it is', () => {
    const link = `https://example.com/${'very-long-path/'.repeat(10)}article`;
    expect(count(`Read it: ${link}`)).toEqual({ text: '32/280', over: false });
  });

  it('shows exactly 280 as within the limit', () => {
    expect(count('a'.repeat(280))).toEqual({ text: '280/280', over: false });
  });

  it('shows how far over the limit a post is', () => {
    expect(count(`${'a'.repeat(270)} https://example.com/${'x'.repeat(100)}`)).toEqual({
      text: '294/280 · 14 over limit',
      over: true,
    });
  });

  it('counts emoji as two', () => {
    expect(count('🎉🎉')).toEqual({ text: '4/280', over: false });
  });
});
