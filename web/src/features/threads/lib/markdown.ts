import { stripTrailingNumbering } from '#shared/copy';
import type { Thread } from '#shared/schemas/thread';

/** Markdown special characters escaped so a title or name reads as plain text. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]#<>|])/g, '\\$1');
}

/**
 * The thread as a Markdown document (export): the title, the source link (with the author's name
 * when the article had one) and the posts as a numbered list, without their own numbering.
 */
export function threadToMarkdown(thread: Pick<Thread, 'title' | 'sourceUrl' | 'author' | 'posts'>): string {
  const source = thread.author
    ? `Source: [${escapeMarkdown(thread.author)}](<${thread.sourceUrl}>)`
    : `Source: <${thread.sourceUrl}>`;
  const posts = thread.posts.map(
    (post, index) => `${index + 1}. ${stripTrailingNumbering(post.content).replace(/\n/g, '\n   ')}`,
  );
  return [`# ${escapeMarkdown(thread.title)}`, '', source, '', ...posts, ''].join('\n');
}

/** A file name for the download: the title in lower-case words joined by dashes. */
export function markdownFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'thread'}.md`;
}
