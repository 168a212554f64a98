import { generatedSize } from '../../shared/posts';
import type { Article, ExtractionResult } from '../../shared/schemas/article';
import type { Hallucination, Post } from '../../shared/schemas/thread';
import { DEFAULT_TONE, TONES_BLOCKED_WHEN_SENSITIVE, type Tone } from '../../shared/tones';
import { logger } from '../lib/logger';
import { generateThread } from './generation/generate-thread';
import { extractThemes } from './generation/themes';
import { checkSensitivity, sensitiveContentMessage } from './moderation/sensitivity';

/** An OpenAI-compatible service; absent means the offline classifier and generator. */
export interface OpenAiSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
}

/** Checks content for sensitive material (OpenAI moderation with a key, else the local classifier). */
export function checkContentSensitivity(content: string, openai: OpenAiSettings | undefined) {
  return checkSensitivity(content, {
    openai: openai ? { apiKey: openai.apiKey, baseURL: openai.baseURL } : undefined,
    onError: (error) => logger.warn('sensitivity check failed; treated as not sensitive', { error }),
  });
}

/** The article with its themes and sensitivity: what the two-step submission's first call shows. */
export async function analyseArticle(article: Article, openai: OpenAiSettings | undefined): Promise<ExtractionResult> {
  const themes = extractThemes(article.content, { title: article.title });
  // The body alone: the same text the themes just analysed, so the local classifier reuses that analysis.
  const sensitivity = await checkContentSensitivity(article.content, openai);
  return {
    ...article,
    themes,
    isSensitiveContent: sensitivity.isSensitive,
    sensitiveCategories: sensitivity.categories,
    sensitiveContentMessage: sensitiveContentMessage(sensitivity.categories),
  };
}

export interface ThreadDraft {
  title: string;
  posts: Post[];
  themes: string[];
  /** The tone actually used: professional when the content is sensitive. */
  tone: Tone;
  hallucination: Hallucination;
}

/** The parts of a thread that generation decides (everything but ids, owner, dates and posting state). */
export function threadContent(analysed: ExtractionResult, draft: ThreadDraft) {
  return {
    title: draft.title,
    author: analysed.byline,
    authorHandles: analysed.authorHandles,
    posts: draft.posts,
    themes: draft.themes,
    tone: draft.tone,
    isSensitiveContent: analysed.isSensitiveContent,
    sensitiveCategories: analysed.sensitiveCategories,
    sensitiveContentMessage: analysed.sensitiveContentMessage,
    hallucination: draft.hallucination,
    articleSize: analysed.content.length,
    generatedSize: generatedSize(draft.posts),
  };
}

/** Writes the thread for an analysed article (the same path for the worker and the command line). */
export async function draftThread(
  analysed: ExtractionResult,
  requestedTone: Tone,
  settings: { appHost: string; openai: OpenAiSettings | undefined },
): Promise<ThreadDraft> {
  // Sensitive content is only ever written in the professional tone, whatever tone was asked for.
  const tone =
    analysed.isSensitiveContent && TONES_BLOCKED_WHEN_SENSITIVE.includes(requestedTone) ? DEFAULT_TONE : requestedTone;
  const generated = await generateThread(
    { article: analysed, tone, appHost: settings.appHost, themes: analysed.themes },
    { openai: settings.openai },
  );
  return {
    title: generated.title || analysed.title || 'Untitled Thread',
    posts: generated.posts,
    themes: generated.themes,
    tone,
    hallucination: generated.hallucination,
  };
}
