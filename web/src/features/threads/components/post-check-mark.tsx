import { checkItemText, postCheckFound, postCheckMessages } from '#shared/messages/post-check';
import type { PostCheck } from '#shared/schemas/thread';

/**
 * A post's check against the article, under its text: 'Checked against the source' (what was found
 * in the tooltip), 'Not found in the article:' with each failing item, or 'Edited, not checked…'.
 * Nothing for a post without a check (the attribution, threads from before checks).
 */
export function PostCheckMark({ check }: { check: PostCheck | undefined }) {
  if (!check) return null;
  if (check.status === 'edited') {
    return (
      <p className="post-check post-check--edited" data-testid="post-check">
        {postCheckMessages.edited}
      </p>
    );
  }
  if (check.status === 'checked') {
    return (
      <p
        className="post-check post-check--checked"
        data-testid="post-check"
        title={check.found ? postCheckFound(check.found) : undefined}
      >
        <span aria-hidden="true">✓ </span>
        {postCheckMessages.checked}
      </p>
    );
  }
  return (
    <p className="post-check post-check--failed" data-testid="post-check">
      <span aria-hidden="true">⚠ </span>
      {postCheckMessages.notFound} {(check.missing ?? []).map(checkItemText).join(', ')}
    </p>
  );
}
