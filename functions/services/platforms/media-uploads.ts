import type { ImageLimits } from '#shared/publishing/image-limits';
import { type OutgoingImage, type OutgoingPost, PlatformRejectedError } from './platform-adapter';
import { postSteps } from './post-steps';

/** Refuses, before anything is sent, more pictures than the platform takes in a post, or alt text too long for its field. */
export function refuseBeyondLimits(images: readonly OutgoingImage[], limits: ImageLimits): void {
  if (images.length > limits.maxPerPost) {
    throw new PlatformRejectedError(`A post can carry at most ${limits.maxPerPost} images here, not ${images.length}`);
  }
  const { maxAlt } = limits;
  if (maxAlt !== null && images.some((image) => image.alt.length > maxAlt)) {
    throw new PlatformRejectedError(`An image's alt text is longer than ${maxAlt} characters`);
  }
}

/**
 * What the platform calls each of `images` (a media id, a blob ref), in order, each uploaded once per
 * post: recorded under its `mediaId` as soon as the platform answers (postSteps), so a retry never
 * uploads a picture twice. Pictures the platform cannot take are refused before anything is sent
 * (refuseBeyondLimits).
 */
export async function uploadOnce(
  post: OutgoingPost,
  images: readonly OutgoingImage[],
  limits: ImageLimits,
  upload: (image: OutgoingImage) => Promise<string>,
): Promise<string[]> {
  refuseBeyondLimits(images, limits);
  const steps = postSteps(post);
  const uploaded: string[] = [];
  for (const image of images) uploaded.push(await steps.once(image.mediaId, () => upload(image)));
  return uploaded;
}

/** The picture's file name in an upload: its media id with its type's extension ('media-1.png'). */
export const imageFileName = (image: OutgoingImage) => `${image.mediaId}.${image.mimeType.slice('image/'.length)}`;

/** Adds the picture to a multipart upload as the file part `field`, with its MIME type and file name. */
export async function appendImageFile(form: FormData, field: string, image: OutgoingImage): Promise<void> {
  // A copy: a Blob takes bytes backed by an ArrayBuffer, never a shared one.
  const bytes = new Uint8Array(await image.read());
  form.append(field, new Blob([bytes], { type: image.mimeType }), imageFileName(image));
}
