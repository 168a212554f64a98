import OpenAI from 'openai';
import { LengthFinishReasonError } from 'openai/error';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import * as z from 'zod';
import { GenerationFailedError, ServiceBusyError } from '#functions/lib/errors';
import { type OpenAiOptions, openAiClient } from '#functions/lib/openai-client';
import type { Article } from '#shared/schemas/article';
import { TONE_LABELS, type Tone } from '#shared/tones';
import type { DraftThread } from './finalize-thread';
import { passageLocator } from './source-passages';

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

const TONE_GUIDANCE: Record<Tone, string> = {
  professional: 'clear, neutral and precise; no slang, no jokes, no emoji',
  casual: 'friendly and conversational, as if telling a friend; an occasional emoji is fine',
  humorous: 'light and witty, with gentle humour that never distorts or mocks the facts',
  educational: 'explanatory: define unfamiliar terms and say why each point matters',
  persuasive: 'compelling: stress why the points matter and make readers want to read the article',
};

/** A reply that parsed but cannot make a thread. */
class UnusableReplyError extends Error {}

function postRange(content: string): string {
  const words = content.split(/\s+/).filter(Boolean).length;
  if (words < 200) return '1 to 3';
  if (words < 800) return '3 to 6';
  return '5 to 10';
}

/** The system and user messages: tone, structure and faithfulness rules, then the article. */
export function buildThreadPrompt(
  article: Pick<Article, 'title' | 'content'>,
  tone: Tone,
  themes: readonly string[],
  maxArticleChars = DEFAULT_MAX_ARTICLE_CHARS,
): ChatCompletionMessageParam[] {
  const themeHint = themes.length ? ` (the article's themes: ${themes.join(', ')})` : '';
  const system = [
    'You turn articles into social-media threads that credit the original author.',
    `Tone: ${TONE_LABELS[tone]} (${tone}) — ${TONE_GUIDANCE[tone]}.`,
    'Return JSON with:',
    '- title: a short title for the thread, at most 100 characters.',
    '- hook: the opening post, at most 200 characters, that makes readers want to read on; no hashtags in it.',
    `- hashtags: 2 or 3 hashtags for the hook${themeHint}, each starting with #.`,
    `- posts: ${postRange(article.content)} posts in reading order, each at most 250 characters, each with "text" and "source": "source" is the sentence or short passage, copied word for word from the article, that the post is based on.`,
    'Rules: use only facts stated in the article. Do not invent numbers, names, dates or quotations; quote only words that appear in the article.',
    'Do not number the posts and do not add an attribution or a link: the app adds both.',
  ].join('\n');
  const truncated = article.content.length > maxArticleChars;
  const content = truncated ? `${article.content.slice(0, maxArticleChars)}\n[article truncated]` : article.content;
  const user = `Title: ${article.title || '(none)'}\n\n<article>\n${content}\n</article>`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Why a parsed reply cannot be used, or null when it can. */
function replyProblem(reply: LlmThread): string | null {
  if (!reply.hook.trim()) return 'the hook was empty';
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
 * Drafts a thread with an OpenAI chat model and structured output. Busy answers (429, 5xx,
 * timeouts, connection errors) are retried by the SDK `maxRetries` times, then become
 * `ServiceBusyError`; an unusable reply gets one repair attempt, then `GenerationFailedError`.
 */
export async function generateLlmDraft(
  input: { article: Pick<Article, 'title' | 'content'>; tone: Tone; themes: readonly string[] },
  options: LlmGeneratorOptions,
): Promise<DraftThread> {
  const client = openAiClient(options);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const messages = buildThreadPrompt(input.article, input.tone, input.themes, options.maxArticleChars);
  const responseFormat = zodResponseFormat(llmThreadSchema, 'thread');

  let repaired = false;
  for (;;) {
    let reply: LlmThread;
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
      reply = message.parsed;
      const problem = replyProblem(reply);
      if (problem) throw new UnusableReplyError(problem);
    } catch (error) {
      if (error instanceof GenerationFailedError) throw error;
      if (isBusy(error)) throw new ServiceBusyError();
      const problem = malformedProblem(error);
      if (problem && !repaired) {
        repaired = true;
        messages.push({
          role: 'user',
          content: `Your previous reply could not be used: ${problem}. Reply again with only the JSON object that matches the schema, with a non-empty hook and at least one post.`,
        });
        continue;
      }
      if (problem) throw new GenerationFailedError('The AI returned an unusable thread. Please try again.');
      throw new GenerationFailedError('The AI service could not generate a thread. Please try again later.');
    }

    const locate = passageLocator(input.article.content);
    return {
      title: reply.title.trim(),
      hook: { content: reply.hook, source: locate(undefined, reply.hook) },
      hashtags: reply.hashtags,
      posts: reply.posts
        .filter((p) => p.text.trim())
        .map((p) => ({ content: p.text, source: locate(p.source, p.text) })),
    };
  }
}
