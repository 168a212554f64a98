const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A text as one line of at most `maxChars` characters: whitespace runs made one space, and a longer
 * text cut on a grapheme boundary (at its last word when that keeps more than half) with '…'.
 */
export function clipText(value: string, maxChars: number): string {
  // Only the head is looked at: a feed may carry a title of megabytes.
  const head = value.length > maxChars * 4 ? value.slice(0, maxChars * 4) : value;
  const text = head.replace(/\s+/g, ' ').trim();
  if (text.length <= maxChars && head === value) return text;
  let cut = '';
  for (const { segment } of graphemes.segment(text)) {
    if (cut.length + segment.length > maxChars - 1) break;
    cut += segment;
  }
  if (cut === text) return text;
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
