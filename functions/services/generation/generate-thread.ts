import type { Article } from '../../../shared/schemas/article';
import type { Hallucination, Post } from '../../../shared/schemas/thread';
import type { Tone } from '../../../shared/tones';
import { finalizeThread } from './finalize-thread';
import { assessHallucination, generatedCharacters } from './hallucination';
import { generateLlmDraft, type LlmGeneratorOptions } from './llm-generator';
import { generateOfflineDraft } from './offline-generator';
import { extractThemes } from './themes';

export interface GenerateThreadInput {
  article: Pick<Article, 'url' | 'title' | 'content'>;
  tone: Tone;
  /** Host named in the attribution post, e.g. "threadsnip.app". */
  appHost: string;
  /** Themes found at extraction; worked out from the article when absent or empty. */
  themes?: readonly string[];
}

export interface GeneratedThread {
  title: string;
  posts: Post[];
  themes: string[];
  hallucination: Hallucination;
  /** Characters of the article text (title and content). */
  articleSize: number;
  /** Characters of the hook and numbered posts (attribution excluded). */
  generatedSize: number;
  generator: 'llm' | 'offline';
}

/**
 * Turns an article into a finished thread: with `options.openai` an OpenAI model drafts it, else
 * the offline extractive generator does; both drafts go through `finalizeThread` and the
 * hallucination assessment. Throws `ServiceBusyError` (retryable) or `GenerationFailedError`.
 */
export async function generateThread(
  input: GenerateThreadInput,
  options: { openai?: LlmGeneratorOptions } = {},
): Promise<GeneratedThread> {
  const { article, tone, appHost } = input;
  const themes = input.themes?.length ? [...input.themes] : extractThemes(article.content, { title: article.title });
  const draft = options.openai
    ? await generateLlmDraft({ article, tone, themes }, options.openai)
    : generateOfflineDraft({ article, tone, themes });
  const posts = finalizeThread(draft, { appHost, articleUrl: article.url });
  const articleText = article.title ? `${article.title}\n\n${article.content}` : article.content;
  return {
    title: draft.title || article.title || 'Untitled Thread',
    posts,
    themes,
    hallucination: assessHallucination(posts, articleText),
    articleSize: articleText.length,
    generatedSize: generatedCharacters(posts),
    generator: options.openai ? 'llm' : 'offline',
  };
}
