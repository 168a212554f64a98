import { GenerationFailedError } from '#functions/lib/errors';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import type { Article } from '#shared/schemas/article';
import type { Tone } from '#shared/tones';
import { type AnalysedText, analyseText, mayBeVerb, type SentenceSpan, UNTAGGED } from '../../text/nlp';
import { comparable } from './faithfulness';
import type { DraftPost, DraftThread } from './finalize-thread';
import { isFurniture, linePlaces } from './furniture';
import { pickHashtags } from './hashtags';
import {
  canOpen,
  cleanTitle,
  contentWords,
  isColumn,
  type LedeSentence,
  ledeParagraph,
  rankHookSentences,
  sharesWord,
  withoutDateline,
} from './lede';
import { articlePeople, creditFirstPerson, introducePeople, namedIn, speaksInFirstPerson } from './people';
import { balanceQuotes, dropConnective, startsDangling } from './post-rules';
import { isSolemnTopic } from './solemn-topics';
import { type StandalonePost, standalonePosts } from './standalone';
import { orderForTone, toneWeight } from './tone-plan';
import {
  type ArticleCredit,
  authorName,
  CONSEQUENCE,
  type HookContext,
  reportsLine,
  topicOf,
  viaLine,
  writeBody,
  writeHook,
  writeRecap,
} from './tone-writer';
import { toneInLanguage } from './voices';
import { statesClaim, wholeSentences } from './whole-sentences';

const MAX_BODY_POSTS = 8;
/** A sentence this similar to one already chosen repeats it. */
const REDUNDANT = 0.5;
const MMR_LAMBDA = 0.7;
const COVERAGE = 0.15;

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM', UNTAGGED]);
const BOILERPLATE =
  /\b(subscribe|newsletter|cookies?|all rights reserved|click here|sign up|advertisement|follow us|read more|share this)\b/i;

interface Candidate {
  span: SentenceSpan;
  text: string;
  position: number;
  words: number;
  paragraphStart: boolean;
  /** Sparse tf-idf vector, L2-normalised: term id → weight. */
  vector: Map<number, number>;
}

/** Room a numbered post has for its sentence: the limit less the widest prefix, "13/ ". */
const SENTENCE_BUDGET = POST_CHAR_LIMIT - 4;

const CLAUSE_MARKS = [', ', '; ', ' — ', ' – ', ': '];

/** The words of the sentence that fit with `tail` after them, and where their last clause ends. */
function fittingWords(sentence: string, budget: number, tail: string): { words: string; clauseEnd: number } {
  let words = '';
  for (const word of sentence.split(' ')) {
    const next = words ? `${words} ${word}` : word;
    if (postLength(`${next}${tail}`) > budget) break;
    words = next;
  }
  return { words, clauseEnd: lastClauseEnd(words, sentence) };
}

/** A comma that starts an item of a list ("leaders, engineers and lawmakers"): no clause ends there. */
const LIST_ITEM = /^,\s+[\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+){0,2}(?:,|\s+(?:and|or)\s)/u;

/** Where the last clause of `words` (the start of `sentence`) ends, or -1. */
function lastClauseEnd(words: string, sentence: string): number {
  let end = -1;
  for (const mark of CLAUSE_MARKS) {
    let at = words.lastIndexOf(mark);
    while (mark === ', ' && at > 0 && LIST_ITEM.test(sentence.slice(at))) at = words.lastIndexOf(mark, at - 1);
    end = Math.max(end, at);
  }
  return end;
}

function withoutClauseMark(text: string): string {
  return text.replace(/[\s,;:—–-]+$/, '');
}

/**
 * The sentence within the budget without an ellipsis: whole, or ended with a full stop at its last
 * clause boundary that keeps at least `share` of what fits (and six words); null when it has no such
 * boundary. The hook uses it, so the first post a reader sees never trails off mid-thought.
 */
export function shortenAtClause(
  sentence: string,
  budget: number,
  share = 0.6,
  /** Whether a cut still states something (the hook asks for a verb: a list cut short has none). */
  states: (cut: string) => boolean = () => true,
): string | null {
  if (postLength(sentence) <= budget) return sentence;
  const { words, clauseEnd } = fittingWords(sentence, budget, '.');
  const cut = words.slice(0, Math.max(0, clauseEnd));
  return clauseEnd >= words.length * share && cut.split(' ').length >= 6 && states(cut)
    ? `${withoutClauseMark(cut)}.`
    : null;
}

/** Whether a text has a verb. */
function hasVerb(text: string, language?: string | null): boolean {
  return analyseText(text, language).pos.some(mayBeVerb);
}

/** Shortcodes, tags and links left in the text: never the thread's last word. */
const MARKUP = /[[\]{}<>]|https?:\/\//;

const DANGLING_QUOTE = /^["“].*["”],?\s+(?:he|she|they|it|we)\s+(?:said|says|added|told|explained|noted|recalled)\b/i;

function isBoilerplate(text: string): boolean {
  return BOILERPLATE.test(text) && text.length < 200;
}

function collectCandidates(analysed: AnalysedText): Candidate[] {
  const { text, sentences } = analysed;
  const placeOf = linePlaces(text);
  const all: Candidate[] = [];
  sentences.forEach((span, position) => {
    let words = 0;
    let hasVerb = false;
    for (let i = span.tokenStart; i < span.tokenEnd; i++) {
      if (analysed.type[i] === 'word' || analysed.type[i] === 'number') words++;
      if (mayBeVerb(analysed.pos[i])) hasVerb = true;
    }
    const previous = position > 0 ? sentences[position - 1] : undefined;
    const gap = previous ? text.slice(previous.end, span.start) : '\n';
    const next = sentences[position + 1];
    const gapAfter = next ? text.slice(span.end, next.start) : '\n';
    const sentence = text.slice(span.start, span.end);
    // A line standing alone without closing punctuation is a subheading, not a sentence.
    if (gap.includes('\n') && gapAfter.includes('\n') && !/[.!?…:"”')\]]\s*$/.test(sentence)) return;
    // A quote credited only to "she said" reads as orphaned once lifted out of its paragraph.
    if (DANGLING_QUOTE.test(sentence)) return;
    // Copyright lines, reader prompts, photo credits: the site's, not the article's.
    if (isFurniture(sentence, placeOf(span.start))) return;
    all.push({
      span,
      text: text.slice(span.start, span.end),
      position,
      words: hasVerb ? words : -words,
      paragraphStart: gap.includes('\n'),
      vector: new Map(),
    });
  });
  // Headings, captions and fragments make poor posts; keep them only if nothing else exists.
  const good = all.filter((c) => c.words >= 5 && !isBoilerplate(c.text));
  const chosen = good.length > 0 ? good : all.filter((c) => c.text.trim());
  if (chosen.length === 0) {
    // Nothing but headings and fragments: use every sentence rather than fail.
    return sentences.map((span, position) => ({
      span,
      text: text.slice(span.start, span.end),
      position,
      words: span.tokenEnd - span.tokenStart,
      paragraphStart: true,
      vector: new Map(),
    }));
  }
  for (const c of chosen) c.words = Math.abs(c.words);
  return chosen;
}

/** tf-idf vectors over content lemmas, normalised so a dot product is the cosine similarity. */
function vectorise(analysed: AnalysedText, candidates: Candidate[]): number {
  const ids = new Map<string, number>();
  const df: number[] = [];
  const counts = candidates.map((c) => {
    const tf = new Map<number, number>();
    for (let i = c.span.tokenStart; i < c.span.tokenEnd; i++) {
      if (analysed.stop[i] || !CONTENT_POS.has(analysed.pos[i] ?? '')) continue;
      const lemma = analysed.lemma[i] ?? '';
      if (lemma.length < 2) continue;
      let id = ids.get(lemma);
      if (id === undefined) {
        id = ids.size;
        ids.set(lemma, id);
        df.push(0);
      }
      if (!tf.has(id)) df[id] = (df[id] ?? 0) + 1;
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    return tf;
  });
  const n = candidates.length;
  candidates.forEach((c, k) => {
    let norm = 0;
    for (const [id, count] of counts[k] ?? []) {
      const weight = (1 + Math.log(count)) * Math.log(1 + n / (df[id] ?? 1));
      c.vector.set(id, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [id, weight] of c.vector) c.vector.set(id, weight / norm);
  });
  return ids.size;
}

/**
 * TextRank centrality of every sentence in linear time. On an undirected similarity graph the
 * TextRank walk settles on each sentence's weighted degree, the sum of its cosine similarities to
 * all others: with unit vectors that is v·(S − v), where S is the sum of all sentence vectors.
 */
function centrality(candidates: Candidate[], terms: number): number[] {
  const sum = new Float64Array(terms);
  for (const c of candidates) for (const [id, w] of c.vector) sum[id] = (sum[id] ?? 0) + w;
  return candidates.map((c) => {
    let degree = 0;
    for (const [id, w] of c.vector) degree += w * ((sum[id] ?? 0) - w);
    return degree;
  });
}

function cosine(a: Map<number, number>, b: Map<number, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [id, w] of small) dot += w * (large.get(id) ?? 0);
  return dot;
}

/** Text rank × a prior for early and paragraph-opening sentences and for self-contained length. */
function rankCandidates(analysed: AnalysedText, candidates: Candidate[]): number[] {
  const terms = vectorise(analysed, candidates);
  const rank = centrality(candidates, terms);
  const best = Math.max(...rank, Number.MIN_VALUE);
  const total = Math.max(1, analysed.sentences.length);
  return candidates.map((c, k) => {
    const position = 1 + 0.35 * Math.exp((-4 * c.position) / total) + (c.paragraphStart ? 0.1 : 0);
    const length = c.words < 8 ? 0.7 : c.words > 45 ? 0.8 : 1;
    const dangling = startsDangling(c.text) ? 0.85 : 1;
    return ((rank[k] ?? 0) / best) * position * length * dangling;
  });
}

/** Maximal marginal relevance: strong sentences that do not repeat one already chosen. */
function selectSentences(candidates: Candidate[], scores: number[], count: number): Candidate[] {
  const chosen: Candidate[] = [];
  const remaining = new Set(candidates.map((_, k) => k));
  const last = candidates.at(-1)?.position ?? 0;
  const spacing = Math.max(1, (last + 1) / count);
  while (chosen.length < count && remaining.size > 0) {
    let bestIndex = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const k of remaining) {
      const candidate = candidates[k];
      if (!candidate) continue;
      const overlap = chosen.reduce((max, c) => Math.max(max, cosine(c.vector, candidate.vector)), 0);
      if (overlap > REDUNDANT) {
        remaining.delete(k);
        continue;
      }
      // Neighbours of a chosen sentence lose a little, so the thread covers the whole article.
      const proximity = chosen.reduce(
        (max, c) => Math.max(max, 1 - Math.abs(c.position - candidate.position) / spacing),
        0,
      );
      const value = MMR_LAMBDA * (scores[k] ?? 0) - (1 - MMR_LAMBDA) * overlap - COVERAGE * proximity;
      if (value > bestValue) {
        bestValue = value;
        bestIndex = k;
      }
    }
    if (bestIndex === -1) break;
    remaining.delete(bestIndex);
    const picked = candidates[bestIndex];
    if (picked) chosen.push(picked);
  }
  return chosen.sort((a, b) => a.position - b.position);
}

/** How many numbered posts an article of this many usable sentences deserves. */
function bodyPostCount(candidates: number): number {
  return Math.min(candidates, MAX_BODY_POSTS, Math.max(1, Math.round(1 + Math.sqrt(candidates))));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Recap sentences, best first: central, saying what the hook and the headline say or what follows
 * from it (the one thing to remember), a little ahead when late in the article (where conclusions
 * are), never one already posted. Yielded lazily in exact order: a sentence is valued (its words
 * read, its opening checked) only once its upper bound could still beat the best valued so far, so
 * a long article's thousand sentences cost a few dozen valuations.
 */
function* recapOrder(
  candidates: Candidate[],
  scores: number[],
  about: { hook: Candidate | undefined; headline: string },
  used: Set<number>,
): Generator<Candidate> {
  const last = candidates.at(-1)?.position ?? 0;
  const titleWords = contentWords(about.headline);
  const onHook = (c: Candidate) => (about.hook ? cosine(about.hook.vector, c.vector) : 0);
  const value = (c: Candidate, k: number) => {
    const shared = [...contentWords(c.text)].filter((w) => titleWords.has(w)).length;
    const onTitle = titleWords.size ? shared / Math.min(titleWords.size, 6) : 0;
    const consequence = CONSEQUENCE.test(c.text) ? 1.5 : 1;
    return (scores[k] ?? 0) * (0.3 + onHook(c) + 0.5 * onTitle) * consequence * (c.position >= last * 0.6 ? 1.1 : 1);
  };
  // The most sharing every title word, a consequence and a late place could add.
  const mostOnTitle = titleWords.size ? titleWords.size / Math.min(titleWords.size, 6) : 0;
  const bound = (c: Candidate, k: number) => (scores[k] ?? 0) * (0.3 + onHook(c) + 0.5 * mostOnTitle) * 1.5 * 1.1;
  const byBound = candidates.map((c, k) => ({ c, k, b: bound(c, k) })).sort((a, b) => b.b - a.b);
  const valued: { c: Candidate; v: number }[] = [];
  for (const { c, k, b } of byBound) {
    while (valued[0] && valued[0].v >= b) yield (valued.shift() as { c: Candidate }).c;
    if (used.has(c.position) || c.words > 40 || MARKUP.test(c.text) || !canOpen(c.text)) continue;
    const v = value(c, k);
    const at = valued.findIndex((e) => e.v < v);
    valued.splice(at === -1 ? valued.length : at, 0, { c, v });
  }
  for (const { c } of valued) yield c;
}

/** Whether a headline states something ("Republicans Are Following Trump to Nowhere"), not a label. */
function statesSomething(headline: string, language?: string | null): boolean {
  return headline.split(' ').length >= 3 && (hasVerb(headline, language) || /^\p{L}+ing\s/u.test(headline));
}

/**
 * The closing recap, from the article's own words: its best unused sentence, else its headline
 * (the editor's one line on what to remember) when it states something and no post says it
 * already; null when neither can be written.
 */
function chooseRecap(
  input: {
    candidates: Candidate[];
    scores: number[];
    hook: HookChoice;
    headline: string;
    articleTitle: string;
    language?: string | null;
  },
  tone: Tone,
  posts: readonly DraftPost[],
): DraftPost | null {
  const { candidates, hook, headline } = input;
  // A post's source may be two sentences joined (one leaning on the other).
  const sources = posts.flatMap((p) => (p.source ? [p.source] : []));
  const used = new Set(
    candidates.filter((c) => c === hook.candidate || sources.some((s) => s.includes(c.text))).map((c) => c.position),
  );
  // The recap adds: never a post above it again, in its words or most of them.
  const said = [hook.content, ...posts.map((p) => p.content)];
  const repeats = (text: string) => said.some((p) => repeatsPost(text, p) || repeatsPost(p, text));
  for (const c of recapOrder(candidates, input.scores, { hook: hook.candidate, headline }, used)) {
    const sentence = balanceQuotes(withoutDateline(oneLine(c.text)));
    if (repeats(sentence) || speaksInFirstPerson(sentence)) continue;
    const recap = writeRecap(tone, sentence, c.text, input.language);
    if (recap) return recap;
  }
  // A quotation the headline opens on ("'He died in my hands': 3 killed in clashes") is not its claim.
  const claim = headline.replace(/^["“‘'][^"”’']+["”’']\s*:\s+/u, '');
  if (hook.source === input.articleTitle || !statesSomething(claim, input.language) || repeats(claim)) return null;
  return writeRecap(tone, balanceQuotes(claim), input.articleTitle, input.language);
}

/**
 * The order tones choose their hooks in, each passing over the sentences chosen before it: the
 * professional hook takes the lede's news, the others their own angle on it (a lesson, the evidence,
 * the human detail, the vivid one).
 */
const HOOK_TURNS: readonly Tone[] = ['professional', 'educational', 'persuasive', 'casual', 'humorous'];

/** Hashtags and handles: the text of a social post embedded in the article. */
const EMBEDDED_POST = /(?:^|\s)[#@][\p{L}\p{N}_]/u;

/** Whether a quotation is left open at the end of a text. */
function quoteOpenIn(text: string): boolean {
  return text.lastIndexOf('“') > text.lastIndexOf('”') || (text.match(/"/g) ?? []).length % 2 === 1;
}

/** The paragraph holding a span, what of it comes before the span, and the paragraph before it. */
function paragraphOf(
  text: string,
  start: number,
  end: number,
): { before: string; paragraph: string; previous: string } {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const next = text.indexOf('\n', end);
  const earlier = text.slice(0, from).trimEnd();
  return {
    before: text.slice(from, start),
    paragraph: text.slice(from, next === -1 ? text.length : next),
    previous: earlier.slice(earlier.lastIndexOf('\n') + 1),
  };
}

/** First-person sentences outside any quotation: a piece written in the first person has a few. */
const AUTHOR_VOICE = 3;

/** Where a sentence sits among quotations: inside one its paragraph opened, or a block quotation after "…:". */
function quotedPlace(analysed: AnalysedText, span: SentenceSpan) {
  const { text } = analysed;
  const { before, paragraph, previous } = paragraphOf(text, span.start, span.end);
  const sentence = text.slice(span.start, span.end);
  return {
    inQuote: quoteOpenIn(before) || quoteOpenIn(sentence),
    blockQuote: /:\s*$/u.test(previous) && !/["“”]/u.test(paragraph),
    paragraph,
    previous,
  };
}

/** Whether the author writes in the first person: a few sentences say "I" or "we" outside any quotation. */
function authorVoiced(analysed: AnalysedText): boolean {
  let own = 0;
  for (const span of analysed.sentences) {
    const sentence = analysed.text.slice(span.start, span.end);
    if (!speaksInFirstPerson(balanceQuotes(sentence))) continue;
    const place = quotedPlace(analysed, span);
    if (!place.inQuote && !place.blockQuote && ++own >= AUTHOR_VOICE) return true;
  }
  return false;
}

/**
 * The planned sentences with every "I" credited: a quoted speaker's words (inside a quotation the
 * paragraph opened, or a block quotation after "…testified:") to the speaker the article names, the
 * author's own to the author of a piece written in the first person, and otherwise left out.
 */
function creditVoices<S extends { position: number; text: string }>(
  analysed: AnalysedText,
  planned: readonly S[],
  author: string | null,
): S[] {
  const { sentences } = analysed;
  const quoted = (span: SentenceSpan) => quotedPlace(analysed, span);
  const own = authorVoiced(analysed) ? AUTHOR_VOICE : 0;
  return planned.flatMap((p) => {
    const balanced = balanceQuotes(p.text);
    const span = sentences[p.position];
    if (!span || !speaksInFirstPerson(balanced)) return [p];
    const place = quoted(span);
    const sentence = dropConnective(balanced) ?? balanced;
    if (startsDangling(sentence)) return [];
    const around = place.inQuote ? `${place.paragraph}\n${place.previous}` : place.blockQuote ? place.previous : '';
    const credited = creditFirstPerson(sentence, {
      around,
      author,
      authorVoice: own >= AUTHOR_VOICE,
      inQuote: place.inQuote || place.blockQuote,
    });
    return credited ? [{ ...p, text: credited }] : [];
  });
}

/** Whether `a` says what `b` says: most of its words are in `b`. */
function repeatsPost(a: string, b: string): boolean {
  const words = comparable(a)
    .split(' ')
    .filter((w) => w.length > 2);
  const other = new Set(comparable(b).split(' '));
  return words.length > 0 && words.filter((w) => other.has(w)).length / words.length >= 0.6;
}

/** Sentences as far into the article as the lede can reach (two paragraphs of short sentences). */
const LEDE_REACH = 30;

interface HookChoice {
  content: string;
  source: string | undefined;
  candidate?: Candidate;
}

/**
 * The hook: a lede sentence naming what the headline names (whole, or ended at a clause boundary
 * that keeps a verb), else the headline when it states something, else a scene-setting lede
 * sentence, else the headline, else the most
 * central sentence that reads on its own, else any that does not lean on an earlier one. Never cut
 * with an ellipsis: failing all, the sentence goes whole and finalizeThread carries its end into the
 * next post.
 */
function chooseHook(
  input: {
    candidates: Candidate[];
    scores: number[];
    headline: string;
    ledeParagraph: string;
    tone: Tone;
    articleTitle: string;
    /** Sentences other tones' hooks already say: this tone's says another when one serves. */
    taken?: ReadonlySet<string>;
    /** The piece is written in the first person and the frame credits its author: "I" may be quoted. */
    quotesAuthor?: boolean;
    language?: string | null;
  },
  write: (sentence: string, fit: (sentence: string, budget: number) => string | null) => string | null,
): HookChoice {
  const { candidates, scores, headline, tone } = input;
  const titleWords = contentWords(headline);
  const about = contentWords(`${headline} ${input.ledeParagraph}`);
  const best = Math.max(...scores, Number.MIN_VALUE);
  const { onTopic, offTopic } = rankHookSentences(
    candidates.slice(0, LEDE_REACH).map((c, k) => ({ ...c, text: oneLine(c.text), score: (scores[k] ?? 0) / best })),
    headline,
    (sentence) => toneWeight(tone, sentence),
  );
  const byPosition = new Map(candidates.map((c) => [c.position, c]));
  const central = candidates
    .map((_, k) => k)
    .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0))
    .map((k) => candidates[k] as Candidate);
  /** `label`: a headline naming the topic without a verb, the last resort before a hook split in two. */
  type Option = { text: string; candidate?: Candidate; share: number; label?: boolean };
  function* ledeOptions(sentences: LedeSentence[]): Generator<Option> {
    for (const share of [0.6, 0]) {
      for (const s of sentences) {
        const candidate = byPosition.get(s.position);
        if (candidate) yield { text: candidate.text, candidate, share };
      }
    }
  }
  // Built lazily: a long article has hundreds of central sentences and the lede nearly always serves.
  const asSentence = { text: /[?!…]$/u.test(headline) ? headline : `${headline}.`, share: 0.6 };
  const long = headline.split(' ').length >= 3;
  function* options(): Generator<Option> {
    yield* ledeOptions(onTopic);
    // A headline that states something ("Republicans Are Following Trump to Nowhere") says more than
    // a scene-setter ("Hiking the Boulder Flat Irons" too); a label of one ("The harbour at dawn") says less.
    if (statesSomething(headline, input.language)) yield asSentence;
    // A scene-setter must still share a word with the headline or the lede paragraph, or the hook
    // would be about something else (a page's comment policy standing where its lede should be).
    yield* ledeOptions(offTopic.filter((s) => sharesWord(s.text, about)));
    for (const c of central)
      if (canOpen(c.text) && sharesWord(c.text, titleWords)) yield { text: c.text, candidate: c, share: 0.6 };
    for (const c of central)
      if (canOpen(c.text) && sharesWord(c.text, about)) yield { text: c.text, candidate: c, share: 0.6 };
  }
  /** Any sentence stating something, when nothing on the topic serves; else a headline that is a label. */
  function* fallbacks(): Generator<Option> {
    for (const c of central) if (canOpen(c.text)) yield { text: c.text, candidate: c, share: 0.6 };
    for (const c of central) if (!startsDangling(c.text)) yield { text: c.text, candidate: c, share: 0 };
    if (long) yield { ...asSentence, label: true };
  }
  const taken = input.taken ?? new Set<string>();
  const sourceOf = (choice: Option) => choice.candidate?.text ?? input.articleTitle;
  const passes: [Iterable<Option>, boolean][] = [
    [options(), true],
    [options(), false],
    [fallbacks(), false],
  ];
  for (const [list, fresh] of passes) {
    for (const choice of list) {
      if (fresh && taken.has(sourceOf(choice))) continue;
      // An embedded post's text, with its hashtags and handles, is no hook.
      if (EMBEDDED_POST.test(choice.text)) continue;
      // Nobody says "I" in a thread but the curator: a first-person sentence opens it only as the
      // author's words, quoted whole after the frame's credit, in a piece written in the first person.
      const own = speaksInFirstPerson(balanceQuotes(choice.text));
      if (own && (!input.quotesAuthor || /["“”]/u.test(choice.text))) continue;
      if (own) {
        const quoted = `“${oneLine(choice.text)}”`;
        const written = write(quoted, (sentence, budget) => (postLength(sentence) <= budget ? sentence : null));
        if (written !== null) return { content: written, source: sourceOf(choice), candidate: choice.candidate };
        continue;
      }
      const written = write(choice.text, (sentence, budget) => {
        const fitted = shortenAtClause(sentence, budget, choice.share, statesClaim);
        // The hook states something: a verb of its own, no clause left without one.
        return fitted !== null && (choice.label || statesClaim(fitted, { whole: fitted === sentence })) ? fitted : null;
      });
      if (written !== null) return { content: written, source: sourceOf(choice), candidate: choice.candidate };
    }
  }
  const candidate = central[0];
  return { content: write(candidate?.text ?? '', (sentence) => sentence) ?? '', source: candidate?.text, candidate };
}

/**
 * A thread drafted without any network. TextRank centrality over tf-idf sentence vectors with a
 * position prior ranks the article's sentences. The hook is a sentence of the lede (the first
 * substantive paragraph) that reads on its own and carries the headline's words and the key
 * figure, in the tone's frame with the author and publication credited; failing one, the headline.
 * The body is chosen by MMR over the ranks weighted by what the tone looks for, told in the tone's
 * order, each post made to stand alone; threads of six posts or more close on a recap.
 */
export function generateOfflineDraft(input: {
  article: Pick<Article, 'title' | 'content'> & Partial<ArticleCredit> & Partial<Pick<Article, 'language'>>;
  tone: Tone;
  themes: readonly string[];
}): DraftThread {
  const { article, tone, themes } = input;
  const language = article.language ?? null;
  // The phrases are the language's; a tone it has no voice for is written in the professional one.
  const voiceTone = toneInLanguage(tone, language);
  const content = article.content.trim() ? article.content : '';
  const analysed = analyseText(content, language);
  const candidates = collectCandidates(analysed);
  if (candidates.length === 0) throw new GenerationFailedError('The article has no text to turn into a thread.');

  const scores = rankCandidates(analysed, candidates);
  const credit: ArticleCredit = { byline: article.byline ?? null, siteName: article.siteName ?? null };
  const hashtags = pickHashtags({ text: content, themes, byline: credit.byline, language, title: article.title });
  const title = oneLine(article.title);
  const headline = cleanTitle(title);
  const context: HookContext = {
    title: headline,
    reports: reportsLine(credit, isColumn(title)),
    via: viaLine(credit),
    topic: topicOf(themes, title, content),
    solemn: isSolemnTopic(title, content),
    language,
    credit,
    column: isColumn(title),
  };
  const ledeText = ledeParagraph(content);
  // Each tone's hook says its own sentence where the article has one to spare: the tones before it
  // in HOOK_TURNS choose first, and it passes over theirs.
  const taken = new Set<string>();
  const authorVoice = authorVoiced(analysed);
  const people = articlePeople(content);
  // The hook introduces whoever it names, as the body posts do.
  const introduced = (sentence: string) =>
    introducePeople([{ content: sentence }], people, () => true)[0]?.content ?? sentence;
  let hook: HookChoice | undefined;
  for (const turn of HOOK_TURNS) {
    const choice = chooseHook(
      {
        candidates,
        scores,
        headline,
        ledeParagraph: ledeText,
        tone: turn,
        articleTitle: article.title,
        taken,
        quotesAuthor: Boolean(context.via) && authorVoice,
        language,
      },
      (sentence, fit) =>
        writeHook({
          tone: toneInLanguage(turn, language),
          sentence: introduced(withoutDateline(oneLine(sentence))),
          context,
          hashtags,
          fit,
        }),
    );
    if (turn === tone) {
      hook = choice;
      break;
    }
    if (choice.source) taken.add(choice.source);
  }
  if (!hook) throw new GenerationFailedError('The article has no text to turn into a thread.');

  const weighted = candidates.map((c, k) => (scores[k] ?? 0) * toneWeight(tone, c.text));
  const selected = selectSentences(candidates, weighted, bodyPostCount(candidates.length) + 1);
  const rest = selected.filter((c) => c !== hook.candidate || selected.length === 1);
  const planned = orderForTone(
    tone,
    rest.map((c) => ({ position: c.position, text: oneLine(c.text), score: weighted[candidates.indexOf(c)] ?? 0 })),
  );
  const unvoiced = planned.map((p) => ({ ...p, text: withoutDateline(p.text) }));
  const voiced = creditVoices(analysed, unvoiced, authorName(credit.byline));
  // A post credited to its speaker still cites the article's sentence as its source.
  const credited = voiced.flatMap((p) => {
    const original = unvoiced.find((u) => u.position === p.position);
    return original && original.text !== p.text ? [[p.text, original.text] as const] : [];
  });
  const body: StandalonePost[] = standalonePosts(analysed, voiced).map((p) => ({
    ...p,
    source: credited.reduce((source, [text, original]) => source.replace(text, original), p.source),
  }));
  const written: DraftPost[] = writeBody({ tone: voiceTone, posts: body, credit, language }).flatMap((p) =>
    // Whole sentences only: a sentence too long for a post is split into two that read alone, or left out.
    (wholeSentences(p.content, SENTENCE_BUDGET) ?? []).map((part) => ({
      content: balanceQuotes(part),
      source: p.source,
    })),
  );
  const fits = (text: string) => postLength(text) <= SENTENCE_BUDGET;
  const posts = introducePeople(written, people, fits, namedIn(hook.content, people).full);
  // A single usable sentence is both the hook and the one numbered post (split to fit if it must be).
  const lead = hook.candidate ?? candidates[0];
  if (posts.length === 0 && lead) posts.push({ content: balanceQuotes(oneLine(lead.text)), source: lead.text });

  // The recap closes threads of six posts or more (hook, numbered posts, attribution). A thread
  // with nothing left to recap (a short article told whole) keeps its first three numbered posts,
  // in the tone's order (what matters first; persuasive keeps its reason to read the original),
  // rather than close on a post that repeats one above it.
  let recap: DraftPost | undefined;
  if (posts.length + 2 >= 6) {
    recap =
      chooseRecap({ candidates, scores, hook, headline, articleTitle: article.title, language }, voiceTone, posts) ??
      undefined;
    if (!recap) posts.splice(tone === 'persuasive' ? 2 : 3, posts.length - 3);
  }
  // The recap may name someone the posts it closes never did.
  if (recap) {
    const told = [hook.content, ...posts.map((p) => p.content)].join('\n');
    [recap] = introducePeople([recap], people, fits, [...namedIn(told, people).full]) as [DraftPost];
  }
  const hookSentence = oneLine(hook.candidate?.text ?? '');
  return {
    title: title || hookSentence.replace(/[\s.:;,!?…]+$/u, '').slice(0, 120) || 'Untitled Thread',
    hook: { content: balanceQuotes(hook.content), source: hook.source },
    hashtags,
    posts,
    ...(recap ? { recap } : {}),
    ...(voiceTone !== tone ? { voiceTone } : {}),
  };
}
