import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectTaggingCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '#shared/messages/media';
import { createUploadResponseSchema, MEDIA_QUOTA_BYTES, mediaSchema } from '#shared/schemas/media';
import { startMediaBucket } from '#tests/helpers/media-bucket';
import { callRoute } from '#tests/helpers/route-call';
import { startTestTable } from '#tests/helpers/test-table';

// The media routes and service on dynalite and a real s3rver: the browser's presigned POST sent as a
// form over HTTP, completion, reads, deletion, the quota, and articles' images through the guard.
const table = await startTestTable();
const mediaBucket = await startMediaBucket();

// A site serving pictures: only its /allowed/ path is let through the guard, as the local stack allows /samples/.
const photoJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
  .jpeg()
  .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
  .toBuffer();
const site = createServer((request, response) => {
  if (request.url === '/allowed/to-private') response.writeHead(302, { location: 'http://10.0.0.7/photo.jpg' }).end();
  else response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photoJpeg);
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

Object.assign(process.env, {
  ALLOW_PRIVATE_FETCH_HOSTS: `${new URL(siteOrigin).host}/allowed/`,
});

const { handler: postUpload } = await import('#functions/http/media/post-upload');
const { handler: completeUploadRoute } = await import('#functions/http/media/post-upload-complete');
const { handler: getMediaRoute } = await import('#functions/http/media/get-media');
const { handler: deleteMediaRoute } = await import('#functions/http/media/delete-media');
const media = await import('#functions/services/media/media');
const { getMediaUsage, reserveMediaBytes } = await import('#functions/data/media-repository');

const { s3 } = mediaBucket;

afterAll(async () => {
  site.close();
  await mediaBucket.close();
  await table.stop();
});

/** Asks for an upload form (for `declared` bytes), then sends the file with it as a browser's form would. */
async function upload(
  userId: string,
  bytes: Buffer,
  mimeType: 'image/jpeg' | 'image/png' = 'image/jpeg',
  declared = bytes.byteLength,
) {
  const created = await callRoute(postUpload, { userId }, { body: { mimeType, bytes: declared } });
  expect(created.status).toBe(201);
  const form = createUploadResponseSchema.parse(created.body);
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), 'picture');
  const sent = await fetch(form.url, { method: 'POST', body });
  expect(sent.status).toBe(204);
  return form;
}

const complete = (userId: string, uploadId: string) =>
  callRoute(completeUploadRoute, { userId }, { params: { uploadId } }, { method: 'POST' });

async function objectKeys(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: mediaBucket.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

describe('uploads', () => {
  it('takes a file through the presigned POST, stores it re-encoded without EXIF, shows it, and deletes it', async () => {
    const form = await upload('alice', photoJpeg);
    expect(form.fields.key).toBe(`incoming/alice/${form.uploadId}`);
    expect(form.fields['Content-Type']).toBe('image/jpeg');
    expect(JSON.parse(Buffer.from(form.fields.Policy ?? '', 'base64').toString()).conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 15 * 1024 * 1024],
        ['eq', '$Content-Type', 'image/jpeg'],
      ]),
    );

    const completed = await complete('alice', form.uploadId);

    expect(completed.status).toBe(201);
    const stored = mediaSchema.parse(completed.body);
    expect(stored).toMatchObject({ id: form.uploadId, kind: 'upload', mimeType: 'image/jpeg', width: 64, height: 48 });
    const shown = Buffer.from(await (await fetch(stored.url)).arrayBuffer());
    expect(shown.byteLength).toBe(stored.bytes);
    expect((await sharp(shown).metadata()).exif).toBeUndefined();
    expect(await objectKeys(`incoming/alice/${form.uploadId}`)).toEqual([]);
    expect(await getMediaUsage('alice')).toBe(stored.bytes);
    // Completing again (a retried request) returns the same picture.
    expect((await complete('alice', form.uploadId)).body.id).toBe(stored.id);

    const read = await callRoute(getMediaRoute, { userId: 'alice' }, { params: { mediaId: stored.id } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: stored.id, bytes: stored.bytes });

    const deleted = await callRoute(deleteMediaRoute, { userId: 'alice' }, { params: { mediaId: stored.id } });
    expect(deleted.status).toBe(204);
    expect((await callRoute(getMediaRoute, { userId: 'alice' }, { params: { mediaId: stored.id } })).status).toBe(404);
    expect(await objectKeys(`media/alice/${stored.id}`)).toEqual([]);
    expect(await getMediaUsage('alice')).toBe(0);
  });

  it("answers another user's picture and upload exactly as unknown ones", async () => {
    const form = await upload('carol', photoJpeg);
    const foreignUpload = await complete('mallory', form.uploadId);
    expect(foreignUpload.status).toBe(404);
    expect(foreignUpload.body).toEqual({ error: mediaMessages.uploadNotFound, code: 'media_not_found' });
    const stored = (await complete('carol', form.uploadId)).body;

    const foreign = await callRoute(getMediaRoute, { userId: 'mallory' }, { params: { mediaId: stored.id } });
    const unknown = await callRoute(getMediaRoute, { userId: 'mallory' }, { params: { mediaId: 'unknown-id-123' } });
    const foreignDelete = await callRoute(deleteMediaRoute, { userId: 'mallory' }, { params: { mediaId: stored.id } });

    expect(foreign).toEqual(unknown);
    expect(foreign).toEqual({ status: 404, body: { error: mediaMessages.mediaNotFound, code: 'media_not_found' } });
    expect(foreignDelete.status).toBe(404);
    expect((await callRoute(getMediaRoute, { userId: 'carol' }, { params: { mediaId: stored.id } })).status).toBe(200);
  });

  it('refuses a corrupt file, and an SVG sent as PNG, storing nothing', async () => {
    const truncated = await upload('dave', photoJpeg.subarray(0, photoJpeg.byteLength - 200));
    const svg = await upload(
      'dave',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/png',
    );

    const refusedTruncated = await complete('dave', truncated.uploadId);
    const refusedSvg = await complete('dave', svg.uploadId);

    expect(refusedTruncated).toEqual({
      status: 400,
      body: { error: mediaMessages.unreadable, code: 'image_rejected' },
    });
    expect(refusedSvg).toEqual({ status: 400, body: { error: mediaMessages.notAnImage, code: 'image_rejected' } });
    expect(await objectKeys('incoming/dave/')).toEqual([]);
    expect(await objectKeys('media/dave/')).toEqual([]);
    expect(await getMediaUsage('dave')).toBe(0);
  });

  it('refuses a file over 15 MB before reading it, though s3rver stored it without checking the policy', async () => {
    // S3 would refuse this POST (content-length-range); s3rver does not check the policy, so completion must.
    const oversized = Buffer.concat([photoJpeg, Buffer.alloc(16 * 1024 * 1024)]);
    const form = await upload('heidi', oversized, 'image/jpeg', photoJpeg.byteLength);

    const refused = await complete('heidi', form.uploadId);

    expect(refused).toEqual({ status: 400, body: { error: mediaMessages.tooLarge(15), code: 'image_rejected' } });
    expect(await objectKeys('incoming/heidi/')).toEqual([]);
    expect(await objectKeys('media/heidi/')).toEqual([]);
  });

  it('refuses an upload once the quota is full, and a completion that would pass it, storing nothing', async () => {
    expect(await reserveMediaBytes('erin', MEDIA_QUOTA_BYTES - 100, MEDIA_QUOTA_BYTES)).toBe(true);
    const full = await callRoute(postUpload, { userId: 'erin' }, { body: { mimeType: 'image/png', bytes: 5000 } });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ error: mediaMessages.quotaExceeded(200), code: 'media_quota_exceeded' });
    expect(full.body.error).toMatch(/^Your image storage is full/);

    // The form asked for 50 bytes; the picture stored would be more than the 100 left.
    const form = await upload('erin', photoJpeg, 'image/jpeg', 50);

    expect((await complete('erin', form.uploadId)).status).toBe(409);
    expect(await objectKeys('media/erin/')).toEqual([]);
    expect(await getMediaUsage('erin')).toBe(MEDIA_QUOTA_BYTES - 100);
  });

  it('validates the request: a type not allowed or a file over 15 MB is a 400', async () => {
    const svg = await callRoute(postUpload, { userId: 'frank' }, { body: { mimeType: 'image/svg+xml', bytes: 10 } });
    const huge = await callRoute(postUpload, { userId: 'frank' }, { body: { mimeType: 'image/png', bytes: 16e6 } });

    expect(svg.status).toBe(400);
    expect(huge.status).toBe(400);
  });
});

describe('server-made pictures', () => {
  it('stores a quote card, tags it attached when a post carries it, and reads its bytes back', async () => {
    const card = await sharp({ create: { width: 120, height: 68, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

    const record = await media.saveImage('grace', card, 'quote-card');
    await media.markAttached('grace', [record.id], true);

    expect(record).toMatchObject({ kind: 'quote-card', mimeType: 'image/png', width: 120, height: 68 });
    expect(await media.getMedia('grace', record.id)).toMatchObject({ attached: true });
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: mediaBucket.bucket, Key: record.objectKey }));
    expect(tags.TagSet).toEqual([{ Key: 'attached', Value: 'true' }]);
    expect((await media.readMediaBytes(record)).byteLength).toBe(record.bytes);
    await expect(media.markAttached('mallory', [record.id], true)).rejects.toMatchObject({ status: 404 });
  });
});

describe('account deletion', () => {
  it("removes every file of the user, pictures and unfinished uploads, and no one else's", async () => {
    const card = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    await media.saveImage('ivan', card, 'quote-card');
    await media.saveImage('ivan', card, 'article-image');
    await upload('ivan', photoJpeg);
    const kept = await media.saveImage('ivanka', card, 'quote-card');

    expect(await media.deleteAllMediaFilesOfUser('ivan')).toBe(3);

    expect(await objectKeys('media/ivan/')).toEqual([]);
    expect(await objectKeys('incoming/ivan/')).toEqual([]);
    expect(await objectKeys('media/ivanka/')).toEqual([kept.objectKey]);
  });
});

describe('fetchRemoteImage', () => {
  it('fetches an allowed address through the guard and re-encodes the picture', async () => {
    const image = await media.fetchRemoteImage(`${siteOrigin}/allowed/photo.jpg`);

    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 64, height: 48 });
    expect((await sharp(image.bytes).metadata()).exif).toBeUndefined();
  });

  it('refuses a private address, directly or through a redirect', async () => {
    await expect(media.fetchRemoteImage(`${siteOrigin}/elsewhere/photo.jpg`)).rejects.toMatchObject({
      status: 400,
      code: 'image_rejected',
      message: expect.stringMatching(/^The article's image could not be fetched: it is at .*(loopback|private)/),
    });
    await expect(media.fetchRemoteImage(`${siteOrigin}/allowed/to-private`)).rejects.toMatchObject({
      code: 'image_rejected',
      message: expect.stringContaining('private'),
    });
  });
});
