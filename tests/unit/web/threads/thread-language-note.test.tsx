// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadLanguageNote } from '#web/features/threads/components/thread-language-note';

afterEach(cleanup);

describe('ThreadLanguageNote', () => {
  it('says which language the thread is written in', () => {
    render(<ThreadLanguageNote thread={{ language: 'ko', tone: 'professional' }} />);
    expect(screen.getByTestId('thread-language').textContent).toBe('Written in Korean');
  });

  it('says the thread uses the professional voice when the language has none for the tone', () => {
    render(<ThreadLanguageNote thread={{ language: 'de', tone: 'humorous', voiceTone: 'professional' }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'There is no humorous voice in German yet, so this thread uses the professional one.',
    );
  });

  it("says a translated thread is one, from the article's language", () => {
    render(<ThreadLanguageNote thread={{ language: 'en', translatedFrom: 'ja', tone: 'casual' }} />);
    expect(screen.getByTestId('thread-language').textContent).toBe('Translated from Japanese');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing for a thread of unknown language', () => {
    render(<ThreadLanguageNote thread={{ language: null, tone: 'casual' }} />);
    expect(screen.queryByTestId('thread-language')).toBeNull();
  });
});
