import { useId, useState } from 'react';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { Thread } from '#shared/schemas/thread';
import { roleAllows, type WorkspaceRole } from '#shared/workspaces/roles';
import { threadVersion } from '#shared/workspaces/thread-version';
import { useToast } from '#web/components/ui/use-toast';
import { ApiError } from '#web/lib/api-client';
import { toastForApiError } from '#web/lib/error-texts';
import { useReviewActions, useThreadReview } from '../api/review';

const texts = workspaceMessages.review;

/**
 * A thread's review in a team workspace: its state, its comments (newest last, each on the thread or
 * one post), and the steps the member's role allows: Send for review (write), Approve and Request
 * changes (review), a comment (comment). An approval is of the thread as shown here: its version is
 * computed from the saved posts, and the server refuses it if the thread changed since.
 */
export function ReviewPanel({ thread, role }: { thread: Thread; role: WorkspaceRole }) {
  const headingId = useId();
  const commentId = useId();
  const targetId = useId();
  const { toast } = useToast();
  const version = threadVersion(thread.posts);
  const review = useThreadReview(thread.id, version, true);
  const actions = useReviewActions(thread.id, version);
  const [text, setText] = useState('');
  const [postId, setPostId] = useState('');
  const busy =
    actions.send.isPending ||
    actions.approve.isPending ||
    actions.requestChanges.isPending ||
    actions.comment.isPending;

  const failed = (error: Error) =>
    toast({
      ...(error instanceof ApiError ? toastForApiError(error) : { ...texts.failed, description: error.message }),
      variant: 'destructive',
    });
  const done = (message: { title: string }) => () => toast({ ...message, variant: 'success' });

  const postNumber = (id: string | null) => (id ? thread.posts.findIndex((post) => post.id === id) + 1 : 0);
  const data = review.data;
  if (review.isError) return <p className="small muted">{texts.loadFailed}</p>;
  if (!data) return null;

  return (
    <section className="card stack review-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.heading}</h2>
      <p>
        <span className="badge badge--info" data-review-state={data.state}>
          {texts.states[data.state]}
        </span>
      </p>
      {data.state === 'approved' && data.approvedBy && data.approvedAt ? (
        <p className="small muted">{texts.approvedBy(data.approvedBy, data.approvedAt.slice(0, 10))}</p>
      ) : null}
      {data.state === 'in_review' && data.sentBy && data.sentAt ? (
        <p className="small muted">{texts.sentBy(data.sentBy, data.sentAt.slice(0, 10))}</p>
      ) : null}
      {data.state === 'draft' && data.approvedVersion ? <p className="small">{texts.editedSinceApproval}</p> : null}

      {data.comments.length === 0 ? (
        <p className="small muted">{texts.noComments}</p>
      ) : (
        <ol className="plain-list stack review-panel__comments" aria-label={texts.commentsLabel}>
          {data.comments.map((comment) => (
            <li key={comment.commentId}>
              <p className="small muted">
                {comment.authorEmail} · {comment.createdAt.slice(0, 16).replace('T', ' ')} ·{' '}
                {comment.postId ? texts.onPost(postNumber(comment.postId)) : texts.onThread}
              </p>
              <p>{comment.text}</p>
            </li>
          ))}
        </ol>
      )}

      {roleAllows(role, 'comment') ? (
        <div className="stack">
          <label htmlFor={targetId}>{texts.commentOn}</label>
          <select id={targetId} value={postId} onChange={(event) => setPostId(event.target.value)}>
            <option value="">{texts.wholeThread}</option>
            {thread.posts.map((post, index) => (
              <option key={post.id} value={post.id}>
                {texts.postOption(index + 1)}
              </option>
            ))}
          </select>
          <label htmlFor={commentId}>{texts.commentLabel}</label>
          <textarea
            id={commentId}
            rows={3}
            maxLength={2_000}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {roleAllows(role, 'review') ? <p className="small muted">{texts.requestChangesHint}</p> : null}
        </div>
      ) : null}

      <div className="row">
        {roleAllows(role, 'comment') ? (
          <button
            type="button"
            className="button"
            disabled={busy || !text.trim()}
            onClick={() =>
              actions.comment.mutate(
                { text: text.trim(), ...(postId ? { postId } : {}) },
                {
                  onSuccess: () => {
                    setText('');
                    done(texts.commented)();
                  },
                  onError: failed,
                },
              )
            }
          >
            {texts.addComment}
          </button>
        ) : null}
        {roleAllows(role, 'write') ? (
          <button
            type="button"
            className="button"
            disabled={busy || data.approved || (data.state === 'in_review' && data.sentVersion === version)}
            onClick={() => actions.send.mutate(undefined, { onSuccess: done(texts.sent), onError: failed })}
          >
            {texts.sendForReview}
          </button>
        ) : null}
        {roleAllows(role, 'review') ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || data.approved}
              onClick={() =>
                actions.approve.mutate(undefined, { onSuccess: done(texts.approvedToast), onError: failed })
              }
            >
              {texts.approve}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy || !text.trim()}
              onClick={() =>
                actions.requestChanges.mutate(text.trim(), {
                  onSuccess: () => {
                    setText('');
                    done(texts.changesRequested)();
                  },
                  onError: failed,
                })
              }
            >
              {texts.requestChanges}
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
