import { useState } from 'react';
import { hallucinationBannerTitle } from '#shared/messages/generation';
import type { Thread } from '#shared/schemas/thread';
import { EditableThread } from '../../threads/components/editable-thread';
import { ManualShareDialog } from '../../threads/components/manual-share-dialog';
import { SensitiveContentBanner } from '../../threads/components/sensitive-categories';
import { ShortQuoteBadge } from '../../threads/components/short-quote-badge';
import { ThreadLanguageNote } from '../../threads/components/thread-language-note';
import { useThreadEditing } from '../../threads/hooks/use-thread-editing';
import { ExtractedContentDialog } from './extracted-content-dialog';

interface PreviewStepProps {
  thread: Thread;
  /** True while a generation (this thread's regeneration) runs. */
  busy: boolean;
  onRegenerate: () => void;
  onBackToInput: () => void;
  /** Save & Continue goes on to the share step; without it, the Manual Share dialog opens. */
  onContinue?: () => void;
}

/** The preview step: banners, the editable Thread Preview, Save & Continue, Add Post, Regenerate, themes and links. */
export function PreviewStep({ thread, busy, onRegenerate, onBackToInput, onContinue }: PreviewStepProps) {
  const editing = useThreadEditing(thread);
  const [sharing, setSharing] = useState(false);
  const [viewingExtraction, setViewingExtraction] = useState(false);
  const { posts, editingIndex, saving, overLimit } = editing;

  if (posts.length === 0) {
    return (
      <section className="card create-card empty-state" aria-labelledby="no-content-heading">
        <h2 id="no-content-heading">No Thread Content</h2>
        <p className="muted">This thread has no posts. Start again from an article link.</p>
        <button type="button" className="button button--primary" onClick={onBackToInput}>
          Back to Start
        </button>
      </section>
    );
  }

  const riskTitle = thread.hallucination ? hallucinationBannerTitle(thread.hallucination.risk) : null;
  const themes = thread.themes.length > 0 ? thread.themes : ['general'];
  const locked = busy || saving || editingIndex !== null;

  return (
    <div className="preview">
      <div className="preview__main">
        <ShortQuoteBadge rights={thread.rights} explain />
        <SensitiveContentBanner thread={thread} />
        {riskTitle && thread.hallucination ? (
          <div
            className={`banner ${thread.hallucination.risk === 'high' ? 'banner--danger' : 'banner--warning'}`}
            role="status"
          >
            <strong>{riskTitle}</strong>
            <p>{thread.hallucination.reason}</p>
            <p className="small">Check each post against its source passage before sharing.</p>
          </div>
        ) : null}

        <ThreadLanguageNote thread={thread} />
        <EditableThread editing={editing} />

        <div className="preview__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={locked || overLimit.length > 0}
            onClick={async () => {
              if (!(await editing.saveAndContinue())) return;
              if (onContinue) onContinue();
              else setSharing(true);
            }}
          >
            {saving && editingIndex === null ? 'Saving…' : 'Save & Continue'}
          </button>
          <button type="button" className="button" disabled={locked} onClick={editing.addPost}>
            + Add Post
          </button>
          <button type="button" className="button" disabled={locked} onClick={onRegenerate}>
            ↻ Regenerate
          </button>
        </div>
      </div>

      <aside className="preview__side">
        <section className="card" aria-labelledby="article-heading">
          <h2 id="article-heading">{thread.title}</h2>
          <p className="small muted preview__source">{thread.sourceUrl}</p>
          <h3 className="preview__subheading">Themes</h3>
          <ul className="chip-list" aria-label="Themes">
            {themes.map((theme) => (
              <li key={theme} className="chip">
                #{theme}
              </li>
            ))}
          </ul>
          <ul className="plain-list preview__links">
            <li>
              <a href={thread.sourceUrl} target="_blank" rel="noopener noreferrer">
                View Original Article ↗
              </a>
            </li>
            <li>
              <button type="button" className="link-button" onClick={() => setViewingExtraction(true)}>
                View Extracted Text
              </button>
            </li>
          </ul>
        </section>
        <button type="button" className="button button--block" disabled={saving} onClick={onBackToInput}>
          ← Back to URL Input
        </button>
      </aside>

      <ManualShareDialog open={sharing} posts={posts} onClose={() => setSharing(false)} />
      <ExtractedContentDialog
        url={thread.sourceUrl}
        open={viewingExtraction}
        onClose={() => setViewingExtraction(false)}
        title="Extracted Text"
      />
    </div>
  );
}
