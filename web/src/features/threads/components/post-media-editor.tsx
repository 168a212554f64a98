import { type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import type { ArticlePictureOffer } from '#shared/article-image';
import { imageMoved, mediaEditorMessages } from '#shared/messages/media';
import { hasRoomForMedia, movePostMedia } from '#shared/post-media';
import { MAX_MEDIA_PER_POST, MEDIA_MIME_TYPES, type PostMedia } from '#shared/schemas/media';
import { ErrorState } from '#web/components/ui/error-state';
import { useCreateQuoteCard } from '../api/create-quote-card';
import { useDeleteMedia } from '../api/delete-media';
import { useTakeArticlePicture } from '../api/take-article-picture';
import { useImageUpload } from '../hooks/use-image-upload';
import { MediaItem } from './media-item';
import { QuoteCardPanel } from './quote-card-panel';
import '../media.css';

/** What the post around the editor hands it: images dropped on or pasted into the post. */
export interface PostMediaEditorHandle {
  addFiles: (files: readonly File[]) => void;
}

interface PostMediaEditorProps {
  ref?: Ref<PostMediaEditorHandle>;
  threadId: string;
  postId: string;
  /** 1-based, for labels and messages. */
  postNumber: number;
  media: readonly PostMedia[];
  /** Applies a change to the post's current pictures (uploads finish one by one, so it is an update). */
  onChange: (update: (media: readonly PostMedia[]) => PostMedia[]) => void;
  /** Pictures the saved thread refers to: removing one only takes it off the post. */
  savedMediaIds: ReadonlySet<string>;
  /** The passage a quote card of this post would show, or null when its source allows no card. */
  quoteCardPassage: string | null;
  /** The writer suggests a quote card for this post. */
  quoteCardSuggested: boolean;
  /** The article's own picture, offered on the first post only (null elsewhere, and when the page has none). */
  articlePicture: ArticlePictureOffer;
  disabled: boolean;
}

/**
 * A post's pictures: Add image (file picker, or images dropped on / pasted into the post), a quote
 * card where the source passage allows one, and each picture with its alt text, order and removal.
 * Lazy-loaded by the thread preview, so a text-only first load does not carry it.
 */
export function PostMediaEditor({
  ref,
  threadId,
  postId,
  postNumber,
  media,
  onChange,
  savedMediaIds,
  quoteCardPassage,
  quoteCardSuggested,
  articlePicture,
  disabled,
}: PostMediaEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const quoteCardButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [makingCard, setMakingCard] = useState(false);
  const upload = useImageUpload(MAX_MEDIA_PER_POST - media.length, (added) =>
    onChange((current) => (hasRoomForMedia(current) ? [...current, added] : [...current])),
  );
  const quoteCard = useCreateQuoteCard(threadId, postId);
  const articleTake = useTakeArticlePicture(threadId);
  const hasArticlePicture = media.some((item) => item.kind === 'article-image');
  const remove = useDeleteMedia();
  useImperativeHandle(
    ref,
    () => ({
      addFiles: (files) => {
        if (!disabled) upload.addFiles(files);
      },
    }),
    [disabled, upload.addFiles],
  );

  const full = media.length + upload.pending.length >= MAX_MEDIA_PER_POST;
  const status = announcement || upload.status;

  const move = (index: number, offset: -1 | 1) => {
    onChange((current) => movePostMedia(current, index, offset));
    setAnnouncement(imageMoved(index + offset + 1, media.length));
  };

  const removeAt = (index: number) => {
    const item = media[index];
    if (!item) return;
    onChange((current) => current.filter((entry) => entry.id !== item.id));
    // Nothing else refers to a picture added since the last save: delete it now rather than let it
    // count against the quota until the storage's lifecycle rule clears it. A saved one stays until
    // the thread is saved without it, so leaving without saving never breaks the saved thread.
    if (!savedMediaIds.has(item.id)) remove.mutate(item.id);
    setAnnouncement(mediaEditorMessages.removed);
    // The focused Remove button is gone with its picture: keyboard users land on Add image.
    addButton.current?.focus();
  };

  const closeQuoteCard = () => {
    setMakingCard(false);
    quoteCardButton.current?.focus();
  };

  return (
    <div className="post-media">
      {media.length > 0 ? (
        <ul className="post-media__list" aria-label={`Images of post ${postNumber}`}>
          {media.map((item, index) => (
            <MediaItem
              key={item.id}
              media={item}
              position={index + 1}
              total={media.length}
              postNumber={postNumber}
              disabled={disabled}
              onChange={(changed) =>
                onChange((current) => current.map((entry) => (entry.id === changed.id ? changed : entry)))
              }
              onMove={(offset) => move(index, offset)}
              onRemove={() => removeAt(index)}
            />
          ))}
        </ul>
      ) : null}
      {upload.pending.length > 0 ? (
        <ul className="post-media__pending small muted">
          {upload.pending.map((pending) => (
            <li key={pending.key}>
              <span className="spinner post-media__spinner" aria-hidden="true" /> {pending.name}:{' '}
              {mediaEditorMessages.uploadPhases[pending.phase]}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="post-media__actions">
        <input
          ref={fileInput}
          type="file"
          accept={MEDIA_MIME_TYPES.join(',')}
          multiple
          hidden
          aria-label={`Image files for post ${postNumber}`}
          onChange={(event) => {
            upload.addFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <button
          ref={addButton}
          type="button"
          className="button button--small button--ghost"
          aria-label={`Add image to post ${postNumber}`}
          aria-describedby={hintId}
          disabled={disabled || full}
          onClick={() => fileInput.current?.click()}
        >
          🖼 {mediaEditorMessages.addImage}
        </button>
        {quoteCardPassage !== null ? (
          <button
            ref={quoteCardButton}
            type="button"
            className="button button--small button--ghost"
            aria-expanded={makingCard}
            aria-label={`Quote card for post ${postNumber}`}
            disabled={disabled || full}
            onClick={() => setMakingCard((open) => !open)}
          >
            ❝ {mediaEditorMessages.quoteCard}
          </button>
        ) : null}
        {quoteCardPassage !== null && quoteCardSuggested && media.length === 0 ? (
          <span className="badge badge--info small">{mediaEditorMessages.quoteCardSuggested}</span>
        ) : null}
        {articlePicture?.offered && !hasArticlePicture ? (
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={`Use the article's picture on post ${postNumber}`}
            disabled={disabled || full || articleTake.isPending}
            onClick={() =>
              articleTake.mutate(undefined, {
                onSuccess: ({ postMedia }) => {
                  onChange((current) => (hasRoomForMedia(current) ? [...current, postMedia] : [...current]));
                  setAnnouncement(mediaEditorMessages.articlePictureAdded);
                },
              })
            }
          >
            📰 {mediaEditorMessages.useArticlePicture}
          </button>
        ) : null}
        <span id={hintId} className="small muted">
          {full ? mediaEditorMessages.full : mediaEditorMessages.dropHint}
        </span>
      </div>
      {makingCard && quoteCardPassage !== null ? (
        <QuoteCardPanel
          passage={quoteCardPassage}
          busy={quoteCard.isPending}
          error={quoteCard.error?.message ?? null}
          onClose={closeQuoteCard}
          onCreate={(request) =>
            quoteCard.mutate(request, {
              onSuccess: ({ postMedia }) => {
                onChange((current) => (hasRoomForMedia(current) ? [...current, postMedia] : [...current]));
                closeQuoteCard();
                setAnnouncement(mediaEditorMessages.quoteCardAdded);
              },
            })
          }
        />
      ) : null}
      {articlePicture && !articlePicture.offered ? <p className="small muted">{articlePicture.refusal}</p> : null}
      {articleTake.error ? (
        <ErrorState className="notice notice--error small">{articleTake.error.message}</ErrorState>
      ) : null}
      {upload.error ? <ErrorState className="notice notice--error small">{upload.error}</ErrorState> : null}
      <p className="post-media__status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
