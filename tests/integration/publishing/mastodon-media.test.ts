import { afterAll, describe, expect, it } from 'vitest';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { outgoingImage } from '../../helpers/outgoing-images';
import { expectRetryReusesRecordedUploads, outgoingPost } from '../../helpers/outgoing-posts';

const mastodon = await startMastodonServer();
Object.assign(process.env, {
  ALLOW_PRIVATE_FETCH_HOSTS: mastodon.instance,
  // The adapter keeps nothing: no table is used.
  TABLE_NAME: 'unused',
  APP_PUBLIC_URL: 'http://localhost:3000',
});
const { ReconnectRequiredError } = await import('#functions/lib/errors');
const { mastodonAdapter } = await import('#functions/services/platforms/mastodon');
const { PlatformRejectedError, PlatformUnavailableError } = await import(
  '#functions/services/platforms/platform-adapter'
);

afterAll(() => mastodon.close());

const connection = {
  platformUsername: `@alice@${mastodon.instance}`,
  credentials: {
    accessToken: mastodon.issueToken(['read:accounts', 'write:statuses', 'write:media']),
    refreshToken: null,
    expiresAt: null,
  },
  connectionData: { instance: mastodon.instance },
};

/** The calls the instance answered since `start`, as `METHOD /path` with ids shown as `:id`. */
const callsSince = (start: number) =>
  mastodon.requests.slice(start).map(({ method, path }) => `${method} ${path.replace(/\d{6,}/, ':id')}`);

describe('Mastodon pictures (POST /api/v2/media, then media_ids on the status)', () => {
  it('uploads each picture with its alt text as description, then posts the reply naming them in order', async () => {
    const parent = await mastodonAdapter.publishPost(connection, outgoingPost({ text: 'The harbour at dawn.' }));
    const wide = await outgoingImage({ mediaId: 'media-wide', alt: 'Boats at the quay' });
    const tall = await outgoingImage({ mediaId: 'media-tall', mimeType: 'image/jpeg', alt: 'The auction hall' });
    const post = outgoingPost({ text: 'At the auction.', images: [wide, tall], parent });
    const start = mastodon.requests.length;

    const made = await mastodonAdapter.publishPost(connection, post);

    expect(callsSince(start)).toEqual(['POST /api/v2/media', 'POST /api/v2/media', 'POST /api/v1/statuses']);
    const status = mastodon.statuses.find((candidate) => candidate.id === made.id)!;
    expect(status.inReplyToId).toBe(parent.id);
    const attached = status.mediaIds!.map((id) => mastodon.media.find((entry) => entry.id === id)!);
    expect(attached.map(({ description, mimeType, bytes }) => ({ description, mimeType, bytes }))).toEqual([
      { description: 'Boats at the quay', mimeType: 'image/png', bytes: wide.data },
      { description: 'The auction hall', mimeType: 'image/jpeg', bytes: tall.data },
    ]);
    expect(post.steps.at(-1)).toEqual({ 'media-wide': status.mediaIds![0], 'media-tall': status.mediaIds![1] });
  });

  it('waits while the instance processes a picture (202, then 206) and posts once it is ready', async () => {
    mastodon.processNextMediaAfter(2);
    const post = outgoingPost({ images: [await outgoingImage({ mediaId: 'media-slow' })] });
    const start = mastodon.requests.length;

    const made = await mastodonAdapter.publishPost(connection, post);

    expect(callsSince(start)).toEqual([
      'POST /api/v2/media',
      'GET /api/v1/media/:id',
      'GET /api/v1/media/:id',
      'GET /api/v1/media/:id',
      'POST /api/v1/statuses',
    ]);
    expect(mastodon.statuses.find((status) => status.id === made.id)?.mediaIds).toHaveLength(1);
  });

  it('waits for several pictures at once, within one budget for the post', async () => {
    const images = [await outgoingImage({ mediaId: 'media-slow-a' }), await outgoingImage({ mediaId: 'media-slow-b' })];
    const post = outgoingPost({ images });
    const start = mastodon.requests.length;
    mastodon.processNextMediaAfter(1, 2);

    const made = await mastodonAdapter.publishPost(connection, post);

    expect(callsSince(start)).toEqual([
      'POST /api/v2/media',
      'POST /api/v2/media',
      'GET /api/v1/media/:id',
      'GET /api/v1/media/:id',
      'GET /api/v1/media/:id',
      'GET /api/v1/media/:id',
      'POST /api/v1/statuses',
    ]);
    expect(mastodon.statuses.find((status) => status.id === made.id)?.mediaIds).toHaveLength(2);
  });

  it('fails with a clear reason, posting nothing, when an upload fails midway; the retry uploads only the rest', async () => {
    const images = [await outgoingImage({ mediaId: 'media-first' }), await outgoingImage({ mediaId: 'media-second' })];
    const first = outgoingPost({ images });
    const statusesBefore = mastodon.statuses.length;
    mastodon.failMediaUpload(2, { status: 503 });

    const failure = await mastodonAdapter.publishPost(connection, first).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(PlatformUnavailableError);
    expect((failure as Error).message).toBe(`${mastodon.instance} answered 503 (Internal Server Error)`);
    expect(mastodon.statuses.length).toBe(statusesBefore);
    const recorded = first.steps.at(-1)!;
    expect(Object.keys(recorded)).toEqual(['media-first']);

    const uploadsBefore = mastodon.media.length;
    const retry = outgoingPost({ images, step: recorded, idempotencyKey: first.idempotencyKey });
    const made = await mastodonAdapter.publishPost(connection, retry);

    expect(mastodon.media.length).toBe(uploadsBefore + 1);
    expect(mastodon.statuses.find((status) => status.id === made.id)?.mediaIds).toEqual([
      recorded['media-first'],
      mastodon.media.at(-1)!.id,
    ]);
  });

  it('after a lost answer to the status, the retry reuses the uploads and gets the status already made', async () => {
    const images = [await outgoingImage({ mediaId: 'media-kept', alt: 'A gull on the slipway' })];
    const first = outgoingPost({ images });
    mastodon.failStatus(1, { madeThenLost: true });
    await expect(mastodonAdapter.publishPost(connection, first)).rejects.toBeInstanceOf(PlatformUnavailableError);
    const statusesBefore = mastodon.statuses.length;

    const { made, recorded } = await expectRetryReusesRecordedUploads(first, {
      publish: (retry) => mastodonAdapter.publishPost(connection, retry),
      uploads: () => mastodon.media.length,
    });

    expect(mastodon.statuses.length).toBe(statusesBefore);
    expect(mastodon.statuses.at(-1)).toMatchObject({ id: made.id, mediaIds: [recorded['media-kept']] });
  });

  it('refuses a recorded media id the instance does not know, naming it', async () => {
    const post = outgoingPost({
      images: [await outgoingImage({ mediaId: 'media-stale' })],
      step: { 'media-stale': '999999999' },
    });

    await expect(mastodonAdapter.publishPost(connection, post)).rejects.toThrow(
      new PlatformRejectedError('Media 999999999 not found or already attached to another post'),
    );
  });

  it('asks to reconnect when the grant predates pictures (no write:media), posting nothing', async () => {
    const olderGrant = {
      ...connection,
      credentials: { ...connection.credentials, accessToken: mastodon.issueToken(['read:accounts', 'write:statuses']) },
    };
    const statusesBefore = mastodon.statuses.length;

    await expect(
      mastodonAdapter.publishPost(olderGrant, outgoingPost({ images: [await outgoingImage({})] })),
    ).rejects.toThrow(
      new ReconnectRequiredError(
        `${mastodon.instance} did not allow ThreadSnip to upload images (This action is outside the authorized scopes). Reconnect Mastodon in Account Settings.`,
      ),
    );
    expect(mastodon.statuses.length).toBe(statusesBefore);
  });

  it('fails clearly, posting nothing, when a picture is never processed; the retry reuses the upload', async () => {
    mastodon.processNextMediaAfter(Number.POSITIVE_INFINITY);
    const post = outgoingPost({ images: [await outgoingImage({ mediaId: 'media-stuck' })] });
    const statusesBefore = mastodon.statuses.length;

    await expect(mastodonAdapter.publishPost(connection, post)).rejects.toThrow(
      new PlatformUnavailableError(`${mastodon.instance} did not finish processing an image in time`),
    );
    expect(mastodon.statuses.length).toBe(statusesBefore);

    mastodon.media.at(-1)!.pollsUntilProcessed = 0;
    const { recorded } = await expectRetryReusesRecordedUploads(post, {
      publish: (retry) => mastodonAdapter.publishPost(connection, retry),
      uploads: () => mastodon.media.length,
    });
    expect(mastodon.statuses.at(-1)?.mediaIds).toEqual([recorded['media-stuck']]);
  });
});
