import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitToLimits, normaliseImage, sniffImageType } from '#functions/services/media/image-processing';
import { ImageRejectedError } from '#functions/services/media/media-errors';
import { mediaMessages } from '#shared/messages/media';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';

// Hostile and ordinary pictures through the one decode/re-encode step every stored image takes.

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 30 } } });

/** A PNG whose header declares `width`×`height` but holds one row's worth of data (a decompression bomb's shape). */
function bombPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(bytes: Uint8Array): Promise<ImageRejectedError> {
  const error = await normaliseImage(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe('sniffImageType', () => {
  it('recognises the four types by their magic numbers and nothing else', async () => {
    expect(sniffImageType(await photo(4, 4).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await photo(4, 4).png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await photo(4, 4).webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await photo(4, 4).gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('normaliseImage', () => {
  it('re-encodes a JPEG upright, and drops its EXIF with the GPS position', async () => {
    const withGps = await photo(40, 20)
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const image = await normaliseImage(withGps);

    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 20, height: 40 });
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.bytes.includes('SpyCam')).toBe(false);
    expect(image.bytes.includes('Exif')).toBe(false);
  });

  it('keeps PNG and WebP as they are, and a GIF as its first frame in PNG', async () => {
    expect((await normaliseImage(await photo(10, 10).png().toBuffer())).mimeType).toBe('image/png');
    expect((await normaliseImage(await photo(10, 10).webp().toBuffer())).mimeType).toBe('image/webp');
    const gif = await normaliseImage(await photo(12, 8).gif().toBuffer());
    expect(gif).toMatchObject({ mimeType: 'image/png', width: 12, height: 8 });
  });

  it('refuses a 20000×20000 PNG before decoding it', async () => {
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(200_000);

    const error = await refusal(bomb);

    expect(error.message).toBe(mediaMessages.tooManyPixels(40));
    expect(error.status).toBe(400);
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();

    const error = await refusal(whole.subarray(0, Math.floor(whole.byteLength / 2)));

    expect(error.message).toBe(mediaMessages.unreadable);
  });

  it('refuses an SVG with a script, whatever type it was declared as', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
    );

    expect((await refusal(svg)).message).toBe(mediaMessages.notAnImage);
  });

  it('refuses a file whose magic number lies (a GIF header over a script) and strips what trails a real image', async () => {
    expect((await refusal(Buffer.from('GIF89a=1;alert(document.domain)//'))).code).toBe('image_rejected');
    const png = await photo(8, 8).png().toBuffer();
    expect((await refusal(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]))).code).toBe('image_rejected');

    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const image = await normaliseImage(polyglot);

    expect(image.bytes.includes('<script>')).toBe(false);
    expect(image.mimeType).toBe('image/png');
  });
});

describe('fitToLimits', () => {
  it("fits a huge noisy PNG under Bluesky's 1,000,000 bytes and 2000 pixels", async () => {
    const noisy = await sharp({
      create: {
        width: 2600,
        height: 1800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const image = await normaliseImage(noisy);
    expect(image.bytes.byteLength).toBeGreaterThan(5_000_000);

    const fitted = await fitToLimits(image, IMAGE_LIMITS.bluesky);

    expect(fitted.bytes.byteLength).toBeLessThanOrEqual(1_000_000);
    expect(Math.max(fitted.width, fitted.height)).toBeLessThanOrEqual(2000);
    expect(fitted.mimeType).toBe('image/jpeg');
    expect((await sharp(fitted.bytes).metadata()).format).toBe('jpeg');
    // Several encodes of a 2000-pixel picture: seconds on a busy machine.
  }, 30_000);

  it('keeps a transparent PNG transparent, and returns a picture that already fits unchanged', async () => {
    const transparent = await normaliseImage(
      await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
        .png()
        .toBuffer(),
    );

    expect(await fitToLimits(transparent, IMAGE_LIMITS.twitter)).toBe(transparent);
    const webp = await normaliseImage(await photo(64, 64).webp().toBuffer());
    const asThreads = await fitToLimits(webp, IMAGE_LIMITS.threads);
    expect(asThreads.mimeType).toBe('image/jpeg');
  });

  it('throws a clear error when nothing fits', async () => {
    const image = await normaliseImage(await photo(500, 500).png().toBuffer());

    await expect(fitToLimits(image, { ...IMAGE_LIMITS.bluesky, maxBytes: 10 })).rejects.toThrow(
      mediaMessages.cannotFit('0.0'),
    );
  });
});
