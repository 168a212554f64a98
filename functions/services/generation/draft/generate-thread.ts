import type { Article } from '#shared/schemas/article';
import type { Hallucination, Post } from '#shared/schemas/thread';
import type { Tone } from '#shared/tones';
import { type DraftPost, type DraftThread, finalizeThread } from './finalize-thread';
import { assessHallucination, generatedCharacters } from './hallucination';
import { firstNamesIn, hashtagProblem } from './hashtags';
import { generateLlmDraft, type LlmGeneratorOptions } from './llm-generator';
import { generateOfflineDraft } from './offline-generator';
import { balanceQuotes, dropConnective, startsDangling } from './post-rules';
import { extractThemes } from './themes';

export interface GenerateThreadInput {
  article: Pick<Article, 'url' | 'title' | 'content'> & Partial<Pick<Article, 'byline' | 'siteName'>>;
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

/** The article as a reader could check it: credit line, title and text. */
function checkableArticle(article: GenerateThreadInput['article']): string {
  return [article.byline, article.siteName, article.title, article.content].filter(Boolean).join('\n\n');
}

/** A model's post repaired to stand alone, or null when it leans on an unseen sentence or adds facts. */
function repairPost(post: DraftPost, articleText: string): DraftPost | null {
  let content = balanceQuotes(post.content.trim());
  if (startsDangling(content)) content = dropConnective(content) ?? '';
  if (!content || assessHallucination([{ content }], articleText).risk !== 'low') return null;
  return { ...post, content };
}

/**
 * The offline writer's bar applied to a model's draft: each post stands alone with balanced quotes
 * and no number, name or quote the article lacks, else it is left out, and the offline writer's
 * thread is used when fewer than two posts are left; a failing hook is replaced by the offline hook,
 * and hashtags keep to the same rules.
 */
export function checkLlmDraft(
  draft: DraftThread,
  offline: DraftThread,
  article: GenerateThreadInput['article'],
): DraftThread {
  const articleText = checkableArticle(article);
  const posts = draft.posts.map((p) => repairPost(p, articleText)).filter((p): p is DraftPost => p !== null);
  if (posts.length < Math.min(2, draft.posts.length)) return offline;
  const hook = repairPost(draft.hook, articleText) ?? offline.hook;
  const firstNames = firstNamesIn(article.content, article.byline);
  const hashtags = draft.hashtags.filter((t) => !hashtagProblem(t.startsWith('#') ? t : `#${t}`, firstNames));
  return { title: draft.title, hook, posts, hashtags: hashtags.length ? hashtags : offline.hashtags };
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
  const offline = generateOfflineDraft({ article, tone, themes });
  const draft = options.openai
    ? checkLlmDraft(await generateLlmDraft({ article, tone, themes }, options.openai), offline, article)
    : offline;
  const posts = finalizeThread(draft, { appHost, articleUrl: article.url });
  const articleText = checkableArticle(article);
  return {
    title: draft.title || article.title || 'Untitled Thread',
    posts,
    themes,
    hallucination: assessHallucination(posts, articleText),
    articleSize: article.title ? article.title.length + 2 + article.content.length : article.content.length,
    generatedSize: generatedCharacters(posts),
    generator: options.openai ? 'llm' : 'offline',
  };
}
