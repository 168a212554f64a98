import { GenerationFailedError } from '#functions/lib/errors';
import { languageName } from '#shared/languages';
import { threadLanguageMessages } from '#shared/messages/generation';
import { suggestQuoteCard } from '#shared/quote-card';
import { licenseLine, quoteLimit, shortQuoteSignal } from '#shared/rights';
import type { Article, ArticleRights } from '#shared/schemas/article';
import type { Hallucination, Post } from '#shared/schemas/thread';
import type { Tone } from '#shared/tones';
import { extractThemes } from '../../text/themes';
import { withChecks } from './faithfulness';
import { finalizeThread } from './finalize-thread';
import { assessHallucination, generatedCharacters } from './hallucination';
import { checkLlmDraft } from './llm-draft-check';
import { type LlmGeneratorOptions, requestLlmThread } from './llm-generator';
import { generateOfflineDraft } from './offline-generator';
import { articleWords, shortQuoteDraft, shortQuoteRules, verbatimFailure, withLicenseLine } from './short-quote';

export interface GenerateThreadInput {
  article: Pick<Article, 'url' | 'title' | 'content'> & Partial<Pick<Article, 'byline' | 'siteName' | 'language'>>;
  tone: Tone;
  /** Host named in the attribution post, e.g. "threadsnip.app". */
  appHost: string;
  /** Themes found at extraction; worked out from the article when absent or empty. */
  themes?: readonly string[];
  /** The publisher's signals: a limit puts the thread in short-quote mode; a CC licence is named. */
  rights?: ArticleRights;
  /**
   * The thread's language when the curator chose one: another than the article's asks the model to
   * translate (the offline writer cannot: GenerationFailedError). Absent: the article's language.
   */
  language?: string | null;
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
  /** The thread's language (BCP 47 primary tag): the article's; null when it is unknown. */
  language: string | null;
  /** The article's language when the model translated the thread into `language`. */
  translatedFrom?: string;
  /** The tone whose phrases were written, when the thread's language has no voice for the one asked for. */
  voiceTone?: Tone;
  /** The offline writer's one suggested quote card (a thread of 6+ posts with a quotation or a key figure). */
  suggestedQuoteCardPostId?: string;
}

/** Why the offline writer cannot write the thread in another language than the article's. */
function offlineCannotTranslate(language: string): string {
  return threadLanguageMessages.offlineCannotTranslate(languageName(language));
}

/** The article as a reader could check it: credit line, title and text. */
function checkableArticle(article: GenerateThreadInput['article']): string {
  return [article.byline, article.siteName, article.title, article.content].filter(Boolean).join('\n\n');
}

/**
 * The assessment with what the check left out of the model's thread: the banner says which post
 * and why, and shows at least 'Possible Added Content', since a model that invented one item may
 * have bent others the check cannot see.
 */
function withNotes(assessment: Hallucination, notes: readonly string[]): Hallucination {
  if (notes.length === 0) return assessment;
  return {
    ...assessment,
    risk: assessment.risk === 'low' ? 'medium' : assessment.risk,
    reason: `${notes.join(' ')} ${assessment.reason}`,
  };
}

/**
 * Turns an article into a finished thread: with `options.openai` an OpenAI model drafts it and the
 * check against the article repairs or leaves out its failing posts, else the offline extractive
 * generator writes it; both go through `finalizeThread`, each post gets its check, and the thread
 * its hallucination assessment. Throws `ServiceBusyError` (retryable) or `GenerationFailedError`.
 */
export async function generateThread(
  input: GenerateThreadInput,
  options: { openai?: LlmGeneratorOptions } = {},
): Promise<GeneratedThread> {
  const { article, tone, appHost } = input;
  const articleLanguage = article.language ?? null;
  const translateTo = input.language && input.language !== articleLanguage ? input.language : null;
  if (translateTo && !options.openai) throw new GenerationFailedError(offlineCannotTranslate(translateTo));
  const themes = input.themes?.length
    ? [...input.themes]
    : extractThemes(article.content, { title: article.title, language: article.language });
  const articleText = checkableArticle(article);
  const offline = generateOfflineDraft({ article, tone, themes });
  const limit = quoteLimit(input.rights);
  // The headline is the article's words too: a hook restating it (or it and the lede) is a quotation.
  const words = limit ? articleWords(`${article.title}\n\n${article.content}`) : null;
  const rules = limit ? shortQuoteRules(limit, shortQuoteSignal(input.rights) ?? '') : undefined;
  const checked = options.openai
    ? await checkLlmDraft(
        await requestLlmThread(
          {
            article,
            tone,
            themes,
            rules,
            language: { thread: translateTo ?? articleLanguage, article: articleLanguage },
          },
          options.openai,
        ),
        offline,
        article,
        articleText,
        // A translation is not the article's words: the short-quote count applies to the original only.
        (text) =>
          limit && words && !translateTo ? [verbatimFailure(text, words, limit)].filter((f) => f !== null) : [],
        { language: translateTo ?? articleLanguage, translated: Boolean(translateTo) },
      )
    : { draft: offline, notes: [] };
  const { notes } = checked;
  // The offline thread stands in when too little of the model's passed: then it is the article's language.
  const translated = Boolean(translateTo) && checked.draft !== offline;
  const language = translated ? translateTo : articleLanguage;
  // Short-quote mode also cuts whatever the check kept (or the offline fallback) to the limit.
  const draft = limit && words ? shortQuoteDraft(checked.draft, words, limit) : checked.draft;
  const posts = withLicenseLine(
    withChecks(
      finalizeThread(draft, { appHost, articleUrl: article.url, language }),
      articleText,
      language,
      translated,
    ),
    licenseLine(input.rights),
  );
  const suggestedCard = options.openai ? null : suggestQuoteCard({ posts, rights: input.rights, title: article.title });
  return {
    title: draft.title || article.title || 'Untitled Thread',
    posts,
    themes,
    hallucination: withNotes(assessHallucination(posts, articleText, language, translated), notes),
    articleSize: article.title ? article.title.length + 2 + article.content.length : article.content.length,
    generatedSize: generatedCharacters(posts),
    generator: options.openai ? 'llm' : 'offline',
    language,
    ...(translated && articleLanguage ? { translatedFrom: articleLanguage } : {}),
    ...(draft.voiceTone && !translated ? { voiceTone: draft.voiceTone } : {}),
    ...(suggestedCard ? { suggestedQuoteCardPostId: suggestedCard } : {}),
  };
}
