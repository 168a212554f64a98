import { describe, expect, it } from 'vitest';
import { uploadOnce } from '#functions/services/platforms/media-uploads';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { outgoingImage } from '../../helpers/outgoing-images';
import { outgoingPost } from '../../helpers/outgoing-posts';

describe('uploadOnce', () => {
  it('uploads each picture once, recording every id so far after each upload', async () => {
    const images = [await outgoingImage({ mediaId: 'a' }), await outgoingImage({ mediaId: 'b' })];
    const post = outgoingPost({ images, step: { containerId: 'kept' } });
    const uploaded: string[] = [];

    const ids = await uploadOnce(post, images, IMAGE_LIMITS.mastodon, async (image) => {
      uploaded.push(image.mediaId);
      return `remote-${image.mediaId}`;
    });

    expect(ids).toEqual(['remote-a', 'remote-b']);
    expect(uploaded).toEqual(['a', 'b']);
    expect(post.steps).toEqual([
      { containerId: 'kept', a: 'remote-a' },
      { containerId: 'kept', a: 'remote-a', b: 'remote-b' },
    ]);
  });

  it('reuses what an earlier attempt recorded and uploads only the rest', async () => {
    const images = [await outgoingImage({ mediaId: 'a' }), await outgoingImage({ mediaId: 'b' })];
    const post = outgoingPost({ images, step: { a: 'remote-a' } });
    const uploaded: string[] = [];

    const ids = await uploadOnce(post, images, IMAGE_LIMITS.mastodon, async (image) => {
      uploaded.push(image.mediaId);
      return `again-${image.mediaId}`;
    });

    expect(ids).toEqual(['remote-a', 'again-b']);
    expect(uploaded).toEqual(['b']);
  });

  it('refuses, before uploading anything, more pictures than the platform takes or alt text too long', async () => {
    const five = await Promise.all([1, 2, 3, 4, 5].map((n) => outgoingImage({ mediaId: `m${n}` })));
    const wordy = await outgoingImage({ alt: 'x'.repeat(1501) });
    let uploads = 0;
    const upload = async () => String(++uploads);

    await expect(uploadOnce(outgoingPost(), five, IMAGE_LIMITS.mastodon, upload)).rejects.toThrow(
      'A post can carry at most 4 images here, not 5',
    );
    await expect(uploadOnce(outgoingPost(), [wordy], IMAGE_LIMITS.mastodon, upload)).rejects.toThrow(
      "An image's alt text is longer than 1500 characters",
    );
    // No alt field (Telegram): the alt text does not travel, so its length does not matter.
    await expect(uploadOnce(outgoingPost(), [wordy], IMAGE_LIMITS.telegram, upload)).resolves.toEqual(['1']);
    expect(uploads).toBe(1);
  });
});
