import { type CheckFailure, llmHookReplaced, llmPostLeftOut, postCheckMessages } from '#shared/messages/post-check';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import { type ArticleReference, articleReference, scanText, sourceFound } from './faithfulness';
import type { DraftPost, DraftThread } from './finalize-thread';
import { firstNamesIn, hashtagProblem } from './hashtags';
import type { LlmSession, LlmThread, RepairRequest } from './llm-generator';
import { balanceQuotes, dropConnective, startsDangling } from './post-rules';
import { passageLocator } from './source-passages';

/** A numbered post must fit beside the widest number, "13/ ". */
const POST_LIMIT = POST_CHAR_LIMIT - postLength('13/ ');

/** A model's draft after the check: the thread to finalise, and what the banner must say was left out. */
export interface CheckedDraft {
  draft: DraftThread;
  notes: string[];
}

/** A further rule a post of the model's must meet for this article (short-quote mode's copied runs). */
export type ExtraCheck = (text: string) => CheckFailure[];

/** A post's text as the rules would keep it, and what is still wrong with it. */
interface Checked {
  text: string;
  source?: string;
  failures: CheckFailure[];
}

/** How the model's thread is read: its language, and whether it was translated from the article's. */
export interface ThreadReading {
  language?: string | null;
  translated?: boolean;
}

/**
 * Checks one post of the model's: a leading connective is dropped and unmatched quotation marks
 * removed (repairs that change no fact); then it must be non-empty, fit its post, start on its own
 * words, contain only numbers, quotations and names the article has, and cite a source passage the
 * article contains (posts only: the schema gives the hook none).
 */
function checkDraftPost(
  post: { text: string; source?: string },
  limit: number,
  article: ArticleReference,
  extraCheck: ExtraCheck,
  reading: ThreadReading,
): Checked {
  let text = balanceQuotes(post.text.trim());
  if (startsDangling(text)) text = dropConnective(text) ?? text;
  if (!text) return { text, source: post.source, failures: [{ kind: 'empty' }] };
  const failures: CheckFailure[] = [];
  const length = postLength(text);
  if (length > limit) failures.push({ kind: 'too_long', length, limit });
  if (startsDangling(text)) failures.push({ kind: 'dangling', word: text.split(/\s+/)[0]?.replace(/^["“]/, '') ?? '' });
  failures.push(...scanText(text, article, reading.language, reading.translated).unsupported, ...extraCheck(text));
  if (post.source !== undefined && !sourceFound(post.source, article)) {
    failures.push({ kind: 'source', text: post.source.trim() });
  }
  return { text, source: post.source, failures };
}

/** Room the hook has beside its hashtags. */
function hookLimit(hashtags: readonly string[]): number {
  return hashtags.length ? POST_CHAR_LIMIT - postLength(`\n\n${hashtags.join(' ')}`) : POST_CHAR_LIMIT;
}

/**
 * Runs the faithfulness check on the model's thread: each post that fails is named with its
 * failures and asked for again once (one request for all of them); a rewrite that fails again, or
 * never comes, is left out, and the note says which post and why. A failing hook is replaced by the
 * offline writer's; with fewer than two of the model's posts left, the offline thread is used.
 */
export async function checkLlmDraft(
  session: LlmSession,
  offline: DraftThread,
  articleInput: { content: string; byline?: string | null },
  articleText: string,
  extraCheck: ExtraCheck = () => [],
  reading: ThreadReading = {},
): Promise<CheckedDraft> {
  const article = articleReference(articleText);
  const reply: LlmThread = session.reply;
  const firstNames = firstNamesIn(articleInput.content, articleInput.byline);
  const hashtags = reply.hashtags.filter(
    (t) => !hashtagProblem(t.startsWith('#') ? t : `#${t}`, firstNames, reading.language),
  );
  const limitForHook = hookLimit(hashtags.slice(0, 3));

  let hook = checkDraftPost({ text: reply.hook }, limitForHook, article, extraCheck, reading);
  const posts = reply.posts.map((p) => checkDraftPost(p, POST_LIMIT, article, extraCheck, reading));

  const requests: RepairRequest[] = [];
  if (hook.failures.length) requests.push({ target: 'hook', failures: hook.failures });
  posts.forEach((p, i) => {
    if (p.failures.length) requests.push({ target: i + 1, failures: p.failures });
  });

  if (requests.length) {
    const repair = await session.repair(requests);
    if (hook.failures.length && repair?.hook)
      hook = checkDraftPost({ text: repair.hook }, limitForHook, article, extraCheck, reading);
    for (const rewrite of repair?.posts ?? []) {
      const index = rewrite.post - 1;
      if (posts[index]?.failures.length)
        posts[index] = checkDraftPost(rewrite, POST_LIMIT, article, extraCheck, reading);
    }
  }

  const notes: string[] = [];
  if (hook.failures.length) notes.push(llmHookReplaced(hook.failures));
  posts.forEach((p, i) => {
    if (p.failures.length) notes.push(llmPostLeftOut(i + 1, p.failures));
  });

  const locate = passageLocator(articleInput.content);
  const kept: DraftPost[] = posts
    .filter((p) => p.failures.length === 0)
    .map((p) => ({ content: p.text, source: locate(p.source, p.text) }));
  if (kept.length < Math.min(2, reply.posts.length)) {
    return { draft: offline, notes: [...notes, postCheckMessages.llmThreadReplaced] };
  }
  return {
    draft: {
      title: reply.title.trim(),
      hook: hook.failures.length ? offline.hook : { content: hook.text, source: locate(undefined, hook.text) },
      hashtags: hashtags.length ? hashtags : offline.hashtags,
      posts: kept,
    },
    notes,
  };
}
