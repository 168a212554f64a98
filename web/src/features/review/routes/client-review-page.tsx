import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { workspaceMessages } from '#shared/messages/workspaces';
import { LoadingState } from '#web/components/ui/loading-state';
import { ApiError } from '#web/lib/api-client';
import { useClientDecision, useClientReview } from '../api/review-links';

const texts = workspaceMessages.reviewLink.page;

/**
 * /review/:token, signed out: what a client sees of a review link: each post beside its source
 * passage (linked into the article) and its check, and one decision. A link that is unknown,
 * expired, revoked or outdated shows the server's text for it; a used one shows the decision given.
 */
export function ClientReviewPage() {
  const { token = '' } = useParams();
  const review = useClientReview(token);
  const decide = useClientDecision(token);
  const nameId = useId();
  const commentId = useId();
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');

  if (review.isPending) return <LoadingState>{texts.loading}</LoadingState>;
  if (review.isError)
    return (
      <section className="page stack">
        <h1>{texts.heading}</h1>
        <p role="alert" data-code={review.error instanceof ApiError ? review.error.code : undefined}>
          {review.error.message}
        </p>
      </section>
    );
  const data = review.data;
  const send = (decision: 'approve' | 'request_changes') =>
    decide.mutate({
      decision,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });

  return (
    <section className="page stack client-review">
      <h1>{texts.heading}</h1>
      <p>{texts.intro(data.title)}</p>
      <p className="small">
        {texts.article}:{' '}
        <a href={data.article.url} rel="noopener noreferrer" target="_blank">
          {data.article.title}
        </a>
        {data.article.author ? ` ${texts.by(data.article.author)}` : ''}
      </p>
      <ol className="plain-list stack">
        {data.posts.map((post, index) => (
          <li key={post.id} className="card stack">
            <h2 className="small muted">{texts.postLabel(index + 1)}</h2>
            <p>{post.text}</p>
            {post.source ? (
              <blockquote className="small">
                <span className="muted">{texts.passage}: </span>
                {post.source}
                {post.sourceUrl ? (
                  <>
                    {' '}
                    <a href={post.sourceUrl} rel="noopener noreferrer" target="_blank">
                      {texts.openPassage}
                    </a>
                  </>
                ) : null}
              </blockquote>
            ) : (
              <p className="small muted">{texts.noPassage}</p>
            )}
            <p className="small" data-check={post.check?.status ?? 'none'}>
              {post.check ? texts.checks[post.check.status] : texts.noCheck}
            </p>
          </li>
        ))}
      </ol>
      {data.state === 'used' ? (
        <p role="status">{data.decision === 'approve' ? texts.approvedDone : texts.changesDone}</p>
      ) : (
        <div className="card stack">
          <p className="small muted">{texts.validUntil(data.expiresAt.slice(0, 10))}</p>
          <label htmlFor={nameId}>{texts.nameLabel}</label>
          <input id={nameId} maxLength={80} value={name} onChange={(event) => setName(event.target.value)} />
          <label htmlFor={commentId}>{texts.commentLabel}</label>
          <textarea
            id={commentId}
            rows={3}
            maxLength={2_000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          {decide.isError ? <p role="alert">{decide.error.message}</p> : null}
          <div className="row">
            <button
              type="button"
              className="button button--primary"
              disabled={decide.isPending}
              onClick={() => send('approve')}
            >
              {decide.isPending ? texts.sending : texts.approve}
            </button>
            <button
              type="button"
              className="button"
              disabled={decide.isPending || !comment.trim()}
              onClick={() => send('request_changes')}
            >
              {texts.requestChanges}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
