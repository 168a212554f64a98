import { authorPostMessages, quotingAuthorPost } from '#shared/messages/author-posts';
import type { AuthorPost } from '#shared/publishing/author-post';
import type { Platform } from '#shared/schemas/thread';
import type { useAuthorQuotes } from '../hooks/use-author-quotes';

const POSTED_ON = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export interface AuthorQuoteFieldProps {
  post: AuthorPost;
  quoting: boolean;
  onQuotingChange: (quoting: boolean) => void;
}

/** 'Quoting {author}'s post from {date}' with the post's excerpt, and the switch to credit without it. */
export function AuthorQuoteField({ post, quoting, onQuotingChange }: AuthorQuoteFieldProps) {
  return (
    <div className="field">
      <label className="small">
        <input type="checkbox" checked={quoting} onChange={(event) => onQuotingChange(event.target.checked)} />{' '}
        {authorPostMessages.quoteToggle}
      </label>
      {quoting ? (
        <p className="small">
          <a href={post.url} target="_blank" rel="noreferrer">
            {quotingAuthorPost(post.authorHandle, POSTED_ON.format(new Date(post.createdAt)))}
          </a>
          : {post.excerpt}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A platform's quote choice on a share view: the author's post found there, or, where nothing was
 * looked for for a reason the curator can change (X with billed reads off), what to turn on.
 */
export function AuthorQuoteChoice({
  quotes,
  platform,
}: {
  quotes: ReturnType<typeof useAuthorQuotes>;
  platform: Platform;
}) {
  const field = quotes.fieldFor(platform);
  if (field) return <AuthorQuoteField {...field} />;
  const hint = quotes.unsearchedHintFor(platform);
  return hint ? <p className="small">{hint}</p> : null;
}
