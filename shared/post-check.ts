// Type-only: the browser imports this module, and the zod schemas would add their weight to it.
import type { CheckItemKind, Post, PostCheck } from './schemas/thread';

/** What the check against the article looks for in a post: numbers, quotations, names, and the cited source passage. */
export const CHECK_ITEM_KINDS = ['number', 'quote', 'name', 'source'] as const;
/** 'checked': all found; 'failed': something was not; 'edited': changed by the curator after the check. */
export const CHECK_STATUSES = ['checked', 'failed', 'edited'] as const;

/** A non-negative integer (a count as stored). */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** A stored post check, or undefined when it is missing or not one (the post then shows no mark). */
export function parsePostCheck(raw: unknown): PostCheck | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { status, found, missing } = raw as Record<string, unknown>;
  if (!CHECK_STATUSES.includes(status as PostCheck['status'])) return undefined;
  const check: PostCheck = { status: status as PostCheck['status'] };
  if (typeof found === 'object' && found !== null) {
    const { numbers, quotes, names } = found as Record<string, unknown>;
    if (isCount(numbers) && isCount(quotes) && isCount(names)) check.found = { numbers, quotes, names };
  }
  if (Array.isArray(missing)) {
    check.missing = missing.flatMap((item: unknown) => {
      const { kind, text } = (item ?? {}) as Record<string, unknown>;
      return CHECK_ITEM_KINDS.includes(kind as CheckItemKind) && typeof text === 'string'
        ? [{ kind: kind as CheckItemKind, text }]
        : [];
    });
  }
  return check;
}

/**
 * The check a post carries after the curator saves `content` in it: unchanged text keeps its check
 * (none on the attribution); changed or new text is 'edited'. The article is not kept with the
 * thread, so an edit cannot be checked again, and a mark that still said 'checked' would be a claim
 * nobody verified.
 */
export function checkAfterEdit(previous: Post | undefined, content: string): PostCheck | undefined {
  if (previous && previous.content === content) return previous.check;
  return { status: 'edited' };
}
