/** Sensitive-content categories, in the order they are reported and shown. */
export const SENSITIVE_CATEGORIES = [
  'violence',
  'self-harm',
  'sexual',
  'hate',
  'harassment',
  'drugs',
  'weapons',
  'illicit',
  'profanity',
] as const;
export type SensitiveCategory = (typeof SENSITIVE_CATEGORIES)[number];

/** Deduplicates categories and puts them in the canonical order. */
export function orderCategories(categories: Iterable<string>): SensitiveCategory[] {
  const present = new Set(categories);
  return SENSITIVE_CATEGORIES.filter((c) => present.has(c));
}
