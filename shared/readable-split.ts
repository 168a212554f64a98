/** A bound on one post: the most it may measure, and the platform's own measure. */
export interface Fit {
  limit: number;
  measure: (text: string) => number;
}

/** Where a sentence (or part of one) lies in a text: `text.slice(start, end)`. */
export interface Span {
  start: number;
  end: number;
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const URL_PATTERN = /https?:\/\/\S+/g;
// ICU breaks after these abbreviations and initials ("Dr. ", "J. "), where no sentence ends.
const ABBREVIATION =
  /(?:^|[\s(“"'‘])(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|Rev|Gen|Sen|Rep|Gov|Lt|Col|Capt|Mt|vs|e\.g|i\.e|\p{Lu})\.\s*$/u;
// After a comma, semicolon or colon, or a dash between spaces: a clause may end there.
const CLAUSE_END = /[,;:](?=\s)|\s[—–-](?=\s)/g;

/**
 * The sentences of a text (Unicode sentence boundaries, as the browser and Node find them), each
 * span running to the next one's start; no break inside a link or after an abbreviation.
 */
export function sentenceSpans(text: string): Span[] {
  const links = [...text.matchAll(URL_PATTERN)].map((match) => [match.index, match.index + match[0].length] as const);
  const spans: Span[] = [];
  for (const { index, segment } of sentenceSegmenter.segment(text)) {
    const end = index + segment.length;
    const last = spans.at(-1);
    const noBreak =
      last &&
      (!segment.trim() ||
        ABBREVIATION.test(text.slice(last.start, index)) ||
        links.some(([from, to]) => index > from && index < to));
    if (last && noBreak) last.end = end;
    else spans.push({ start: index, end });
  }
  return spans;
}

/** The clauses of a span, each ending after its comma, semicolon, colon or dash. */
function clauseSpans(text: string, span: Span): Span[] {
  const part = text.slice(span.start, span.end);
  const spans: Span[] = [];
  let start = 0;
  for (const match of part.matchAll(CLAUSE_END)) {
    const end = match.index + match[0].length;
    spans.push({ start: span.start + start, end: span.start + end });
    start = end;
  }
  spans.push({ start: span.start + start, end: span.end });
  return spans;
}

/** The words of a span, each with the whitespace after it. */
function wordSpans(text: string, span: Span): Span[] {
  return [...text.slice(span.start, span.end).matchAll(/\s*\S+\s*/g)].map((match) => ({
    start: span.start + match.index,
    end: span.start + match.index + match[0].length,
  }));
}

/** Whole sentences, packed greedily: a post never takes part of a sentence that could stand whole. */
function pack(text: string, units: readonly Span[], fit: Fit): string[] {
  const pieces: string[] = [];
  let current: Span | null = null;
  for (const unit of units) {
    if (current && fit.measure(text.slice(current.start, unit.end).trim()) <= fit.limit) {
      current.end = unit.end;
      continue;
    }
    if (current) pieces.push(text.slice(current.start, current.end).trim());
    current = { ...unit };
  }
  if (current) pieces.push(text.slice(current.start, current.end).trim());
  return pieces.filter(Boolean);
}

/**
 * Splits a text over the limit into pieces that fit and read on their own: whole sentences where
 * they fit; a sentence too long alone at its clause boundaries (comma, semicolon, colon, dash); a
 * clause too long alone between words. A word or a link is never cut (a single token longer than
 * the limit stays whole). Pieces are the text's own substrings, trimmed, in order.
 */
export function splitReadable(text: string, fit: Fit, sentences: (text: string) => Span[] = sentenceSpans): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (fit.measure(trimmed) <= fit.limit) return [trimmed];
  // A sentence without clause marks is its own only clause (and a one-sentence text its only
  // sentence): measure each once, as X's measure of a long text is slow.
  const measured = new Map<string, number>([[trimmed, fit.limit + 1]]);
  const fits = (span: Span) => {
    const part = trimmed.slice(span.start, span.end).trim();
    const size = measured.get(part) ?? fit.measure(part);
    measured.set(part, size);
    return size <= fit.limit;
  };
  const units = sentences(trimmed).flatMap((sentence) =>
    fits(sentence)
      ? [sentence]
      : clauseSpans(trimmed, sentence).flatMap((clause) => (fits(clause) ? [clause] : wordSpans(trimmed, clause))),
  );
  return pack(trimmed, units, fit);
}
