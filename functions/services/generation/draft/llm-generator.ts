import OpenAI from 'openai';
import { LengthFinishReasonError } from 'openai/error';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import * as z from 'zod';
import { GenerationFailedError, ServiceBusyError } from '#functions/lib/errors';
import { type OpenAiOptions, openAiClient } from '#functions/lib/openai-client';
import { languageName } from '#shared/languages';
import { type CheckFailure, checkFailureText } from '#shared/messages/post-check';
import type { Article } from '#shared/schemas/article';
import { TONE_LABELS, type Tone } from '#shared/tones';
import { translatedQuoteMark } from './voices';

export interface LlmGeneratorOptions extends OpenAiOptions {
  /** The SDK's further attempts after a busy answer (429, 5xx, timeout, connection error). Default 1. */
  maxRetries?: number;
  /** Longer articles are cut to this many characters in the prompt. Default 60,000. */
  maxArticleChars?: number;
}

const DEFAULT_TIMEOUT_MS = 45_000;
const DEFAULT_MAX_RETRIES = 1;
const DEFAULT_MAX_ARTICLE_CHARS = 60_000;

/** What the model must return (strict structured output: every field required). */
export const llmThreadSchema = z.object({
  title: z.string(),
  hook: z.string(),
  hashtags: z.array(z.string()),
  posts: z.array(z.object({ text: z.string(), source: z.string() })),
});
export type LlmThread = z.infer<typeof llmThreadSchema>;

/** What the model returns when asked to rewrite the posts that failed the check: only those. */
export const llmRepairSchema = z.object({
  hook: z.string().nullable(),
  posts: z.array(z.object({ post: z.number().int(), text: z.string(), source: z.string() })),
});
export type LlmRepair = z.infer<typeof llmRepairSchema>;

/** A post of the model's thread that failed the check: the hook or a post (1-based), and why. */
export interface RepairRequest {
  target: 'hook' | number;
  failures: readonly CheckFailure[];
}

/** The model's thread, and the one further request that may rewrite the posts that failed the check. */
export interface LlmSession {
  reply: LlmThread;
  /** Asks once for the listed posts again, each failure named; null when no usable answer came. */
  repair(requests: readonly RepairRequest[]): Promise<LlmRepair | null>;
}

/** Tones as voices: which facts lead, in what order and framing, never different facts. */
const TONE_GUIDANCE: Record<Tone, string> = {
  professional: 'neutral and precise: the facts in order of importance, no slang, no jokes, no emoji',
  casual:
    'direct address ("you") and contractions, shorter posts, the most human detail of the article early; an occasional emoji is fine',
  humorous:
    'a light opener about the topic, then the facts untouched; never joke about victims, illness, violence or politics',
  educational:
    "the key term or mechanism explained first (with the article's own definition sentence when it has one); say why a point matters only on a post that states a consequence",
  persuasive: "the article's claim, then its strongest evidence, then a reason to read the original",
};

/** A reply that parsed but cannot make a thread. */
class UnusableReplyError extends Error {}

function postRange(content: string): string {
  const words = content.split(/\s+/).filter(Boolean).length;
  if (words < 200) return '1 to 3';
  if (words < 800) return '3 to 6';
  return '5 to 10';
}

/** How the article credits itself: 'by Jane Doe in The Paper', 'by Jane Doe', 'in The Paper', or ''. */
function creditLine(article: { byline?: string | null; siteName?: string | null }): string {
  const parts = [article.byline ? `by ${article.byline}` : '', article.siteName ? `in ${article.siteName}` : ''];
  return parts.filter(Boolean).join(' ');
}

/**
 * The thread's language in the prompt: the article's own (every phrase in it, none in English), or a
 * translation that keeps numbers and names as the article writes them and marks each quotation.
 */
export function languageRule(language: { thread?: string | null; article?: string | null }): string {
  const thread = language.thread ?? language.article;
  if (!thread) return "Write the thread in the article's language.";
  const name = `${languageName(thread)} (${thread})`;
  if (!language.thread || language.thread === language.article) {
    return `Write the whole thread, hook, labels and hashtags included, in ${name}, the article's language: no phrase in any other language.`;
  }
  const from = language.article ? `${languageName(language.article)} (${language.article})` : 'its own language';
  return `Translate: the article is in ${from}; write the whole thread, hook and hashtags included, in ${name}. Keep every number and every name exactly as the article writes them. Translate quotations faithfully and put ${translatedQuoteMark(thread)} right after each closing quotation mark. "source" stays the article's own words, untranslated.`;
}

/** The system and user messages: tone, hook, structure and faithfulness rules, then the article. */
export function buildThreadPrompt(
  article: Pick<Article, 'title' | 'content'> & Partial<Pick<Article, 'byline' | 'siteName'>>,
  tone: Tone,
  themes: readonly string[],
  maxArticleChars = DEFAULT_MAX_ARTICLE_CHARS,
  /** The thread's language and the article's, when known: a different one asks for a translation. */
  language: { thread?: string | null; article?: string | null } = {},
): ChatCompletionMessageParam[] {
  const themeHint = themes.length ? ` (the article's themes: ${themes.join(', ')})` : '';
  const credit = creditLine(article);
  const system = [
    'You turn articles into social-media threads that credit the original author.',
    `Tone: ${TONE_LABELS[tone]} (${tone}): ${TONE_GUIDANCE[tone]}. The tone changes which facts lead, their order and framing, never the facts.`,
    'Return JSON with:',
    '- title: a short title for the thread, at most 100 characters.',
    `- hook: the opening post, at most 200 characters, no hashtags. It says what the article is about to someone who has not read it, from the title and the first substantive paragraph, with the article's key figure or claim, and credits the author or outlet by name${credit ? ` (the article is ${credit})` : ''}, e.g. "Jane Doe reports in The Paper: …". Never start or pivot on a contrast (however, but, still, yet, although); never make a quotation from someone other than the article's subject the whole hook; at most one stock phrase.`,
    `- hashtags: 2 or 3 hashtags for the hook${themeHint}, each starting with #.`,
    `- posts: ${postRange(article.content)} posts in reading order, each at most 250 characters, each with "text" and "source": "source" is the sentence or short passage, copied word for word from the article, that the post is based on. With 6 or more posts, the last one recaps the one thing to remember, in the article's words.`,
    'Each post stands alone: never start with a pronoun or connective (he, she, it, they, this, but, also, however) that points to the previous post; name the person or thing instead. Close every quotation inside the post that opens it.',
    'Rules: use only facts stated in the article. Numbers, names and quotations are copied exactly as the article writes them; do not invent numbers, names, dates or quotations. Every post is checked against the article, and a post that fails is rewritten or left out.',
    'Do not number the posts and do not add an attribution or a link: the app adds both.',
    languageRule(language),
  ]
    .filter(Boolean)
    .join('\n');
  const truncated = article.content.length > maxArticleChars;
  const content = truncated ? `${article.content.slice(0, maxArticleChars)}\n[article truncated]` : article.content;
  const header = [
    `Title: ${article.title || '(none)'}`,
    article.byline ? `Author: ${article.byline}` : '',
    article.siteName ? `Outlet: ${article.siteName}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const user = `${header}\n\n<article>\n${content}\n</article>`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The request to rewrite the posts that failed the check, each named with its failures. */
export function buildRepairPrompt(requests: readonly RepairRequest[]): string {
  const lines = requests.map(
    (r) => `- ${r.target === 'hook' ? 'the hook' : `post ${r.target}`}: ${r.failures.map(checkFailureText).join('; ')}`,
  );
  return [
    'These posts of your thread failed the check against the article:',
    ...lines,
    'Rewrite only these posts. Use only facts from the article, and copy numbers, names and quotations exactly as the article writes them; "source" is the passage of the article, copied word for word, that the post is based on. Keep the hook within 200 characters and each post within 250.',
    'Return JSON with "hook" (the new hook, or null when the hook is not listed) and "posts" (one entry per listed post: "post" its number, "text" and "source").',
  ].join('\n');
}

/** Why a parsed reply cannot be used at all, or null when its posts can be checked one by one. */
function replyProblem(reply: LlmThread): string | null {
  if (!reply.posts.some((p) => p.text.trim())) return 'there were no posts';
  return null;
}

/** An answer that says the service is busy or out of reach (the SDK has already retried it). */
function isBusy(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError || error instanceof OpenAI.APIUserAbortError) return true;
  if (!(error instanceof OpenAI.APIError)) return false;
  const status = error.status ?? 0;
  return status === 429 || status === 408 || status === 409 || status >= 500;
}

/** Why a reply could not be used, when a second request may do better; else null. */
function malformedProblem(error: unknown): string | null {
  if (error instanceof UnusableReplyError) return error.message;
  if (error instanceof SyntaxError) return 'the reply was not valid JSON';
  if (error instanceof z.ZodError || (error instanceof Error && error.name === 'ZodError')) {
    return 'the reply did not match the JSON schema';
  }
  if (error instanceof LengthFinishReasonError) return 'the reply was cut off; keep it shorter';
  return null;
}

/**
 * Asks an OpenAI chat model for a thread with structured output. Busy answers (429, 5xx, timeouts,
 * connection errors) are retried by the SDK `maxRetries` times, then become `ServiceBusyError`; an
 * unusable reply gets one repair attempt, then `GenerationFailedError`. The session then allows one
 * further request, for the posts that fail the check against the article.
 */
export async function requestLlmThread(
  input: {
    article: Pick<Article, 'title' | 'content'> & Partial<Pick<Article, 'byline' | 'siteName'>>;
    tone: Tone;
    themes: readonly string[];
    /** Further rules for this article (short-quote mode), as a system message of their own. */
    rules?: readonly string[];
    /** The thread's language and the article's (a different one asks for a translation). */
    language?: { thread?: string | null; article?: string | null };
  },
  options: LlmGeneratorOptions,
): Promise<LlmSession> {
  const client = openAiClient(options);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const messages = buildThreadPrompt(input.article, input.tone, input.themes, options.maxArticleChars, input.language);
  if (input.rules?.length) messages.splice(1, 0, { role: 'system', content: input.rules.join('\n') });
  const responseFormat = zodResponseFormat(llmThreadSchema, 'thread');

  let repaired = false;
  let reply: LlmThread | undefined;
  while (!reply) {
    try {
      const completion = await client.chat.completions.parse(
        { model: options.model, messages, response_format: responseFormat },
        { timeout, maxRetries },
      );
      const message = completion.choices[0]?.message;
      if (message?.refusal) {
        throw new GenerationFailedError('The AI declined to write a thread for this article.');
      }
      if (!message?.parsed) throw new UnusableReplyError('the reply was empty');
      const problem = replyProblem(message.parsed);
      if (problem) throw new UnusableReplyError(problem);
      reply = message.parsed;
    } catch (error) {
      if (error instanceof GenerationFailedError) throw error;
      if (isBusy(error)) throw new ServiceBusyError();
      const problem = malformedProblem(error);
      if (problem && !repaired) {
        repaired = true;
        messages.push({
          role: 'user',
          content: `Your previous reply could not be used: ${problem}. Reply again with only the JSON object that matches the schema, with at least one post.`,
        });
        continue;
      }
      if (problem) throw new GenerationFailedError('The AI returned an unusable thread. Please try again.');
      throw new GenerationFailedError('The AI service could not generate a thread. Please try again later.');
    }
  }

  const thread = reply;
  return {
    reply: thread,
    repair: async (requests) => {
      try {
        const completion = await client.chat.completions.parse(
          {
            model: options.model,
            messages: [
              ...messages,
              { role: 'assistant', content: JSON.stringify(thread) },
              { role: 'user', content: buildRepairPrompt(requests) },
            ],
            response_format: zodResponseFormat(llmRepairSchema, 'repair'),
          },
          { timeout, maxRetries },
        );
        return completion.choices[0]?.message.parsed ?? null;
      } catch (error) {
        // The first answer is in hand: a failed rewrite leaves the failing posts out rather than the thread.
        if (isBusy(error) || malformedProblem(error) || error instanceof OpenAI.APIError) return null;
        throw error;
      }
    },
  };
}
