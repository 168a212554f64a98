import { describe, expect, it } from 'vitest';
import {
  hasRoomForMedia,
  movePostMedia,
  uploadedPostMedia,
  uploadFileProblem,
  withCuratorAlt,
} from '#shared/post-media';
import type { PostMedia } from '#shared/schemas/media';

const image = (id: string, overrides: Partial<PostMedia> = {}): PostMedia => ({
  id,
  kind: 'upload',
  mimeType: 'image/png',
  width: 800,
  height: 600,
  alt: '',
  altSource: null,
  credit: null,
  ...overrides,
});

describe('uploadFileProblem', () => {
  it('accepts JPEG, PNG, WebP and GIF up to 15 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(uploadFileProblem({ type, size: 15 * 1024 * 1024 })).toBeNull();
    }
  });

  it('refuses another type, an empty file and one over 15 MB with the server’s own words', () => {
    expect(uploadFileProblem({ type: 'image/svg+xml', size: 100 })).toBe(
      'Only JPEG, PNG, WebP and GIF images can be added',
    );
    expect(uploadFileProblem({ type: '', size: 100 })).toBe('Only JPEG, PNG, WebP and GIF images can be added');
    expect(uploadFileProblem({ type: 'image/png', size: 15 * 1024 * 1024 + 1 })).toBe('An image can be at most 15 MB');
    expect(uploadFileProblem({ type: 'image/png', size: 0 })).not.toBeNull();
  });
});

describe('a post’s pictures', () => {
  it('turns a stored upload into a post picture awaiting its alt text', () => {
    expect(
      uploadedPostMedia({
        id: 'media-0001',
        kind: 'upload',
        mimeType: 'image/webp',
        width: 640,
        height: 480,
        bytes: 5000,
        url: 'http://storage.local/x',
        createdAt: '2026-11-28T00:00:00.000Z',
      }),
    ).toEqual(image('media-0001', { mimeType: 'image/webp', width: 640, height: 480 }));
  });

  it('has room for up to 4', () => {
    expect(hasRoomForMedia([image('a-000001'), image('a-000002'), image('a-000003')])).toBe(true);
    expect(hasRoomForMedia([image('a-000001'), image('a-000002'), image('a-000003'), image('a-000004')])).toBe(false);
  });

  it('moves a picture left or right, and leaves the order alone at either end', () => {
    const ids = (media: PostMedia[]) => media.map((item) => item.id);
    const media = [image('a-000001'), image('a-000002'), image('a-000003')];
    expect(ids(movePostMedia(media, 0, 1))).toEqual(['a-000002', 'a-000001', 'a-000003']);
    expect(ids(movePostMedia(media, 2, -1))).toEqual(['a-000001', 'a-000003', 'a-000002']);
    expect(ids(movePostMedia(media, 0, -1))).toEqual(['a-000001', 'a-000002', 'a-000003']);
    expect(ids(movePostMedia(media, 2, 1))).toEqual(['a-000001', 'a-000002', 'a-000003']);
  });

  it('makes edited alt text the curator’s, a drafted one included, and clears the source when emptied', () => {
    const drafted = image('a-000001', { alt: 'A river', altSource: 'drafted' });
    expect(withCuratorAlt(drafted, 'A flooded river')).toMatchObject({ alt: 'A flooded river', altSource: 'curator' });
    expect(withCuratorAlt(drafted, ' ')).toMatchObject({ alt: ' ', altSource: null });
  });
});
