import { authorPostMessages, quotingAuthorPost } from '#shared/messages/author-posts';
import type { AuthorPost } from '#shared/publishing/author-post';

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
