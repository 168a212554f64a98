import { GenerationFailedError } from '#functions/lib/errors';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import type { Article } from '#shared/schemas/article';
import type { Tone } from '#shared/tones';
import type { DraftPost, DraftThread } from './finalize-thread';
import { pickHashtags } from './hashtags';
import { type AnalysedText, analyseText, type SentenceSpan } from './nlp';
import { balanceQuotes, startsDangling } from './post-rules';
import { type StandalonePost, standalonePosts } from './standalone';
import { type ArticleCredit, writeBody, writeHook } from './tone-writer';

const MAX_BODY_POSTS = 8;
/** A sentence this similar to one already chosen repeats it. */
const REDUNDANT = 0.5;
const MMR_LAMBDA = 0.7;
const COVERAGE = 0.15;

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);
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
  return { words, clauseEnd: Math.max(...CLAUSE_MARKS.map((mark) => words.lastIndexOf(mark))) };
}

function withoutClauseMark(text: string): string {
  return text.replace(/[\s,;:—–-]+$/, '');
}

/**
 * Shortens an over-long sentence to one post: cut at the last clause boundary that keeps most of
 * it, else at a word boundary, and mark the cut with an ellipsis. Splitting it instead would leave
 * a fragment ("…earlier reports raising concerns") standing as a post of its own.
 */
export function condense(sentence: string, budget = SENTENCE_BUDGET): string {
  if (postLength(sentence) <= budget) return sentence;
  const { words, clauseEnd } = fittingWords(sentence, budget, '…');
  return `${withoutClauseMark(clauseEnd >= words.length * 0.6 ? words.slice(0, clauseEnd) : words)}…`;
}

/**
 * The sentence within the budget without an ellipsis: whole, or ended with a full stop at its last
 * clause boundary that keeps at least `share` of what fits (and six words); null when it has no such
 * boundary. The hook uses it, so the first post a reader sees never trails off mid-thought.
 */
export function shortenAtClause(sentence: string, budget: number, share = 0.6): string | null {
  if (postLength(sentence) <= budget) return sentence;
  const { words, clauseEnd } = fittingWords(sentence, budget, '.');
  const cut = words.slice(0, Math.max(0, clauseEnd));
  return clauseEnd >= words.length * share && cut.split(' ').length >= 6 ? `${withoutClauseMark(cut)}.` : null;
}

const DANGLING_QUOTE = /^["“].*["”],?\s+(?:he|she|they|it|we)\s+(?:said|says|added|told|explained|noted|recalled)\b/i;

function isBoilerplate(text: string): boolean {
  return BOILERPLATE.test(text) && text.length < 200;
}

function collectCandidates(analysed: AnalysedText): Candidate[] {
  const { text, sentences } = analysed;
  const all: Candidate[] = [];
  sentences.forEach((span, position) => {
    let words = 0;
    let hasVerb = false;
    for (let i = span.tokenStart; i < span.tokenEnd; i++) {
      if (analysed.type[i] === 'word' || analysed.type[i] === 'number') words++;
      if (analysed.pos[i] === 'VERB' || analysed.pos[i] === 'AUX') hasVerb = true;
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
 * A thread drafted without any network: TextRank centrality over tf-idf sentence vectors with a
 * position prior picks the article's central sentences and MMR removes repeats. The most central
 * sentence that reads on its own becomes the hook, written in the tone and crediting the author and
 * publication; the others become the numbered posts in article order, each made to stand alone.
 */
export function generateOfflineDraft(input: {
  article: Pick<Article, 'title' | 'content'> & Partial<ArticleCredit>;
  tone: Tone;
  themes: readonly string[];
}): DraftThread {
  const { article, tone, themes } = input;
  const content = article.content.trim() ? article.content : '';
  const analysed = analyseText(content);
  const candidates = collectCandidates(analysed);
  if (candidates.length === 0) throw new GenerationFailedError('The article has no text to turn into a thread.');

  const scores = rankCandidates(analysed, candidates);
  const credit: ArticleCredit = { byline: article.byline ?? null, siteName: article.siteName ?? null };
  const hashtags = pickHashtags({ text: content, themes, byline: credit.byline });
  const title = oneLine(article.title);
  // The hook states the central claim, which news and essays put near the top.
  const hookScore = (k: number) => (scores[k] ?? 0) * (1 + Math.exp((-3 * (candidates[k]?.position ?? 0)) / 4));
  const order = candidates.map((_, k) => k).sort((a, b) => hookScore(b) - hookScore(a));
  const write = (sentence: string, shorten: (sentence: string, budget: number) => string | null) =>
    writeHook({ tone, sentence: oneLine(sentence), text: content, credit, themes, title, hashtags, shorten });
  // The hook: the most central sentence that needs no earlier sentence to be understood, whole or
  // ended at a clause boundary (one keeping most of it, else any); else the title as a headline,
  // else a sentence that does need one. Failing all, the sentence goes whole and finalizeThread
  // carries its end into the next post at a clause boundary: never a hook cut with an ellipsis.
  const standsAlone = (k: number) => !startsDangling(candidates[k]?.text ?? '');
  const sentenceOptions = (keys: number[], share: number) =>
    keys.map((k) => ({ text: candidates[k]?.text ?? '', candidate: candidates[k], share }));
  const options: { text: string; candidate?: Candidate; share: number }[] = [
    ...sentenceOptions(order.filter(standsAlone), 0.6),
    ...sentenceOptions(order.filter(standsAlone), 0),
    ...(title ? [{ text: title, share: 0.6 }] : []),
    ...sentenceOptions(
      order.filter((k) => !standsAlone(k)),
      0.6,
    ),
  ];
  let hook: { content: string; source: string | undefined; candidate?: Candidate } | undefined;
  for (const option of options) {
    const written = write(option.text, (sentence, budget) => shortenAtClause(sentence, budget, option.share));
    if (written === null) continue;
    hook = { content: written, source: option.candidate?.text ?? article.title, candidate: option.candidate };
    break;
  }
  if (!hook) {
    const candidate = candidates[order.find(standsAlone) ?? order[0] ?? 0];
    hook = { content: write(candidate?.text ?? '', (sentence) => sentence) ?? '', source: candidate?.text, candidate };
  }
  const central = hook.candidate;
  const selected = selectSentences(candidates, scores, bodyPostCount(candidates.length) + 1);
  const rest = selected.filter((c) => c !== central || selected.length === 1);
  const body: StandalonePost[] = standalonePosts(
    analysed,
    rest.map((c) => ({ position: c.position, text: oneLine(c.text), score: scores[candidates.indexOf(c)] ?? 0 })),
  );
  // A single usable sentence is both the hook and the one numbered post.
  const lead = central ?? candidates[order[0] ?? 0];
  if (body.length === 0 && lead) body.push({ content: oneLine(lead.text), source: lead.text, score: 0 });
  const centralText = oneLine(central?.text ?? '');
  const posts: DraftPost[] = writeBody({
    tone,
    posts: body,
    credit,
    themes,
    title,
    sentences: candidates.map((c) => oneLine(c.text)),
  }).map((p) => ({ content: balanceQuotes(condense(p.content)), source: p.source }));
  return {
    title: title || centralText.replace(/[\s.:;,!?…]+$/u, '').slice(0, 120) || 'Untitled Thread',
    hook: { content: balanceQuotes(hook.content), source: hook.source },
    hashtags,
    posts,
  };
}
