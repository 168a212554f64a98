import { altTextRequired, imagesLeftOut } from '#shared/messages/media';
import { platformDisplayName } from '#shared/platforms';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { IMAGE_PREVIEW_ASPECT } from '#shared/publishing/image-preview';
import { type AltTextBlocker, platformMediaPlan } from '#shared/publishing/media-check';
import type { PostMedia } from '#shared/schemas/media';
import type { Platform } from '#shared/schemas/thread';
import { MediaThumbnail } from '../../threads/components/media-thumbnail';
import '../../threads/media.css';

interface PlatformMediaPlanProps {
  platform: Platform;
  posts: readonly { media?: readonly PostMedia[] | undefined }[];
}

/**
 * The pictures one platform will carry, post by post, as its timeline shows them: at most its
 * count per post, cropped to its frame, with the ALT badge; the pictures it leaves out are said.
 * Lazy-loaded (with the alert below): only a thread with pictures needs them.
 */
export function PlatformMediaPlan({ platform, posts }: PlatformMediaPlanProps) {
  const plan = platformMediaPlan(posts, platform);
  const aspect = IMAGE_PREVIEW_ASPECT[platform];
  const { maxAlt } = IMAGE_LIMITS[platform];
  if (plan.length === 0) return null;
  return (
    <ul className="media-plan" aria-label="Images">
      {plan.map(({ postNumber, carried, leftOut, limit, missingAlt }) => (
        <li key={postNumber} className="media-plan__post">
          <span className="small">
            Post {postNumber}: {carried.length} {carried.length === 1 ? 'image' : 'images'}
            {missingAlt ? <strong className="media-plan__missing"> (alt text missing)</strong> : null}
          </span>
          <ul className={`media-preview media-preview--${Math.min(carried.length, 4)}`}>
            {carried.map((media, index) => (
              <li key={media.id} className="media-preview__item">
                <MediaThumbnail
                  mediaId={media.id}
                  alt={media.alt || `Image ${index + 1} of post ${postNumber}, no alt text`}
                  className={`media-preview__image${aspect === null ? '' : ' media-preview__image--cropped'}`}
                  style={aspect === null ? undefined : { aspectRatio: String(aspect) }}
                />
                {maxAlt !== null && media.alt.trim() !== '' ? (
                  <span className="media-preview__alt-badge" aria-hidden="true">
                    ALT
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {leftOut > 0 ? <p className="small muted">{imagesLeftOut(postNumber, leftOut, limit)}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The alert that holds publishing back, one line per platform naming the posts to describe. */
export function AltTextBlockers({ blockers }: { blockers: readonly AltTextBlocker[] }) {
  return (
    <div className="notice notice--error" role="alert">
      <ul className="plain-list">
        {blockers.map(({ platform, postNumbers }) => (
          <li key={platform}>{altTextRequired(postNumbers, [platformDisplayName(platform)])}</li>
        ))}
      </ul>
    </div>
  );
}
