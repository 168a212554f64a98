import { type ClipboardEvent, type DragEvent, lazy, Suspense, useRef, useState } from 'react';
import type { PostMedia } from '#shared/schemas/media';
import type { Post } from '#shared/schemas/thread';
import { HeartIcon, LockIcon, ReplyIcon, RepostIcon } from '#web/components/ui/icons';
import { compactCount, engagementCounts } from '../lib/post-display';
import { PostCharCount } from './post-char-count';
import { PostCheckMark } from './post-check-mark';
import { PostEditor } from './post-editor';
import type { PostMediaEditorHandle } from './post-media-editor';
import '../threads.css';
import type { ArticlePictureOffer } from '#shared/article-image';

// The picture editor is loaded on its own, so a thread's first load carries only its text.
const PostMediaEditor = lazy(async () => ({
  default: (await import('./post-media-editor')).PostMediaEditor,
}));

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
  threadId: string;
  /** Applies a change to one post's pictures. */
  onMediaChange: (postId: string, update: (media: readonly PostMedia[]) => PostMedia[]) => void;
  /** Pictures the saved thread refers to (removing one does not delete its file). */
  savedMediaIds: ReadonlySet<string>;
  /**
   * The passage a quote card of the post would show, or null when its source allows none
   * (`quoteCardPassage` of shared/quote-card.ts); without it no post offers a quote card.
   */
  quoteCardPassage?: (post: Post) => string | null;
  /** The article's own picture, offered on the first post (absent: not offered). */
  articlePicture?: ArticlePictureOffer;
  /** The post the writer suggests a quote card for. */
  suggestedQuoteCardPostId?: string | null;
}

/** The files a drop or a paste carries, or none when it carries only text. */
function filesOf(transfer: DataTransfer | null): File[] {
  return transfer ? [...transfer.files] : [];
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
  threadId,
  onMediaChange,
  savedMediaIds,
  quoteCardPassage,
  articlePicture,
  suggestedQuoteCardPostId,
}: ThreadPreviewCardProps) {
  const total = posts.length;
  const mediaEditors = useRef(new Map<string, PostMediaEditorHandle>());
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  // Images dropped on or pasted into a body post go to that post's picture editor.
  const takeFiles = (postId: string, files: File[], event: DragEvent | ClipboardEvent) => {
    if (files.length === 0) return;
    event.preventDefault();
    mediaEditors.current.get(postId)?.addFiles(files);
  };
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
            <li
              key={post.id}
              className={`post${editing ? ' post--editing' : ''}${dropTarget === post.id ? ' post--dropping' : ''}`}
              data-testid="thread-post"
              {...(isAttribution
                ? {}
                : {
                    onDragOver: (event: DragEvent) => {
                      if (!event.dataTransfer.types.includes('Files')) return;
                      event.preventDefault();
                      setDropTarget(post.id);
                    },
                    onDragLeave: () => setDropTarget(null),
                    onDrop: (event: DragEvent) => {
                      setDropTarget(null);
                      takeFiles(post.id, filesOf(event.dataTransfer), event);
                    },
                    onPaste: (event: ClipboardEvent) => takeFiles(post.id, filesOf(event.clipboardData), event),
                  })}
            >
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
                {isAttribution ? null : (
                  <Suspense fallback={null}>
                    <PostMediaEditor
                      ref={(handle) => {
                        if (handle) mediaEditors.current.set(post.id, handle);
                        else mediaEditors.current.delete(post.id);
                      }}
                      threadId={threadId}
                      postId={post.id}
                      postNumber={index + 1}
                      media={post.media ?? []}
                      onChange={(update) => onMediaChange(post.id, update)}
                      savedMediaIds={savedMediaIds}
                      quoteCardPassage={quoteCardPassage?.(post) ?? null}
                      quoteCardSuggested={post.id === suggestedQuoteCardPostId}
                      articlePicture={index === 0 ? (articlePicture ?? null) : null}
                      disabled={saving}
                    />
                  </Suspense>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
