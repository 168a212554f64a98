import { type PointerEvent, type ReactNode, useEffect, useReducer, useRef } from 'react';
import { copyAllText, postCopyText } from '#shared/copy';
import { threadMessages } from '#shared/messages/threads';
import type { Post } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { initialManualShare, isAllCopied, manualShareReducer } from '../lib/manual-share';
import { PostEditor } from './post-editor';
import '../threads.css';

/** A horizontal swipe longer than this moves to the next or previous post. */
const SWIPE_THRESHOLD_PX = 50;

/** Inline editing in the carousel (the manual share page): every post but the last (the attribution). */
export interface CarouselEditing {
  editingIndex: number | null;
  saving: boolean;
  onEdit: (index: number) => void;
  onSave: (index: number, content: string) => void;
  onCancel: (index: number) => void;
}

interface ManualShareCarouselProps {
  posts: readonly Post[];
  /** Changes whenever the carousel should start over (the dialog opening). */
  resetKey?: unknown;
  editing?: CarouselEditing;
  /** Buttons after Copy All (the dialog's Done). */
  actions?: ReactNode;
}

/**
 * Manual sharing, post by post: each post is copied without its numbering (and shortened to the
 * Twitter limit with a warning when needed), or all at once; copied posts are ticked.
 */
export function ManualShareCarousel({ posts, resetKey, editing, actions }: ManualShareCarouselProps) {
  const { toast } = useToast();
  const [state, dispatch] = useReducer(manualShareReducer, posts.length, initialManualShare);
  const swipeStart = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the signal to start over.
  useEffect(() => {
    dispatch({ type: 'opened', postCount: posts.length });
  }, [resetKey, posts.length]);

  const post = posts[state.index];
  const allCopied = isAllCopied(state);
  const isAttribution = state.index === posts.length - 1;
  const editingThis = editing?.editingIndex === state.index;

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
    if (swipeStart.current === null || editingThis) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance <= -SWIPE_THRESHOLD_PX) dispatch({ type: 'next' });
    else if (distance >= SWIPE_THRESHOLD_PX) dispatch({ type: 'previous' });
  };

  if (!post) return <p className="muted">{threadMessages.noPostsInThread}</p>;
  const moving = editing?.editingIndex !== null && editing?.editingIndex !== undefined;

  return (
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
        {editing && editingThis ? (
          <PostEditor
            initialContent={post.content}
            position={state.index + 1}
            total={posts.length}
            saving={editing.saving}
            onSave={(content) => editing.onSave(state.index, content)}
            onCancel={() => editing.onCancel(state.index)}
          />
        ) : (
          <p className="manual-share__text">{postCopyText(post.content).text}</p>
        )}
        {state.copied[state.index] ? <span className="badge badge--good">Copied</span> : null}
        {editing && !isAttribution && !editingThis ? (
          <button
            type="button"
            className="button button--small"
            disabled={moving}
            onClick={() => editing.onEdit(state.index)}
          >
            Edit
          </button>
        ) : null}
      </div>
      <p className="manual-share__swipe-hint small muted">Swipe left or right to move between posts.</p>
      <div className="manual-share__actions">
        <button
          type="button"
          className="button"
          disabled={state.index === 0 || moving}
          onClick={() => dispatch({ type: 'previous' })}
        >
          Previous
        </button>
        <button type="button" className="button button--primary" disabled={moving} onClick={() => void copyPost()}>
          Copy Post
        </button>
        <button
          type="button"
          className="button"
          disabled={state.index >= posts.length - 1 || moving}
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
        <button type="button" className="button" disabled={moving} onClick={() => void copyAll()}>
          Copy All
        </button>
        {actions}
      </div>
    </>
  );
}
