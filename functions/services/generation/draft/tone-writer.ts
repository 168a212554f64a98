import { SCAFFOLDED_LANGUAGES } from '#shared/languages';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import type { Tone } from '#shared/tones';
import type { DraftPost } from './finalize-thread';
import { contentWords, hasFigure, sharesWord } from './lede';
import type { StandalonePost } from './standalone';
import { type VoiceCredit, voiceOf } from './voices';

/** Who wrote the article and where, as the page gave them. */
export interface ArticleCredit {
  byline: string | null;
  siteName: string | null;
}

/** Mastheads read with "the" in running text: "in the Houston Chronicle", "in the Guardian". */
const MASTHEAD =
  /\b(?:Chronicle|Times|Post|Guardian|Journal|Herald|Tribune|Telegraph|Independent|Economist|Verge|Register|Observer|Star|Globe|Gazette|Mail|Mirror|Sun|Standard|Express|Atlantic|Conversation|Intercept|Hill|Information|Inquirer|Enquirer|Examiner|Courier|Bulletin|Dispatch|Review|Sentinel|Record)$/u;

/** Bylines that name an account or a role, not a person. */
const NOT_A_NAME =
  /\d|https?:|@|\bupdated\b|^(?:admin|administrator|staff|editor|editors|webmaster|blogger|guest|anonymous|unknown)$/i;

/** The author's name from a byline: "By TOM KRISHER, AP Auto Writer" → "Tom Krisher"; null when it is not a name. */
export function authorName(byline: string | null | undefined): string | null {
  const name = byline
    ?.replace(/\s+/g, ' ')
    // "By", and the credit words of the languages the writer has a voice for ("Von", "Por", "Текст:").
    .replace(/^\s*(?:(?:by|von|par|por|door)\s+|(?:text|texto|testo|tekst|текст|автор)\s*:\s*)/iu, '')
    .split(/\s*(?:[,|•·]|\.\s|\s-\s|\s—\s)\s*/u)[0]
    ?.trim();
  if (!name || name.length > 60 || name.split(' ').length > 7 || NOT_A_NAME.test(name)) return null;
  // An all-capitals byline is a style, not the name's spelling.
  return name === name.toUpperCase() && /\p{Lu}{2}/u.test(name) && name.includes(' ')
    ? name
        .toLowerCase()
        .replace(/(^|[\s'-])(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
    : name;
}

/** The publication as it reads after "in": "the Houston Chronicle", "The Atlantic", "SlashGear"; null when unknown. */
export function outletName(siteName: string | null | undefined, author: string | null = null): string | null {
  // "Autoracing | F1 | Indy": the first name of a site that lists its sections.
  const site = siteName
    ?.replace(/\s+/g, ' ')
    .split(/\s+[|–—]\s+/u)[0]
    ?.trim()
    .slice(0, 40);
  if (!site || site === author) return null;
  return MASTHEAD.test(site) && !/^the\b/i.test(site) ? `the ${site}` : site;
}

/**
 * The credit as a reporting clause: "Paul Takahashi reports in the Houston Chronicle"; a column
 * (an opinion, analysis or review headline) "writes" instead; "" when nothing is known.
 */
export function reportsLine(credit: ArticleCredit, column = false): string {
  const author = authorName(credit.byline);
  const outlet = outletName(credit.siteName, author);
  const plural = author && /\s(?:and|&)\s|,/.test(author);
  const verb = `${column ? 'write' : 'report'}${plural ? '' : 's'}`;
  if (author) return outlet ? `${author} ${verb} in ${outlet}` : `${author} ${verb}`;
  return outlet ? `${capitalise(outlet)} ${verb}` : '';
}

/** The credit in brief, "Paul Takahashi, Houston Chronicle"; "" when nothing is known. */
export function viaLine(credit: ArticleCredit): string {
  const author = authorName(credit.byline);
  const outlet = outletName(credit.siteName, author)?.replace(/^the /, '');
  return [author, outlet].filter(Boolean).join(', ');
}

/** "by Jane Doe in The Atlantic", "by Jane Doe", "in The Atlantic" or "". */
export function creditPhrase(credit: ArticleCredit): string {
  const author = authorName(credit.byline);
  const outlet = outletName(credit.siteName, author);
  return [author ? `by ${author}` : '', outlet ? `in ${outlet}` : ''].filter(Boolean).join(' ');
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
export function shorten(sentence: string): string {
  const words = sentence.split(' ').length;
  if (words <= 22) return sentence;
  const cut = /^(.{60,}?)(?:; | — | – |, but |, and |, while |, which )/u.exec(sentence);
  if (!cut?.[1] || (cut[1].match(/["“”]/g) ?? []).length % 2 === 1) return sentence;
  return `${cut[1].replace(/[,;:]$/, '')}.`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a hook frame is given: the headline, the credit in two forms and the article's topic. */
export interface HookContext {
  title: string;
  reports: string;
  via: string;
  topic: string;
  /** Illness, violence, victims or politics: no joke, whatever the tone. */
  solemn: boolean;
  /** The thread's language (absent: English): the frames are that language's, or none. */
  language?: string | null;
  /** The credit as the page gave it, for a frame in another language than English. */
  credit?: ArticleCredit;
  /** An opinion, analysis or review headline: the author writes rather than reports. */
  column?: boolean;
}

type HookFrame = (sentence: string, c: HookContext) => string;

/** Light openers about the topic, never about what happened to anyone; one per hook. */
const LIGHT_OPENERS: HookFrame[] = [
  (s, c) => `Grab a coffee: it's ${c.topic} time ☕ ${s}${c.via ? ` (${c.via})` : ''}`,
  (s, c) => `${capitalise(c.topic)} fans, gather round 🍿 ${s}${c.via ? ` (${c.via})` : ''}`,
  (s, c) => `Today's ${c.topic} story, served straight 😄 ${s}${c.via ? ` (${c.via})` : ''}`,
];

/**
 * The hook's framing per tone. The sentence carries the claim; a frame adds at most one template
 * phrase and credits the author and publication as a reader would ("X reports in Y: …").
 */
const HOOK_FRAMES: Record<Tone, HookFrame[]> = {
  professional: [(s, c) => (c.reports ? `${c.reports}: ${s}` : s)],
  casual: [
    (s, c) => `In case you missed it${c.via ? ` (via ${c.via})` : ''}: ${s} 👇`,
    (s, c) => `Here's one worth your time${c.via ? `, from ${c.via}` : ''}: ${s} 👇`,
  ],
  // A solemn topic gets no opener: the headline and the facts, untouched.
  humorous: LIGHT_OPENERS,
  educational: [
    // A headline asking a question is already the lesson's opening.
    (s, c) => `${/\?$/.test(c.title) ? c.title : `${c.title}: what to know`} 🧵 ${s}${c.via ? ` (${c.via})` : ''}`,
    (s, c) => `What to know about ${c.topic}${c.via ? `, from ${c.via}` : ''}: ${s} 🧵`,
  ],
  persuasive: [(s, c) => `${s} ${c.via ? `The evidence, from ${c.via}` : 'The evidence'} 👇`],
};

const SOLEMN_HOOK: HookFrame = (s, c) => `${c.title}. ${s}${c.via ? ` (${c.via})` : ''}`;

/** A stable order per article, so threads of different articles do not share one frame: the picked option first. */
function pick<T>(options: readonly T[], seed: string): T[] {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) >>> 0;
  const at = hash % options.length;
  return [...options.slice(at), ...options.slice(0, at)];
}

/** Words and digits only, lower-cased, to find the headline inside a hook. */
function words(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Whether a written hook says the headline twice (the frame's and the sentence's). */
function repeatsHeadline(hook: string, title: string): boolean {
  const headline = words(title);
  // A headline of a word or two ("NASCAR standings") is the topic's name, which a hook may well repeat.
  return headline.trim().split(' ').length >= 3 && words(hook).split(headline).length > 2;
}

/** The theme as the article writes it most often ("heat pump" → "heat pumps", "trump" → "Trump"). */
function surfaceForm(theme: string, text: string): string {
  const pattern = new RegExp(`\\b${theme.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:e?s)?\\b`, 'giu');
  const counts = new Map<string, number>();
  for (const [form] of text.matchAll(pattern)) counts.set(form, (counts.get(form) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? theme;
}

/** What the article is about, in its own words: a leading multi-word theme, else the first theme or the title. */
export function topicOf(themes: readonly string[], title: string, text = ''): string {
  const theme = (themes.slice(0, 3).find((t) => t.includes(' ')) ?? themes[0])?.trim();
  if (theme) return surfaceForm(theme, text);
  const lead = title.split(/[:|–—]/)[0]?.trim() ?? '';
  return lead && lead.split(' ').length <= 6 ? lead : 'this story';
}

/** The casual hook's short form, unless the cut drops every word it shared with the headline. */
function shortOnTopic(sentence: string, headline: string): string {
  const short = shorten(sentence);
  if (short === sentence) return sentence;
  const named = contentWords(headline);
  return sharesWord(short, named) || !sharesWord(sentence, named) ? short : sentence;
}

/** Whether a language is written with the English phrases (absent or unknown counts as English). */
function isEnglish(language: string | null | undefined): boolean {
  return !language || language === 'en';
}

/** The credit as another language's frame names it: the author, the publication alone, the verb's number. */
export function voiceCredit(credit: ArticleCredit, column = false): VoiceCredit {
  const author = authorName(credit.byline);
  return {
    author,
    plural: Boolean(author && /\s(?:and|&|y|e|et|und|en|и)\s|,/u.test(author)),
    outlet: outletName(credit.siteName, author)?.replace(/^the /, '') ?? null,
    column,
  };
}

/** The frames of a tone in the thread's language; a language without a voice has one frame: the sentence alone. */
function framesFor(tone: Tone, context: HookContext): HookFrame[] {
  if (isEnglish(context.language)) return tone === 'humorous' && context.solemn ? [SOLEMN_HOOK] : HOOK_FRAMES[tone];
  const voice = voiceOf(context.language ?? '');
  if (!voice) return [(s) => s];
  const credit = voiceCredit(context.credit ?? { byline: null, siteName: null }, context.column);
  const frames =
    tone === 'professional' ? [voice.hooks.professional] : (voice.hooks[tone] ?? [voice.hooks.professional]);
  return frames.map((frame) => (s, c) => frame(s, { ...credit, title: c.title }));
}

/**
 * The first post: the lede sentence chosen for the tone (in the tone's register: contracted and
 * short for casual) inside the tone's frame, in the thread's language (`context.language`); null
 * when `fit` cannot make the sentence fit the room the frame and the hashtags leave.
 */
export function writeHook(input: {
  tone: Tone;
  sentence: string;
  context: HookContext;
  hashtags: readonly string[];
  fit: (sentence: string, budget: number) => string | null;
}): string | null {
  const { tone, context, hashtags } = input;
  const frames = framesFor(tone, context);
  const sentence =
    tone === 'casual' && isEnglish(context.language)
      ? contract(shortOnTopic(input.sentence, context.title))
      : input.sentence;
  const tagRoom = hashtags.length ? postLength(`\n\n${hashtags.join(' ')}`) : 0;
  // The headline once: a frame that names it does not frame a sentence that is the headline.
  for (const write of pick(frames, `${context.title}|${input.sentence}`)) {
    const frameRoom = postLength(write('', context));
    const fitted = input.fit(sentence, POST_CHAR_LIMIT - tagRoom - frameRoom - 1);
    if (fitted === null) continue;
    const hook = write(fitted, context)
      .replace(/\s{2,}/g, ' ')
      .trim();
    if (!repeatsHeadline(hook, context.title)) return hook;
  }
  return null;
}

/** Room a numbered post has for its text: the limit less the widest prefix, "13/ ". */
const NUMBERED_ROOM = POST_CHAR_LIMIT - 4;

/** A definition from the article: "A heat pump is a device that …". */
export const DEFINITION =
  /^(?:(?:The|A|An)\s+)?[\p{L}][\p{L}\p{N}-]*(?:\s+[\p{L}\p{N}-]+){0,3}\s+(?:is|are|refers to|means)\s+(?:a|an|the)\s+/u;
/** A sentence stating a consequence: what follows from the facts. */
export const CONSEQUENCE =
  /\b(?:means that|which means|meaning that|so that|as a result|result(?:s|ed|ing)? in|lead(?:s|ing)? to|led to|threaten(?:s|ed|ing)?|at risk|because of this|consequences?)\b/i;
/** Evidence a persuasive thread leads with: a figure, or a study, survey or data. */
export const EVIDENCE =
  /\b(?:stud(?:y|ies)|survey(?:ed)?|data|research(?:ers)?|analysis|found|report(?:ed)?|percent|per cent|according to|records?|measured)\b|%/i;

/** The labels a tone may put before a numbered post, each only on a post whose content fits it. */
export const BODY_LABELS = {
  definition: 'A term worth knowing:',
  consequence: 'Why it matters:',
  evidence: 'The evidence:',
} as const;

/** Puts a short framing line before a post when both fit, so the frame never costs the post its end. */
function frame(post: DraftPost, label: string): void {
  if (postLength(`${label} ${post.content}`) <= NUMBERED_ROOM) post.content = `${label} ${post.content}`;
}

/**
 * The numbered posts in the tone's register; a label goes only on a post whose content it fits.
 * Casual: contractions and short sentences. Educational: the article's definition as a term worth
 * knowing, 'why it matters' on the first post that states a consequence. Persuasive: 'the evidence'
 * on the first post carrying a figure or a finding, and a closing reason to read the original.
 * Professional and humorous: the sentences as written.
 */
export function writeBody(input: {
  tone: Tone;
  posts: readonly StandalonePost[];
  credit: ArticleCredit;
  /** The thread's language (absent: English); in another, only its voice's closing line is added. */
  language?: string | null;
}): DraftPost[] {
  const { tone, credit } = input;
  const posts: DraftPost[] = input.posts.map((p) => ({ content: p.content, source: p.source }));
  if (!isEnglish(input.language)) {
    const close = tone === 'persuasive' ? voiceOf(input.language ?? '')?.persuasiveClose : undefined;
    if (close) posts.push({ content: close(voiceCredit(credit)) });
    return posts;
  }
  switch (tone) {
    case 'casual':
      return posts.map((p) => ({ ...p, content: contract(shorten(p.content)) }));
    case 'educational': {
      const definition = posts.find((p) => DEFINITION.test(p.content));
      if (definition) frame(definition, BODY_LABELS.definition);
      const consequence = posts.find((p) => p !== definition && CONSEQUENCE.test(p.content));
      if (consequence) frame(consequence, BODY_LABELS.consequence);
      return posts;
    }
    case 'persuasive': {
      const evidence = posts.find((p) => hasFigure(p.content) && EVIDENCE.test(p.content));
      if (evidence) frame(evidence, BODY_LABELS.evidence);
      const by = creditPhrase(credit);
      posts.push({
        content: `The original${by ? `, ${by},` : ''} has what this thread leaves out: the sources and the detail. The link is at the end.`,
      });
      return posts;
    }
    default:
      return posts;
  }
}

/** The label each tone puts on its closing recap. */
export const RECAP_LABELS: Record<Tone, string> = {
  professional: 'In short:',
  casual: 'The bottom line:',
  humorous: 'If you remember one thing:',
  educational: 'The takeaway:',
  persuasive: 'The point to remember:',
};

/**
 * The label a tone puts on its closing recap in a language: English's, the language's voice's
 * (professional's where the voice has none for the tone), or '' in a language without a voice.
 */
export function recapLabel(tone: Tone, language?: string | null): string {
  if (isEnglish(language)) return RECAP_LABELS[tone];
  const voice = voiceOf(language ?? '');
  return voice ? (voice.recap[tone] ?? voice.recap.professional) : '';
}

/** Sentence ends in any script: the recap's sentence keeps its own, or gets the language's full stop. */
const SENTENCE_END = /[.!?…"”')\]。！？」』）]$/u;

/**
 * The closing recap: the article's own sentence under the tone's label in the thread's language
 * (bare in a language without a voice), or null when it does not fit.
 */
export function writeRecap(tone: Tone, sentence: string, source: string, language?: string | null): DraftPost | null {
  const text = tone === 'casual' && isEnglish(language) ? contract(sentence) : sentence;
  const ended = SENTENCE_END.test(text) ? text : `${text}${language === 'ja' || language === 'zh' ? '。' : '.'}`;
  const label = recapLabel(tone, language);
  // A full-width colon needs no space after it.
  const content = label ? `${label}${/：$/u.test(label) ? '' : ' '}${ended}` : ended;
  return postLength(content) <= NUMBERED_ROOM ? { content, source } : null;
}

const POST_LABELS = [
  ...Object.values(BODY_LABELS),
  ...Object.values(RECAP_LABELS),
  ...SCAFFOLDED_LANGUAGES.flatMap((language) => Object.values(voiceOf(language)?.recap ?? {})),
];

/** A numbered post's text without the tone's label ("Why it matters: …"), which must not hide a dangling start. */
export function withoutPostLabel(post: string): string {
  const label = POST_LABELS.find((l) => post.startsWith(/：$/u.test(l) ? l : `${l} `));
  return label ? post.slice(label.length).trimStart() : post;
}

/**
 * The English scaffolding as a reader spots it: every literal phrase of the English hook frames,
 * credit line, labels and closing line ("In case you missed it", "reports in", "The takeaway:").
 * A thread in another language must contain none of them.
 */
export function englishScaffolding(): string[] {
  const hole = '\u0000';
  const context: HookContext = { title: hole, reports: hole, via: hole, topic: hole, solemn: false };
  const credit = { byline: `${hole} ${hole}`, siteName: hole };
  const rendered = [...Object.values(HOOK_FRAMES).flat(), ...LIGHT_OPENERS, SOLEMN_HOOK].map((frame) =>
    frame(hole, context),
  );
  const closing = writeBody({ tone: 'persuasive', posts: [], credit }).map((p) => p.content);
  return [
    ...new Set(
      [
        ...rendered,
        ...closing,
        reportsLine(credit),
        reportsLine(credit, true),
        ...Object.values(BODY_LABELS),
        ...Object.values(RECAP_LABELS),
      ]
        .flatMap((text) => text.split(hole))
        .flatMap((text) => text.split(/\s*[(,:]\s*/u))
        .map((part) => part.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, ''))
        // Two words at least: a lone "time" or "from" is no phrase of ours.
        .filter((part) => part.includes(' ') && (part.match(/\p{L}/gu) ?? []).length >= 4),
    ),
  ];
}
