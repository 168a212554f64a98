import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import type { Tone } from '#shared/tones';
import type { DraftPost } from './finalize-thread';
import type { StandalonePost } from './standalone';

/** Who wrote the article and where, as the page gave them. */
export interface ArticleCredit {
  byline: string | null;
  siteName: string | null;
}

interface Frame {
  topic: string;
  credit: string;
}

/** "by Jane Doe in The Atlantic", "by Jane Doe", "in The Atlantic" or "". */
export function creditPhrase({ byline, siteName }: ArticleCredit): string {
  const author = byline
    ?.replace(/^\s*by\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  const site = siteName?.replace(/\s+/g, ' ').trim().slice(0, 40);
  const parts = [author ? `by ${author}` : '', site && site !== author ? `in ${site}` : ''].filter(Boolean);
  return parts.join(' ');
}

/** Spoken forms for the casual tone; quoted words are never touched. */
const CONTRACTIONS: [RegExp, string][] = [
  [/\b(do|does|did|is|are|was|were|has|have|had|would|could|should) not\b/gi, "$1n't"],
  [/\bcannot\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\b(it|that|there|what|here) is\b/gi, "$1's"],
  [/\b(they|we|you) are\b/gi, "$1're"],
  [/\b(I) am\b/g, "$1'm"],
  [/\b(they|we|you|I) have\b(?= (?:been|had|seen|got|done|made|found|said)\b)/gi, "$1've"],
];

/** The casual register: contractions outside quotations. */
export function contract(text: string): string {
  return text
    .split(/("[^"]*"|“[^”]*”)/u)
    .map((part, i) => (i % 2 === 1 ? part : CONTRACTIONS.reduce((t, [from, to]) => t.replace(from, to), part)))
    .join('');
}

/** The casual register keeps sentences short: a long sentence keeps its first independent clause. */
function shorten(sentence: string): string {
  const words = sentence.split(' ').length;
  if (words <= 22) return sentence;
  const cut = /^(.{60,}?)(?:; | — | – |, but |, and |, while )/u.exec(sentence);
  if (!cut?.[1] || (cut[1].match(/["“”]/g) ?? []).length % 2 === 1) return sentence;
  return `${cut[1].replace(/[,;:]$/, '')}.`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function withoutStop(sentence: string): string {
  return sentence.replace(/[\s.:;,!?…]+$/u, '');
}

/** Hook framings per tone; the article's sentence carries the claim, the frame only the register. */
const HOOK_FRAMES: Record<Tone, ((s: string, f: Frame) => string)[]> = {
  professional: [
    (s, f) => (f.credit ? `${s} (${f.credit})` : s),
    (s, f) => (f.credit ? `${capitalise(f.credit)}: ${s}` : `On ${f.topic}: ${s}`),
  ],
  casual: [
    (s, f) => `Okay, ${f.topic}. ${s}${f.credit ? ` (${f.credit})` : ''} 👇`,
    (s, f) => `A quick read on ${f.topic}: ${s}${f.credit ? ` h/t ${f.credit.replace(/^by /, '')}` : ''}`,
    (s, f) => `So here's the thing about ${f.topic}: ${s}${f.credit ? ` (${f.credit})` : ''}`,
  ],
  humorous: [
    (s, f) => `Today in ${f.topic}, told with a straight face: ${s}${f.credit ? ` (${f.credit})` : ''} 🧵`,
    (s, f) => `${capitalise(f.topic)}: the plot thickens. ${s}${f.credit ? ` (${f.credit})` : ''}`,
    (s, f) => `You'll want a coffee for this one about ${f.topic}. ${s}${f.credit ? ` (${f.credit})` : ''}`,
  ],
  educational: [
    (s, f) => `${capitalise(f.topic)}, explained: ${s}${f.credit ? ` (${f.credit})` : ''} 🧵`,
    (s, f) => `What to know about ${f.topic}: ${s}${f.credit ? ` (${f.credit})` : ''}`,
    (s, f) => `A short lesson in ${f.topic}. ${s}${f.credit ? ` (${f.credit})` : ''} 🧵`,
  ],
  persuasive: [
    (s, f) => `${s} If ${f.topic} matters to you, read this${f.credit ? `, ${f.credit}` : ''} 👇`,
    (s, f) => `The case is plain: ${s}${f.credit ? ` (${f.credit})` : ''}, and here's why it holds 👇`,
    (s, f) => `${s} The full case on ${f.topic}${f.credit ? `, ${f.credit}` : ''} 👇`,
  ],
};

/** A stable choice per article, so threads of different articles do not share one frame. */
function pick<T>(options: readonly T[], seed: string): T {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) >>> 0;
  return options[hash % options.length] as T;
}

/** The theme as the article writes it most often ("heat pump" → "heat pumps", "trump" → "Trump"). */
function surfaceForm(theme: string, text: string): string {
  const pattern = new RegExp(`\\b${theme.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:e?s)?\\b`, 'giu');
  const counts = new Map<string, number>();
  for (const [form] of text.matchAll(pattern)) counts.set(form, (counts.get(form) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? theme;
}

/** What the article is about, in its own words: a leading multi-word theme, else the first theme or the title. */
function topicOf(themes: readonly string[], title: string, text = ''): string {
  const theme = (themes.slice(0, 3).find((t) => t.includes(' ')) ?? themes[0])?.trim();
  if (theme) return surfaceForm(theme, text);
  const lead = title.split(/[:|–—]/)[0]?.trim() ?? '';
  return lead && lead.split(' ').length <= 6 ? lead : 'this story';
}

/**
 * The first post: the article's most central sentence (shortened to fit, in the tone's register)
 * inside a tone-specific frame naming the article's topic and crediting its author and publication;
 * null when `shorten` cannot make the sentence fit.
 */
export function writeHook(input: {
  tone: Tone;
  sentence: string;
  /** The article's text, where the topic's wording is taken from. */
  text: string;
  credit: ArticleCredit;
  themes: readonly string[];
  title: string;
  hashtags: readonly string[];
  shorten: (sentence: string, budget: number) => string | null;
}): string | null {
  const { tone, credit, themes, title, hashtags } = input;
  const frame: Frame = { topic: topicOf(themes, title, input.text), credit: creditPhrase(credit) };
  const write = pick(HOOK_FRAMES[tone], `${title}|${input.sentence}`);
  const sentence = tone === 'casual' ? contract(shorten(input.sentence)) : input.sentence;
  const tagRoom = hashtags.length ? postLength(`\n\n${hashtags.join(' ')}`) : 0;
  const frameRoom = postLength(write('', frame));
  const fitted = input.shorten(sentence, POST_CHAR_LIMIT - tagRoom - frameRoom - 1);
  if (fitted === null) return null;
  return write(fitted, frame)
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Room a numbered post has for its text: the limit less the widest prefix, "13/ ". */
const NUMBERED_ROOM = POST_CHAR_LIMIT - 4;
const HUMOROUS_ASIDES = ['The twist:', 'Stay with me here:', 'The best bit:', 'Now the good part:'];

/** Puts a short framing line before a post when both fit, so the frame never costs the post its end. */
function frame(post: DraftPost, label: string): void {
  if (label && postLength(`${label} ${post.content}`) <= NUMBERED_ROOM) post.content = `${label} ${post.content}`;
}

const DEFINITION =
  /^(?:(?:The|A|An)\s+)?[\p{L}][\p{L}\p{N}-]*(?:\s+[\p{L}\p{N}-]+){0,3}\s+(?:is|are|refers to|means)\s+(?:a|an|the)\s+/u;

/**
 * The numbered posts in the tone's register. Casual: contractions and short sentences. Humorous: a
 * light framing line from the article's own topic. Educational: 'why it matters' on the central
 * point and a defined term when the article defines one. Persuasive: the claim flagged and a call to
 * read the source. Professional: the sentences as written.
 */
export function writeBody(input: {
  tone: Tone;
  posts: readonly StandalonePost[];
  credit: ArticleCredit;
  themes: readonly string[];
  title: string;
  /** Every usable sentence of the article, to find a definition for the educational tone. */
  sentences: readonly string[];
}): DraftPost[] {
  const { tone, credit, themes, title } = input;
  const topic = topicOf(themes, title, input.sentences.join(' '));
  const posts: DraftPost[] = input.posts.map((p) => ({ content: p.content, source: p.source }));
  const strongest = input.posts.reduce((best, p, i) => (p.score > (input.posts[best]?.score ?? -1) ? i : best), 0);
  const credited = creditPhrase(credit);
  switch (tone) {
    case 'casual':
      return posts.map((p) => ({ ...p, content: contract(shorten(p.content)) }));
    case 'humorous': {
      // Light asides every third post, in turn, never on the opening post.
      posts.forEach((p, i) => {
        if (i % 3 === 1) frame(p, HUMOROUS_ASIDES[Math.floor(i / 3) % HUMOROUS_ASIDES.length] ?? '');
      });
      return posts;
    }
    case 'educational': {
      const key = posts[strongest];
      if (key) frame(key, 'Why it matters:');
      for (const p of posts.filter((p) => p !== key && /\d/.test(p.content)).slice(0, 2)) frame(p, 'By the numbers:');
      const definition = input.sentences.find((s) => DEFINITION.test(s) && !posts.some((p) => p.source === s));
      if (definition && postLength(`A term worth knowing: ${definition}`) <= NUMBERED_ROOM) {
        posts.unshift({ content: `A term worth knowing: ${definition}`, source: definition });
      }
      return posts;
    }
    case 'persuasive': {
      const key = posts[strongest];
      if (key) frame(key, 'The core point:');
      for (const p of posts.filter((p) => p !== key && /\d/.test(p.content)).slice(0, 2)) frame(p, 'The evidence:');
      posts.push({
        content: `Don't take the thread's word for it: read the whole piece${credited ? ` ${credited}` : ''}. ${capitalise(withoutStop(topic))} deserves the full argument.`,
      });
      return posts;
    }
    default:
      return posts;
  }
}
