import { randomUUID } from 'node:crypto';
import { mediaMessages } from '#shared/messages/media';
import type { ImageLimits } from '#shared/publishing/image-limits';
import {
  type CreateUploadRequest,
  type CreateUploadResponse,
  MAX_UPLOAD_BYTES,
  MEDIA_QUOTA_BYTES,
  type Media,
  type MediaKind,
} from '#shared/schemas/media';
import {
  deleteMediaForUser,
  getMediaForUser,
  getMediaUsage,
  type MediaRecord,
  putMediaOnce,
  releaseMediaBytes,
  reserveMediaBytes,
  setMediaAttached,
} from '../../data/media-repository';
import { config } from '../../lib/config';
import { NotFoundError } from '../../lib/errors';
import { guardedFetch, NoAnswerError } from '../../lib/outbound/guarded-fetch';
import { BlockedAddressError } from '../../lib/outbound/host-guard';
import { unreachableReason } from '../../lib/outbound/network-failure';
import type { ProcessedImage } from './image-processing';
import { ImageRejectedError, MediaQuotaExceededError } from './media-errors';
import {
  deleteObject,
  deleteObjectsUnder,
  incomingObjectKey,
  mediaObjectKey,
  objectSize,
  presignedUpload,
  putObject,
  readObject,
  SIGNED_URL_SECONDS,
  signedGetUrl,
  tagAttached,
  userObjectPrefixes,
} from './media-store';

/**
 * A user's pictures: uploads taken in through presigned POSTs and checked, pictures the server
 * makes (quote cards, articles' images), each stored re-encoded under its owner with its bytes
 * counted against the quota. Another user's id is answered exactly as an unknown one.
 */

export type { MediaRecord } from '../../data/media-repository';

/** Decodes and re-encodes (sharp), loaded only by the paths that take a picture in, not by reads. */
async function normaliseImageLazily(bytes: Uint8Array): Promise<ProcessedImage> {
  return (await import('./image-processing')).normaliseImage(bytes);
}

/** The whole budget of fetching an article's image (every redirect and the body). */
const REMOTE_IMAGE_TIMEOUT_MS = 10_000;
const REMOTE_IMAGE_REDIRECTS = 5;

const notFound = (message = mediaMessages.mediaNotFound) => new NotFoundError(message, 'media_not_found');

/** A presigned POST for one file into the caller's own `incoming/` prefix, limited to its type and size. */
export async function createUpload(
  userId: string,
  request: CreateUploadRequest,
  now = new Date(),
): Promise<CreateUploadResponse> {
  // Refused early when full; completeUpload counts the re-encoded size, which decides.
  if ((await getMediaUsage(userId)) + request.bytes > MEDIA_QUOTA_BYTES) throw new MediaQuotaExceededError();
  const uploadId = randomUUID();
  const form = await presignedUpload(incomingObjectKey(userId, uploadId), request.mimeType, MAX_UPLOAD_BYTES);
  const expiresAt = new Date(now.getTime() + SIGNED_URL_SECONDS * 1000).toISOString();
  return { uploadId, url: form.url, fields: form.fields, expiresAt };
}

/**
 * Takes in what the browser uploaded: its size checked before it is read, decoded and re-encoded,
 * stored as a picture, the upload removed. A damaged, disguised or oversized file is refused with
 * nothing stored. Completing again returns the same picture (its id is the upload's).
 */
export async function completeUpload(userId: string, uploadId: string, now = new Date()): Promise<MediaRecord> {
  const done = await getMediaForUser(userId, uploadId);
  if (done) return done;
  const incoming = incomingObjectKey(userId, uploadId);
  const size = await objectSize(incoming);
  if (size === null) throw notFound(mediaMessages.uploadNotFound);
  try {
    // S3 enforces the form's content-length-range; a server that does not (s3rver) is caught here.
    if (size > MAX_UPLOAD_BYTES) throw new ImageRejectedError(mediaMessages.tooLarge(MAX_UPLOAD_BYTES / 1024 / 1024));
    const bytes = await readObject(incoming);
    if (!bytes) throw notFound(mediaMessages.uploadNotFound);
    return await store(userId, uploadId, await normaliseImageLazily(bytes), 'upload', now);
  } finally {
    await deleteObject(incoming);
  }
}

/** Stores a picture the server made or fetched (a quote card, an article's image), re-encoded like any other. */
export async function saveImage(
  userId: string,
  bytes: Uint8Array,
  kind: MediaKind,
  now = new Date(),
): Promise<MediaRecord> {
  return store(userId, randomUUID(), await normaliseImageLazily(bytes), kind, now);
}

/** One of the user's pictures; an unknown id and another user's id are the same 404. */
export async function getMedia(userId: string, mediaId: string): Promise<MediaRecord> {
  const record = await getMediaForUser(userId, mediaId);
  if (!record) throw notFound();
  return record;
}

/** A picture's stored (re-encoded) bytes, for a platform upload. */
export async function readMediaBytes(record: MediaRecord): Promise<Buffer> {
  const bytes = await readObject(record.objectKey);
  if (!bytes) throw notFound();
  return bytes;
}

/** A signed URL that shows the picture for 10 minutes (the web's preview; Threads' `image_url`). */
export function mediaUrl(record: MediaRecord): Promise<string> {
  return signedGetUrl(record.objectKey);
}

/** A picture made to fit one platform, and a signed URL of that very file (for platforms that fetch it). */
export interface FittedImage {
  image: ProcessedImage;
  url(): Promise<string>;
}

/**
 * One of the user's pictures as a platform takes it (type, bytes, longest side: IMAGE_LIMITS). When
 * the stored file already fits it is used as is; otherwise the fitted copy is stored beside it for
 * its URL, untagged as attached, so the bucket's lifecycle removes it after 7 days.
 */
export async function fitMediaFor(record: MediaRecord, limits: ImageLimits, label: string): Promise<FittedImage> {
  const stored: ProcessedImage = {
    bytes: await readMediaBytes(record),
    mimeType: record.mimeType,
    width: record.width,
    height: record.height,
  };
  const image = await (await import('./image-processing')).fitToLimits(stored, limits);
  if (image === stored) return { image, url: () => mediaUrl(record) };
  const fittedKey = `${record.objectKey}.${label}`;
  return {
    image,
    url: async () => {
      await putObject(fittedKey, image.bytes, image.mimeType);
      return signedGetUrl(fittedKey);
    },
  };
}

/** A picture as the API returns it (mediaSchema), with a fresh signed URL. */
export async function describeMedia(record: MediaRecord): Promise<Media> {
  const { id, kind, mimeType, width, height, bytes, createdAt } = record;
  return { id, kind, mimeType, width, height, bytes, createdAt, url: await mediaUrl(record) };
}

/** Removes one of the user's pictures and gives its bytes back to the quota. */
export async function deleteMedia(userId: string, mediaId: string): Promise<void> {
  const record = await getMedia(userId, mediaId);
  await deleteObject(record.objectKey);
  const removed = await deleteMediaForUser(userId, mediaId);
  if (removed) await releaseMediaBytes(userId, removed.bytes);
}

/**
 * Removes every stored file of a user (pictures and unfinished uploads), for account deletion; the
 * table's `MEDIA#` items and `MEDIA_USAGE` go with the account's other prefixes. Returns the count.
 */
export async function deleteAllMediaFilesOfUser(userId: string): Promise<number> {
  // A deployment without a pictures bucket stored no picture.
  if (!config().mediaBucket) return 0;
  let deleted = 0;
  for (const prefix of userObjectPrefixes(userId)) deleted += await deleteObjectsUnder(prefix);
  return deleted;
}

/**
 * Records that posts carry these pictures (or no longer do) and tags their objects, so the
 * bucket's lifecycle keeps them (or removes them 7 days after upload). Every id must be the user's.
 */
export async function markAttached(userId: string, mediaIds: readonly string[], attached: boolean): Promise<void> {
  const records = await Promise.all(mediaIds.map((mediaId) => getMedia(userId, mediaId)));
  for (const record of records) {
    if (!(await setMediaAttached(userId, record.id, attached))) throw notFound();
    await tagAttached(record.objectKey, attached);
  }
}

/**
 * An article's image, fetched through the outbound guard (public addresses only, every redirect
 * checked, one time budget, at most MAX_UPLOAD_BYTES read) and re-encoded; its declared
 * Content-Type is ignored, its bytes decide.
 */
export async function fetchRemoteImage(url: string): Promise<ProcessedImage> {
  let bytes: Uint8Array;
  try {
    const answer = await guardedFetch(url, {
      allowPrivateHosts: config().allowPrivateFetchHosts,
      timeoutMs: REMOTE_IMAGE_TIMEOUT_MS,
      redirects: REMOTE_IMAGE_REDIRECTS,
      headers: { accept: 'image/jpeg,image/png,image/webp,image/gif' },
    });
    if (answer.status !== 200) {
      await answer.discard();
      throw new ImageRejectedError(mediaMessages.remoteUnavailable(`the site answered ${answer.status}`));
    }
    const body = await answer.read(MAX_UPLOAD_BYTES);
    if (body.truncated) throw new ImageRejectedError(mediaMessages.tooLarge(MAX_UPLOAD_BYTES / 1024 / 1024));
    bytes = body.bytes;
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError(mediaMessages.remoteUnavailable(remoteFailureReason(error)));
  }
  return normaliseImageLazily(bytes);
}

function remoteFailureReason(error: unknown): string {
  if (error instanceof BlockedAddressError) return `it is at ${error.reason}`;
  if (error instanceof NoAnswerError) return unreachableReason(error, error.host);
  return error instanceof Error ? error.message : 'the site could not be reached';
}

/** Counts the picture against the quota, stores its bytes, then its record; undone on any failure. */
async function store(
  userId: string,
  mediaId: string,
  image: ProcessedImage,
  kind: MediaKind,
  now: Date,
): Promise<MediaRecord> {
  const size = image.bytes.byteLength;
  if (!(await reserveMediaBytes(userId, size, MEDIA_QUOTA_BYTES))) throw new MediaQuotaExceededError();
  const record: MediaRecord = {
    id: mediaId,
    userId,
    kind,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    bytes: size,
    objectKey: mediaObjectKey(userId, mediaId),
    attached: false,
    createdAt: now.toISOString(),
  };
  try {
    await putObject(record.objectKey, image.bytes, image.mimeType);
    if (await putMediaOnce(record)) return record;
    // Completed twice at once: the other call stored it; this reservation goes back.
    await releaseMediaBytes(userId, size);
    return await getMedia(userId, mediaId);
  } catch (error) {
    // An object written without its record stays tagged attached=false: the lifecycle removes it.
    await releaseMediaBytes(userId, size);
    throw error;
  }
}
