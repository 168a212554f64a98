import { describe, expect, it } from 'vitest';
import { checkAfterEdit, parsePostCheck } from '#shared/post-check';
import { normalizePosts } from '#shared/posts';
import { postSchema } from '#shared/schemas/thread';

const checked = { status: 'checked', found: { numbers: 2, quotes: 0, names: 1 } } as const;
const post = { id: 'post-1', content: '1/ Bills fell by 31 percent.', charCount: 28, check: checked };

describe('post checks', () => {
  it('keep the check of a post saved unchanged, and mark changed or new text as edited', () => {
    expect(checkAfterEdit(post, post.content)).toEqual(checked);
    expect(checkAfterEdit(post, '1/ Bills fell by a third.')).toEqual({ status: 'edited' });
    expect(checkAfterEdit(undefined, 'A post the curator added.')).toEqual({ status: 'edited' });
    // The attribution has no check and keeps none.
    expect(checkAfterEdit({ id: 'post-2', content: 'Thread created by …', charCount: 20 }, 'Thread created by …')).toBe(
      undefined,
    );
  });

  it('read back from storage: a valid check kept, a malformed one dropped, older posts without one', () => {
    const failed = {
      status: 'failed',
      missing: [
        { kind: 'number', text: '47%' },
        { kind: 'colour', text: 'x' },
      ],
    };

    expect(parsePostCheck(checked)).toEqual(checked);
    expect(parsePostCheck(failed)).toEqual({ status: 'failed', missing: [{ kind: 'number', text: '47%' }] });
    expect(parsePostCheck({ status: 'verified' })).toBeUndefined();
    expect(normalizePosts([post, { id: 'post-0', content: 'Old' }])).toEqual([
      post,
      { id: 'post-0', content: 'Old', charCount: 3 },
    ]);
  });

  it('are optional in the post schema, so threads from before them still parse', () => {
    expect(postSchema.safeParse({ id: 'post-0', content: 'Old', charCount: 3 }).success).toBe(true);
    expect(postSchema.safeParse(post).success).toBe(true);
    expect(postSchema.safeParse({ ...post, check: { status: 'maybe' } }).success).toBe(false);
  });
});
