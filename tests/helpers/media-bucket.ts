import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { freePort } from '#local/ports';
import { startS3 } from '#local/s3';

/**
 * A real s3rver holding the media bucket in a fresh temporary folder (emptied on close), with
 * MEDIA_BUCKET and S3_ENDPOINT pointing the media service at it, and a client to read what it stores.
 */
export async function startMediaBucket() {
  const server = await startS3(await freePort(), {
    directory: mkdtempSync(path.join(tmpdir(), 'threadsnip-s3-')),
    allowedOrigins: ['http://localhost:3000'],
    resetOnClose: true,
  });
  Object.assign(process.env, { MEDIA_BUCKET: server.bucket, S3_ENDPOINT: server.endpoint });
  const s3 = new S3Client({ region: 'us-east-1', endpoint: server.endpoint, forcePathStyle: true });
  return { bucket: server.bucket, s3, close: server.close };
}
