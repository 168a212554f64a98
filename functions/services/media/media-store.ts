import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaMimeType } from '#shared/schemas/media';
import { config } from '../../lib/config';
import { traced } from '../../lib/tracer';

/**
 * The pictures' bucket: private, reached only through this module. Uploads land under
 * `incoming/{userId}/` (a lifecycle rule expires them after a day); re-encoded pictures live under
 * `media/{userId}/`, tagged `attached=false` until a post carries them (expired after 7 days).
 */

/** How long a signed GET URL (the web's preview, Threads' image_url) and an upload form stay valid. */
export const SIGNED_URL_SECONDS = 10 * 60;
/** The tag the bucket's lifecycle rule reads: `false` objects expire after 7 days. */
export const ATTACHED_TAG = 'attached';

const endpoint = config().endpoints.s3;
/** The one S3 client of this process (the local S3-compatible server, path-style, when configured). */
const s3 = traced(new S3Client({ region: config().region, endpoint, forcePathStyle: Boolean(endpoint) }));

function bucket(): string {
  const name = config().mediaBucket;
  if (!name) throw new Error('MEDIA_BUCKET is not configured');
  return name;
}

/** Where a user's upload lands before the server has checked it. */
export const incomingObjectKey = (userId: string, uploadId: string) => `incoming/${userId}/${uploadId}`;
/** Where a re-encoded picture is kept. */
export const mediaObjectKey = (userId: string, mediaId: string) => `media/${userId}/${mediaId}`;
/** Every object of one user, under both prefixes (the trailing slash keeps one id from matching another's start). */
export const userObjectPrefixes = (userId: string) => [`incoming/${userId}/`, `media/${userId}/`];

/** Stores re-encoded bytes, not yet attached to any post (so the lifecycle removes them if none ever is). */
export async function putObject(key: string, bytes: Uint8Array, mimeType: MediaMimeType): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: bytes,
      ContentType: mimeType,
      Tagging: `${ATTACHED_TAG}=false`,
    }),
  );
}

/** An object's size in bytes, or null when there is none under `key`. */
export async function objectSize(key: string): Promise<number | null> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** An object's bytes, or null when there is none under `key`. */
export async function readObject(key: string): Promise<Buffer | null> {
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Removes an object (no error when it is already gone). */
export async function deleteObject(key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Removes every object whose key starts with `prefix` (a user's pictures and uploads), 1,000 a call. */
export async function deleteObjectsUnder(prefix: string): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: cursor }),
    );
    const objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (objects.length > 0) {
      await s3.send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: objects, Quiet: true } }));
    }
    deleted += objects.length;
    cursor = page.NextContinuationToken;
  } while (cursor);
  return deleted;
}

/** Tags an object attached (kept) or not (expired by the lifecycle rule after 7 days). */
export async function tagAttached(key: string, attached: boolean): Promise<void> {
  await s3.send(
    new PutObjectTaggingCommand({
      Bucket: bucket(),
      Key: key,
      Tagging: { TagSet: [{ Key: ATTACHED_TAG, Value: String(attached) }] },
    }),
  );
}

/** A short-lived URL that reads one object (the bucket itself is never public). */
export function signedGetUrl(key: string): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: SIGNED_URL_SECONDS });
}

/**
 * A browser form upload to exactly `key`, of exactly `mimeType`, of 1 to `maxBytes` bytes; S3 checks
 * the signed policy, and the server checks the object again before it takes it.
 */
export async function presignedUpload(
  key: string,
  mimeType: MediaMimeType,
  maxBytes: number,
): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3, {
    Bucket: bucket(),
    Key: key,
    Fields: { 'Content-Type': mimeType },
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', mimeType],
    ],
    Expires: SIGNED_URL_SECONDS,
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
