import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { workspaceMessages } from '#shared/messages/workspaces';
import { platformDisplayName } from '#shared/platforms';
import type { ClientReview } from '#shared/schemas/review-link';
import { LoadingState } from '#web/components/ui/loading-state';
import { ApiError } from '#web/lib/api-client';
import { useClientDecision, useClientReview } from '../api/review-links';
import '../review.css';

const texts = workspaceMessages.reviewLink.page;

/**
 * /review/:token, signed out: what a client sees of a review link: the thread as it will post on each
 * chosen platform, each post beside the source passages (linked into the article) and checks of the
 * thread's posts it carries, and one decision. A link that is unknown,
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
      {data.platforms.map((version) => (
        <PlatformVersion
          key={`${version.platform}#${version.account?.id ?? ''}`}
          version={version}
          posts={data.posts}
        />
      ))}
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

type SourcePost = ClientReview['posts'][number];

/**
 * One platform's section ('On Mastodon'), or one account's ('On Mastodon as @news@social.example'): its
 * posts as published there, in order, each beside the evidence of what it carries.
 */
function PlatformVersion({ version, posts }: { version: ClientReview['platforms'][number]; posts: SourcePost[] }) {
  const headingId = useId();
  const name = platformDisplayName(version.platform);
  return (
    <section
      className="stack"
      aria-labelledby={headingId}
      data-platform={version.platform}
      data-account={version.account?.id}
    >
      <h2 id={headingId}>
        {version.account ? texts.onPlatformAs(name, version.account.name) : texts.onPlatform(name)}
      </h2>
      <ol className="plain-list stack">
        {version.posts.map((post, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a platform's posts have no id; their order is fixed per version
          <li key={index} className="card stack">
            <h3 className="small muted">{texts.platformPostLabel(name, index + 1, version.posts.length)}</h3>
            <p className="client-review__text">{post.text}</p>
            {post.postIds.length === 0 ? <p className="small muted">{texts.continued}</p> : null}
            {post.postIds.map((postId) => {
              const at = posts.findIndex((source) => source.id === postId);
              return at < 0 ? null : <SourceEvidence key={postId} post={posts[at]!} number={at + 1} />;
            })}
          </li>
        ))}
      </ol>
      {version.firstComment ? (
        <div className="card stack">
          <h3 className="small muted">{texts.firstComment}</h3>
          <p className="client-review__text">{version.firstComment}</p>
        </div>
      ) : null}
    </section>
  );
}

/** A thread post's passage (with its link into the article) and its check mark. */
function SourceEvidence({ post, number }: { post: SourcePost; number: number }) {
  return (
    <div className="stack" data-source-post={post.id}>
      <p className="small muted">{texts.fromPost(number)}</p>
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
    </div>
  );
}
