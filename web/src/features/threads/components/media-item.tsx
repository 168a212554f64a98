import { useId } from 'react';
import { mediaEditorMessages } from '#shared/messages/media';
import { withCuratorAlt } from '#shared/post-media';
import { MAX_ALT_LENGTH, type PostMedia } from '#shared/schemas/media';
import { MediaThumbnail } from './media-thumbnail';

interface MediaItemProps {
  media: PostMedia;
  /** 1-based position among the post's pictures, and how many it has. */
  position: number;
  total: number;
  postNumber: number;
  disabled: boolean;
  onChange: (media: PostMedia) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}

/** One picture of a post: thumbnail, ALT badge, credit line, alt text editor, move and remove. */
export function MediaItem({
  media,
  position,
  total,
  postNumber,
  disabled,
  onChange,
  onMove,
  onRemove,
}: MediaItemProps) {
  const altId = useId();
  const countId = useId();
  const noteId = useId();
  const name = `image ${position} of post ${postNumber}`;
  const hasAlt = media.alt.trim() !== '';
  const drafted = media.altSource === 'drafted';

  return (
    <li className="media-item">
      <figure className="media-item__figure">
        <MediaThumbnail mediaId={media.id} alt={media.alt} />
        {hasAlt ? (
          <span className="media-item__alt-badge" title="Has alt text">
            ALT
          </span>
        ) : null}
        {media.credit ? <figcaption className="small muted">{media.credit}</figcaption> : null}
      </figure>
      <div className="media-item__alt">
        <label htmlFor={altId} className="small">
          Alt text for {name}
        </label>
        <textarea
          id={altId}
          className="media-item__alt-input"
          rows={3}
          maxLength={MAX_ALT_LENGTH}
          value={media.alt}
          disabled={disabled}
          placeholder={mediaEditorMessages.altMissing}
          aria-describedby={drafted ? `${countId} ${noteId}` : countId}
          onChange={(event) => onChange(withCuratorAlt(media, event.target.value))}
        />
        <div className="media-item__alt-meta">
          <span id={countId} className="small muted">
            {media.alt.length} / {MAX_ALT_LENGTH}
          </span>
          {drafted ? (
            <span id={noteId} className="badge badge--warning">
              {mediaEditorMessages.altDrafted}
            </span>
          ) : null}
        </div>
      </div>
      <div className="media-item__actions">
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={`Move ${name} left`}
          disabled={disabled || position === 1}
          onClick={() => onMove(-1)}
        >
          ←
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={`Move ${name} right`}
          disabled={disabled || position === total}
          onClick={() => onMove(1)}
        >
          →
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={`Remove ${name}`}
          disabled={disabled}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
