/** The five thread tones of the spec, with their labels; professional is the default. */
export const TONES = ['professional', 'casual', 'humorous', 'educational', 'persuasive'] as const;
export type Tone = (typeof TONES)[number];
export const DEFAULT_TONE: Tone = 'professional';

export const TONE_LABELS: Record<Tone, string> = {
  professional: 'Professional & Formal',
  casual: 'Casual & Conversational',
  humorous: 'Humorous & Entertaining',
  educational: 'Educational & Informative',
  persuasive: 'Persuasive & Compelling',
};

/** Tones that may not be used for sensitive content. */
export const TONES_BLOCKED_WHEN_SENSITIVE: readonly Tone[] = ['casual', 'humorous'];

/** True for one of the five tone ids. */
export function isTone(value: unknown): value is Tone {
  return typeof value === 'string' && (TONES as readonly string[]).includes(value);
}
