import { generatedSize } from '#shared/posts';
import type { ExtractionResult } from '#shared/schemas/article';
import type { Hallucination, Post } from '#shared/schemas/thread';
import { type MatchableText, matchableText, passageDirective } from '#shared/text-fragment';
import { DEFAULT_TONE, TONES_BLOCKED_WHEN_SENSITIVE, type Tone } from '#shared/tones';
import type { OpenAiSettings } from '../../lib/openai-client';
import { generateThread } from './draft/generate-thread';

export interface ThreadDraft {
  title: string;
  posts: Post[];
  themes: string[];
  /** The tone actually used: professional when the content is sensitive. */
  tone: Tone;
  hallucination: Hallucination;
  /** The thread's language: the article's, or the one the model translated into; null when unknown. */
  language: string | null;
  /** The article's language when the model translated the thread, else null. */
  translatedFrom: string | null;
  /** The tone whose phrases were written when the language has no voice for the one asked for, else null. */
  voiceTone: Tone | null;
  /** The post the offline writer suggests a quote card for (threads of 6+ posts), else null. */
  suggestedQuoteCardPostId: string | null;
}

/**
 * Each post with a passage gets the text directive that lands on that passage alone in the page as
 * extracted (null when the page does not show it, e.g. a headline read from <title>). An extraction
 * kept from before the page's text was kept has none: its posts keep the passage-only link.
 */
export function withSourceFragments(posts: Post[], analysed: ExtractionResult): Post[] {
  if (analysed.pageText === undefined || !posts.some((post) => post.source)) return posts;
  const page = matchableText(analysed.pageText);
  let article: MatchableText | undefined;
  // The article's text is folded only for a passage the page shows more than once.
  const articleText = () => {
    article ??= matchableText(analysed.content);
    return article;
  };
  return posts.map((post) =>
    post.source ? { ...post, sourceFragment: passageDirective(post.source, page, articleText) } : post,
  );
}

/** The parts of a thread that generation decides (everything but ids, owner, dates and posting state). */
export function threadContent(analysed: ExtractionResult, draft: ThreadDraft) {
  return {
    title: draft.title,
    author: analysed.byline,
    outlet: analysed.siteName,
    articleImage: analysed.leadImage
      ? { url: analysed.leadImage, alt: analysed.leadImageAlt ?? null, credit: analysed.leadImageCredit ?? null }
      : null,
    authorHandles: analysed.authorHandles,
    posts: withSourceFragments(draft.posts, analysed),
    themes: draft.themes,
    tone: draft.tone,
    isSensitiveContent: analysed.isSensitiveContent,
    sensitiveCategories: analysed.sensitiveCategories,
    sensitiveContentMessage: analysed.sensitiveContentMessage,
    hallucination: draft.hallucination,
    articleSize: analysed.content.length,
    generatedSize: generatedSize(draft.posts),
    language: draft.language,
    // Null rather than absent, so a regeneration clears what an earlier draft of the thread said.
    translatedFrom: draft.translatedFrom,
    voiceTone: draft.voiceTone,
    suggestedQuoteCardPostId: draft.suggestedQuoteCardPostId,
    // Kept with the thread so its pages can say why it was written in short-quote mode.
    ...(analysed.rights ? { rights: analysed.rights } : {}),
  };
}

/** Writes the thread for an analysed article (the same path for the worker and the command line). */
export async function draftThread(
  analysed: ExtractionResult,
  requestedTone: Tone,
  settings: {
    appHost: string;
    openai: OpenAiSettings | undefined /** The thread's language chosen, if any. */;
    language?: string;
  },
): Promise<ThreadDraft> {
  // Sensitive content is only ever written in the professional tone, whatever tone was asked for.
  const tone =
    analysed.isSensitiveContent && TONES_BLOCKED_WHEN_SENSITIVE.includes(requestedTone) ? DEFAULT_TONE : requestedTone;
  const generated = await generateThread(
    {
      article: analysed,
      tone,
      appHost: settings.appHost,
      themes: analysed.themes,
      rights: analysed.rights,
      language: settings.language,
    },
    { openai: settings.openai },
  );
  return {
    title: generated.title || analysed.title || 'Untitled Thread',
    posts: generated.posts,
    themes: generated.themes,
    tone,
    hallucination: generated.hallucination,
    language: generated.language,
    translatedFrom: generated.translatedFrom ?? null,
    voiceTone: generated.voiceTone ?? null,
    suggestedQuoteCardPostId: generated.suggestedQuoteCardPostId ?? null,
  };
}
