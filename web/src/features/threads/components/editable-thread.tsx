import { threadMessages } from '#shared/messages/threads';
import type { useThreadEditing } from '../hooks/use-thread-editing';
import { ThreadPreviewCard } from './thread-preview-card';

/** The editable Thread Preview wired to its editing state, with which posts are over their limit. */
export function EditableThread({ editing }: { editing: ReturnType<typeof useThreadEditing> }) {
  const { posts, editingIndex, saving, overLimit } = editing;
  return (
    <>
      <ThreadPreviewCard
        posts={posts}
        editingIndex={editingIndex}
        saving={saving}
        onEdit={editing.startEdit}
        onSave={(index, content) => void editing.savePost(index, content)}
        onCancelEdit={editing.cancelEdit}
        onAttributionProtected={editing.protectAttribution}
        threadId={editing.threadId}
        onMediaChange={editing.updatePostMedia}
        savedMediaIds={editing.savedMediaIds}
        quoteCardPassage={editing.quoteCardPassageOf}
        articlePicture={editing.articlePicture}
        suggestedQuoteCardPostId={editing.suggestedQuoteCardPostId}
      />
      {overLimit.length > 0 ? (
        <p className="notice notice--error" role="alert">
          {threadMessages.overLimit}{' '}
          <span className="small">
            ({overLimit.map((post) => `post ${post.index + 1}: ${post.over} over`).join(', ')})
          </span>
        </p>
      ) : null}
    </>
  );
}
