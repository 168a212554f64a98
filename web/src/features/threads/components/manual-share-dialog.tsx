import { type PointerEvent, useEffect, useReducer, useRef } from 'react';
import { copyAllText, postCopyText } from '../../../../../shared/copy';
import { threadMessages } from '../../../../../shared/messages';
import type { Post } from '../../../../../shared/schemas/thread';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/use-toast';
import { initialManualShare, isAllCopied, manualShareReducer } from '../lib/manual-share';

/** A horizontal swipe longer than this moves to the next or previous post. */
const SWIPE_THRESHOLD_PX = 50;

interface ManualShareDialogProps {
  open: boolean;
  posts: readonly Post[];
  onClose: () => void;
}

/**
 * Manual sharing, post by post: each post is copied without its numbering (and shortened to the
 * Twitter limit with a warning when needed), or all at once; copied posts are ticked.
 */
export function ManualShareDialog({ open, posts, onClose }: ManualShareDialogProps) {
  const { toast } = useToast();
  const [state, dispatch] = useReducer(manualShareReducer, posts.length, initialManualShare);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (open) dispatch({ type: 'opened', postCount: posts.length });
  }, [open, posts.length]);

  const post = posts[state.index];
  const allCopied = isAllCopied(state);

  const copy = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      toast({ ...threadMessages.copyFailed, variant: 'destructive' });
      return false;
    }
  };

  const copyPost = async () => {
    if (!post) return;
    const { text, truncated } = postCopyText(post.content);
    if (!(await copy(text))) return;
    dispatch({ type: 'postCopied', index: state.index });
    toast(
      truncated
        ? {
            ...threadMessages.postCopied,
            description: 'This post was over the 280-character limit, so the copy was shortened to fit.',
            variant: 'warning',
          }
        : { ...threadMessages.postCopied, variant: 'success' },
    );
  };

  const copyAll = async () => {
    if (!(await copy(copyAllText(posts)))) return;
    dispatch({ type: 'allCopied' });
    toast({ ...threadMessages.allPostsCopied, variant: 'success' });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance <= -SWIPE_THRESHOLD_PX) dispatch({ type: 'next' });
    else if (distance >= SWIPE_THRESHOLD_PX) dispatch({ type: 'previous' });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share Manually"
      description="Copy each post, then paste it anywhere: post them in order to keep the thread together."
      className="dialog--wide manual-share create-dialog"
    >
      {post ? (
        <>
          <div className="manual-share__progress">
            <span>
              Post {state.index + 1} of {posts.length}
            </span>
            <span className="manual-share__dots" aria-hidden="true">
              {state.copied.map((copied, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position, in order.
                  key={index}
                  className={`manual-share__dot${copied ? ' manual-share__dot--copied' : ''}${index === state.index ? ' manual-share__dot--current' : ''}`}
                />
              ))}
            </span>
          </div>
          <div
            className="manual-share__post"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
          >
            <p className="manual-share__text">{postCopyText(post.content).text}</p>
            {state.copied[state.index] ? <span className="badge badge--good">Copied</span> : null}
          </div>
          <p className="manual-share__swipe-hint small muted">Swipe left or right to move between posts.</p>
          <div className="manual-share__actions">
            <button
              type="button"
              className="button"
              disabled={state.index === 0}
              onClick={() => dispatch({ type: 'previous' })}
            >
              Previous
            </button>
            <button type="button" className="button button--primary" onClick={() => void copyPost()}>
              Copy Post
            </button>
            <button
              type="button"
              className="button"
              disabled={state.index >= posts.length - 1}
              onClick={() => dispatch({ type: 'next' })}
            >
              Next
            </button>
          </div>
          <div className="dialog__actions">
            {allCopied ? (
              <span className="small manual-share__done" role="status">
                ✓ All posts copied
              </span>
            ) : null}
            <button type="button" className="button" onClick={() => void copyAll()}>
              Copy All
            </button>
            <button type="button" className="button button--primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <p className="muted">{threadMessages.noPostsInThread}</p>
      )}
    </Dialog>
  );
}
