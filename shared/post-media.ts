import {
  type CreateUploadRequest,
  createUploadRequestSchema,
  MAX_MEDIA_PER_POST,
  type Media,
  type PostMedia,
} from './schemas/media';

/**
 * Why a file cannot be uploaded (its type or size, checked in the browser before any request with
 * the server's own schema and messages), or null when it may be.
 */
export function uploadFileProblem(file: { type: string; size: number }): string | null {
  const checked = createUploadRequestSchema.safeParse({ mimeType: file.type, bytes: file.size });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'This file cannot be added');
}

/** The upload request for a file that passed `uploadFileProblem`. */
export function uploadRequestFor(file: { type: string; size: number }): CreateUploadRequest {
  return createUploadRequestSchema.parse({ mimeType: file.type, bytes: file.size });
}

/** A stored upload as its post carries it: no alt text yet (the curator writes it), no credit (their own). */
export function uploadedPostMedia(media: Media): PostMedia {
  return {
    id: media.id,
    kind: media.kind,
    mimeType: media.mimeType,
    width: media.width,
    height: media.height,
    alt: '',
    altSource: null,
    credit: null,
  };
}

/** True while a post can take another picture. */
export function hasRoomForMedia(media: readonly PostMedia[]): boolean {
  return media.length < MAX_MEDIA_PER_POST;
}

/** The picture at `index` moved by `offset` (-1 left, +1 right); unchanged at either end. */
export function movePostMedia(media: readonly PostMedia[], index: number, offset: -1 | 1): PostMedia[] {
  const target = index + offset;
  const item = media[index];
  if (!item || target < 0 || target >= media.length) return [...media];
  const rest = media.filter((_, position) => position !== index);
  return [...rest.slice(0, target), item, ...rest.slice(target)];
}

/** The curator's alt text: once they edit it, it is theirs (a drafted one is then confirmed). */
export function withCuratorAlt(media: PostMedia, alt: string): PostMedia {
  return { ...media, alt, altSource: alt.trim() === '' ? null : 'curator' };
}
