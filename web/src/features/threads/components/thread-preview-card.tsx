import type { Post } from '#shared/schemas/thread';
import { HeartIcon, LockIcon, ReplyIcon, RepostIcon } from '#web/components/ui/icons';
import { compactCount, engagementCounts } from '../lib/post-display';
import { PostCharCount } from './post-char-count';
import { PostCheckMark } from './post-check-mark';
import { PostEditor } from './post-editor';
import '../threads.css';

interface ThreadPreviewCardProps {
  posts: readonly Post[];
  /** Index of the post open in the editor, or null. */
  editingIndex: number | null;
  saving: boolean;
  onEdit: (index: number) => void;
  onSave: (index: number, content: string) => void;
  onCancelEdit: (index: number) => void;
  /** The attribution (last) post cannot be edited: explains why. */
  onAttributionProtected: () => void;
}

/** The thread as it will read: each post with index/total, its count out of 280, edit and engagement. */
export function ThreadPreviewCard({
  posts,
  editingIndex,
  saving,
  onEdit,
  onSave,
  onCancelEdit,
  onAttributionProtected,
}: ThreadPreviewCardProps) {
  const total = posts.length;
  return (
    <section className="card thread-preview" aria-labelledby="thread-preview-heading">
      <div className="thread-preview__header">
        <h2 id="thread-preview-heading">Thread Preview</h2>
        <span className="small muted">
          {total} {total === 1 ? 'post' : 'posts'}
        </span>
      </div>
      <ol className="thread-preview__list">
        {posts.map((post, index) => {
          const isAttribution = index === total - 1;
          const editing = editingIndex === index;
          const counts = engagementCounts(post.id);
          return (
            <li key={post.id} className={`post${editing ? ' post--editing' : ''}`} data-testid="thread-post">
              <div className="post__rail" aria-hidden="true">
                <span className="post__avatar">TS</span>
                {isAttribution ? null : <span className="post__line" />}
              </div>
              <div className="post__body">
                <div className="post__meta">
                  <strong>ThreadSnip</strong>
                  <span className="muted">@curator</span>
                  <span className="post__index">
                    {index + 1}/{total}
                  </span>
                </div>
                {editing ? (
                  <PostEditor
                    initialContent={post.content}
                    position={index + 1}
                    total={total}
                    saving={saving}
                    onSave={(content) => onSave(index, content)}
                    onCancel={() => onCancelEdit(index)}
                  />
                ) : (
                  <>
                    <p className="post__text">
                      {post.content || <span className="muted">Empty post: edit it to add text.</span>}
                    </p>
                    <PostCheckMark check={post.check} />
                    <div className="post__footer">
                      <PostCharCount content={post.content} />
                      {isAttribution ? (
                        <button
                          type="button"
                          className="button button--small button--ghost"
                          title="The attribution post cannot be edited to ensure proper credit to the original author."
                          onClick={onAttributionProtected}
                        >
                          <LockIcon /> Attribution Protected
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button--small button--ghost"
                          aria-label={`Edit post ${index + 1}`}
                          disabled={editingIndex !== null}
                          onClick={() => onEdit(index)}
                        >
                          ✎ Edit
                        </button>
                      )}
                    </div>
                    <ul className="post__engagement" aria-label="Sample engagement (not real data)">
                      <li title="Replies">
                        <ReplyIcon /> {compactCount(counts.replies)}
                      </li>
                      <li title="Reposts">
                        <RepostIcon /> {compactCount(counts.reposts)}
                      </li>
                      <li title="Likes">
                        <HeartIcon /> {compactCount(counts.likes)}
                      </li>
                    </ul>
                    {post.source ? (
                      <details className="post__source">
                        <summary title={post.source}>Source passage</summary>
                        <blockquote>{post.source}</blockquote>
                      </details>
                    ) : null}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
