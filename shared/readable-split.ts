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

const segmenters = new Map<string, Intl.Segmenter>();
/** One sentence segmenter per locale: building one costs more than using it. */
function sentenceSegmenter(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}
const URL_PATTERN = /https?:\/\/\S+/g;
// ICU breaks after these abbreviations and initials ("Dr. ", "J. "), where no sentence ends.
const ABBREVIATION =
  /(?:^|[\s(“"'‘])(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|Rev|Gen|Sen|Rep|Gov|Lt|Col|Capt|Mt|vs|e\.g|i\.e|\p{Lu})\.\s*$/u;
// After a comma, semicolon or colon, or a dash between spaces: a clause may end there.
// Chinese and Japanese write their own comma, enumeration comma, semicolon and colon, without a space.
const CLAUSE_END = /[,;:](?=\s)|\s[—–-](?=\s)|[，、；：]/gu;

// ICU leaves an opening bracket or quote at the end of the sentence before it ("…ました！「").
const OPENING_AT_END = /[「『（(“‘《〈【]+\s*$/u;
// A quotation closed and then reported ("「本当？」と彼は言った"): the report continues the sentence.
const CLOSED_QUOTE = /[」』”’"》〉]\s*$/u;
const REPORTED = /^[とっ、，のはがを]|^[^。！？.!?]{1,8}(?:说|說|问|問|道|表示|称|稱)[。，]?\s*$/u;
// Thai ends a sentence or clause with a space, not with punctuation.
const THAI = /\p{Script=Thai}/u;

/** Sentence segments of a text in a locale, as [start, end) pairs. */
function segmentSentences(text: string, locale: string): Span[] {
  const spans: Span[] = [];
  for (const { index, segment } of sentenceSegmenter(locale).segment(text)) {
    const end = index + segment.length;
    const last = spans.at(-1);
    const opening = last ? OPENING_AT_END.exec(text.slice(last.start, last.end)) : null;
    if (last && opening) last.end -= opening[0].length;
    const start = last ? last.end : index;
    if (last && CLOSED_QUOTE.test(text.slice(last.start, last.end)) && REPORTED.test(text.slice(start, end)))
      last.end = end;
    else spans.push({ start, end });
  }
  return locale === 'th' ? spans.flatMap((span) => thaiClauses(text, span)) : spans;
}

/**
 * Thai sentences: Thai writes a space where a sentence or clause ends, and ICU finds no sentence
 * end without punctuation, so a segment is cut after each space that follows Thai text and comes
 * before more of it (a space beside a number or a foreign word does not end a clause).
 */
function thaiClauses(text: string, span: Span): Span[] {
  const parts: Span[] = [];
  let start = span.start;
  for (const match of text.slice(span.start, span.end).matchAll(/\s+/gu)) {
    const at = span.start + match.index;
    const before = text.charAt(at - 1);
    const after = text.charAt(at + match[0].length);
    if (THAI.test(before) && THAI.test(after)) {
      parts.push({ start, end: at + match[0].length });
      start = at + match[0].length;
    }
  }
  parts.push({ start, end: span.end });
  return parts.filter((part) => part.end > part.start);
}

/**
 * The sentences of a text in its language (Unicode sentence boundaries for the locale, as the
 * browser and Node find them; Thai also at the spaces that end its clauses), each span running to
 * the next one's start; no break inside a link or after an abbreviation.
 */
export function sentenceSpans(text: string, locale = 'en'): Span[] {
  const links = [...text.matchAll(URL_PATTERN)].map((match) => [match.index, match.index + match[0].length] as const);
  const spans: Span[] = [];
  for (const { start: index, end } of segmentSentences(text, locale)) {
    const segment = text.slice(index, end);
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

/**
 * The words of a span, each with the whitespace after it; in a text without spaces (Chinese,
 * Japanese, Thai) the words the locale's word segmenter finds.
 */
function wordSpans(text: string, span: Span, locale: string): Span[] {
  const part = text.slice(span.start, span.end);
  if (/\s/u.test(part.trim())) {
    return [...part.matchAll(/\s*\S+\s*/g)].map((match) => ({
      start: span.start + match.index,
      end: span.start + match.index + match[0].length,
    }));
  }
  return [...new Intl.Segmenter(locale, { granularity: 'word' }).segment(part)].map(({ index, segment }) => ({
    start: span.start + index,
    end: span.start + index + segment.length,
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
export function splitReadable(
  text: string,
  fit: Fit,
  sentences?: (text: string) => Span[],
  /** The text's language: where its sentences and (without spaces) its words end. */
  locale = 'en',
): string[] {
  const sentencesOf = sentences ?? ((part: string) => sentenceSpans(part, locale));
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
  const units = sentencesOf(trimmed).flatMap((sentence) =>
    fits(sentence)
      ? [sentence]
      : clauseSpans(trimmed, sentence).flatMap((clause) =>
          fits(clause) ? [clause] : wordSpans(trimmed, clause, locale),
        ),
  );
  return pack(trimmed, units, fit);
}
