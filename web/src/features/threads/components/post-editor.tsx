import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { threadMessages } from '#shared/messages/threads';
import { charactersOver } from '#shared/post-length';
import { Dialog } from '#web/components/ui/dialog';
import { wordCount } from '../lib/post-display';
import { PostCharCount } from './post-char-count';
import '../threads.css';

interface PostEditorProps {
  /** The post's saved text; the draft starts from it. */
  initialContent: string;
  /** 1-based position, for the label. */
  position: number;
  total: number;
  /** True while the parent checks and saves the draft. */
  saving: boolean;
  /** Called with the draft on Save or Ctrl/Cmd+Enter; the parent closes the editor when it is saved. */
  onSave: (content: string) => void;
  /** Called on Cancel or Esc once no unsaved change would be lost. */
  onCancel: () => void;
}

/**
 * The inline editor of one post: Editing Mode badge, word count, character badge, Save and Cancel.
 * Ctrl/Cmd+Enter saves, Esc cancels; cancelling with unsaved changes asks before discarding them.
 * A draft over the 280 limit cannot be saved.
 */
export function PostEditor({ initialContent, position, total, saving, onSave, onCancel }: PostEditorProps) {
  const [draft, setDraft] = useState(initialContent);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const limitId = useId();

  const dirty = draft !== initialContent;
  const overLimit = charactersOver(draft) > 0;
  const words = wordCount(draft);

  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  const save = () => {
    if (saving || overLimit) return;
    onSave(draft);
  };

  const cancel = () => {
    if (saving) return;
    if (dirty) setConfirmingDiscard(true);
    else onCancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  return (
    <div className="post-editor">
      <div className="post-editor__top">
        <span className="badge badge--editing">Editing Mode</span>
        <span id={labelId} className="small muted">
          Post {position} of {total}
        </span>
      </div>
      <textarea
        ref={textareaRef}
        className="post-editor__input"
        aria-labelledby={labelId}
        aria-describedby={overLimit ? limitId : undefined}
        aria-invalid={overLimit || undefined}
        value={draft}
        rows={5}
        disabled={saving}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="post-editor__stats">
        <span className="small muted">
          {words} {words === 1 ? 'word' : 'words'}
        </span>
        <PostCharCount content={draft} className="badge" />
      </div>
      {overLimit ? (
        <p id={limitId} className="notice notice--error small" role="alert">
          {threadMessages.overLimit}
        </p>
      ) : null}
      <div className="post-editor__actions">
        <span className="small muted post-editor__hint">Ctrl/⌘ + Enter to save · Esc to cancel</span>
        <button type="button" className="button button--small" onClick={cancel} disabled={saving}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--small button--primary"
          onClick={save}
          disabled={saving || overLimit}
        >
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      <Dialog
        open={confirmingDiscard}
        onClose={() => setConfirmingDiscard(false)}
        title="Discard Changes?"
        description="You have unsaved changes to this post. Discard them?"
        initialFocusRef={keepEditingRef}
      >
        <div className="dialog__actions">
          <button ref={keepEditingRef} type="button" className="button" onClick={() => setConfirmingDiscard(false)}>
            Keep Editing
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              setConfirmingDiscard(false);
              onCancel();
            }}
          >
            Discard Changes
          </button>
        </div>
      </Dialog>
    </div>
  );
}
