import { mediaMessages } from '#shared/messages/media';
import type { ImageLimits } from '#shared/publishing/image-limits';
import type { PostMedia } from '#shared/schemas/media';
import { NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { ProcessedImage } from '../media/image-processing';
import { fetchRemoteImage, fitMediaFor, getMedia } from '../media/media';
import { ImageRejectedError } from '../media/media-errors';
import { type OutgoingImage, PlatformRejectedError } from '../platforms/platform-adapter';

/** The id a link card's thumbnail is recorded under in a post's steps (it is no stored picture). */
export const LINK_CARD_MEDIA_ID = 'link-card';

function outgoing(mediaId: string, image: ProcessedImage, alt: string, url: () => Promise<string>): OutgoingImage {
  return {
    mediaId,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    bytes: image.bytes.byteLength,
    alt,
    read: async () => image.bytes,
    publicUrl: url,
  };
}

/**
 * A post's pictures as one platform takes them, read from the user's own pictures (an id that is
 * not theirs is not found) and fitted to the platform's limits; the alt text travels where the
 * platform has a field for it. A picture gone or that cannot fit fails the platform with the reason:
 * a post is never made without its picture.
 */
export async function outgoingImagesFor(
  userId: string,
  images: readonly PostMedia[],
  limits: ImageLimits,
  label: string,
): Promise<OutgoingImage[]> {
  return Promise.all(
    images.map(async (media, index) => {
      try {
        const fitted = await fitMediaFor(await getMedia(userId, media.id), limits, label);
        return outgoing(media.id, fitted.image, limits.maxAlt === null ? '' : media.alt, fitted.url);
      } catch (error) {
        if (error instanceof NotFoundError) throw new PlatformRejectedError(mediaMessages.pictureGone(index + 1));
        if (error instanceof ImageRejectedError) throw new PlatformRejectedError(error.message);
        throw error;
      }
    }),
  );
}

/**
 * The article's picture as a link card's thumbnail, or null when it cannot be had: a card without a
 * thumbnail is still a card, so a failure here never fails the post.
 */
export async function linkCardImageFor(url: string, limits: ImageLimits, alt: string): Promise<OutgoingImage | null> {
  try {
    const { fitToLimits } = await import('../media/image-processing');
    const image = await fitToLimits(await fetchRemoteImage(url), limits);
    return outgoing(LINK_CARD_MEDIA_ID, image, alt, async () => url);
  } catch (error) {
    logger.warn('The link card goes without its thumbnail', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
