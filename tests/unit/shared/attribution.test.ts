import { describe, expect, it } from 'vitest';
import { attributionText } from '#shared/attribution';

describe('attributionText', () => {
  it('reads exactly "Thread created by {host}. Read original article at: {url}"', () => {
    expect(attributionText('threadsnip.app', 'https://news.example.com/story?id=42')).toBe(
      'Thread created by threadsnip.app. Read original article at: https://news.example.com/story?id=42',
    );
  });

  it('keeps the host and URL as given', () => {
    expect(attributionText('localhost:5173', 'http://127.0.0.1:8080/a')).toBe(
      'Thread created by localhost:5173. Read original article at: http://127.0.0.1:8080/a',
    );
  });
});
