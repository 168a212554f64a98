import { describe, expect, it } from 'vitest';
import { DEFAULT_TONE, isTone, TONE_LABELS, TONES, TONES_BLOCKED_WHEN_SENSITIVE } from '#shared/tones';

describe('tones', () => {
  it('offers the five tones with the spec labels, professional by default', () => {
    expect(TONES).toEqual(['professional', 'casual', 'humorous', 'educational', 'persuasive']);
    expect(TONE_LABELS).toEqual({
      professional: 'Professional & Formal',
      casual: 'Casual & Conversational',
      humorous: 'Humorous & Entertaining',
      educational: 'Educational & Informative',
      persuasive: 'Persuasive & Compelling',
    });
    expect(DEFAULT_TONE).toBe('professional');
  });

  it('blocks casual and humorous for sensitive content, and never the default', () => {
    expect([...TONES_BLOCKED_WHEN_SENSITIVE].sort()).toEqual(['casual', 'humorous']);
    expect(TONES_BLOCKED_WHEN_SENSITIVE).not.toContain(DEFAULT_TONE);
  });

  it('isTone accepts only the tone ids', () => {
    for (const tone of TONES) expect(isTone(tone)).toBe(true);
    expect(isTone('Professional')).toBe(false);
    expect(isTone('angry')).toBe(false);
    expect(isTone(undefined)).toBe(false);
    expect(isTone(1)).toBe(false);
  });
});
