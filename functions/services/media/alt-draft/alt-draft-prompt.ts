import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { languageName } from '#shared/languages';
import { clipText } from '../../text/clip-text';

/** The longest alt text drafted: a sentence or two, read before the post it illustrates. */
export const DRAFTED_ALT_MAX_CHARS = 250;
/** How much of the article's own words the model reads (a prompt of a few hundred tokens). */
export const ALT_DRAFT_EXCERPT_CHARS = 600;

/** What the model drafts from: the article as the thread keeps it (its text is not kept, only passages). */
export interface AltDraftInput {
  title: string;
  /**
   * The credit line the page prints with the picture ('Photo: Jane Doe/Reuters'), null when none: a
   * hint at what kind of picture it is (a wire photo, an agency's map), never to be repeated.
   */
  credit: string | null;
  /** The article's own words: the thread's source passages, in order. */
  passages: readonly string[];
  /** The thread's language (BCP 47 primary tag), which the alt text is written in; null when unknown. */
  language: string | null;
}

// The model's answer when nothing in the article says what the picture could show.
const NOTHING_TO_DESCRIBE = 'NONE';

/**
 * The request for an alt text of the article's picture, from its title and passages alone (the
 * model does not see the picture, so it is told to state nothing the article does not).
 */
export function buildAltDraftPrompt(input: AltDraftInput): ChatCompletionMessageParam[] {
  const language = input.language
    ? `${languageName(input.language)} (${input.language})`
    : "the language of the article's title and passages";
  const system = [
    "You write the alt text of the picture that illustrates an article, for readers who cannot see it. You cannot see the picture: you have only the article's title, passages from it and the picture's credit line when the page prints one.",
    `- One or two plain sentences, at most ${DRAFTED_ALT_MAX_CHARS} characters, in ${language}.`,
    '- Say only what the title and passages state about what the picture most likely shows: the people, place, object or event the article is about. Never invent details they do not state: no colours, clothing, expressions, number of people, weather, setting or text in the picture.',
    '- Do not begin with "Image of", "Picture of" or "Photo of"; no photographer or credit, no quotation marks around the answer, no hashtags, no emoji.',
    `- If the title and passages give nothing the picture could show, answer only ${NOTHING_TO_DESCRIBE}.`,
  ].join('\n');
  const excerpt = clipText([...new Set(input.passages)].join(' '), ALT_DRAFT_EXCERPT_CHARS);
  const credit = input.credit ? `Picture credit: ${input.credit}\n` : '';
  const user = `Title: ${input.title}\n${credit}\n<passages>\n${excerpt || '(none)'}\n</passages>`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

const LABEL = /^alt(?:ernative)?[ -]?text\s*:\s*/iu;
const PICTURE_OF = /^(?:(?:an?|the)\s+)?(?:image|picture|photo(?:graph)?)\s+(?:of|showing|shows)\s+/iu;
const OPENING_QUOTES = '"\'“‘«„「『';
const CLOSING_QUOTES = '"\'”’»“」』';

/** The answer without quotation marks around it (kept when the text quotes something inside). */
function unquoted(text: string): string {
  const [first, last] = [text.at(0) ?? '', text.at(-1) ?? ''];
  const inner = text.slice(1, -1);
  const quotesInside = [...inner].some((char) => OPENING_QUOTES.includes(char) || CLOSING_QUOTES.includes(char));
  const wrapped = text.length > 1 && OPENING_QUOTES.includes(first) && CLOSING_QUOTES.includes(last);
  return wrapped && !quotesInside ? inner.trim() : text;
}

/**
 * The model's answer as an alt text: one line, no label, no quotation marks or 'Image of' around
 * it, cut after a whole word within DRAFTED_ALT_MAX_CHARS; null when it drafted nothing.
 */
export function cleanedAltDraft(answer: string | null | undefined): string | null {
  const text = unquoted((answer ?? '').replace(/\s+/gu, ' ').trim().replace(LABEL, ''));
  const described = text.replace(PICTURE_OF, '');
  if (!described || described.replace(/\.$/u, '').toUpperCase() === NOTHING_TO_DESCRIBE) return null;
  const capitalised = described === text ? text : described.charAt(0).toLocaleUpperCase() + described.slice(1);
  return clipText(capitalised, DRAFTED_ALT_MAX_CHARS);
}
