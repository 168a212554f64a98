import sharp, { type Sharp } from 'sharp';
import { mediaMessages } from '#shared/messages/media';
import type { ImageLimits } from '#shared/publishing/image-limits';
import type { MediaMimeType } from '#shared/schemas/media';
import { ImageRejectedError } from './media-errors';

/**
 * Every picture is decoded and re-encoded here before it is stored or sent (never passed through
 * as received): its type read from its bytes, its size capped before decoding, turned upright, and
 * written anew in sRGB without any metadata (EXIF, GPS, XMP, ICC).
 */

/** Decoding stops above this many pixels (a decompression bomb declares huge dimensions in a small file). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** A picture re-encoded by the server. */
export interface ProcessedImage {
  bytes: Buffer;
  mimeType: MediaMimeType;
  width: number;
  height: number;
}

/** The type a file's first bytes declare, or null: only JPEG, PNG, WebP and GIF are recognised (never SVG). */
export function sniffImageType(bytes: Uint8Array): MediaMimeType | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(ascii('GIF87a')) || starts(ascii('GIF89a'))) return 'image/gif';
  if (starts(ascii('RIFF')) && starts(ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** sharp's name of each format we read. */
const SHARP_FORMAT: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * Reads a picture from outside (an upload, the article's image) and re-encodes it. GIFs keep their
 * first frame only, as a PNG: an animation multiplies the pixels decoded by its frames, and half the
 * platforms take no GIF (Bluesky, Threads, Telegram photos) or treat it as video (X).
 */
export async function normaliseImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const declared = sniffImageType(bytes);
  if (!declared) throw new ImageRejectedError(mediaMessages.notAnImage);
  const input = decoder(bytes);
  let format: string | undefined;
  try {
    ({ format } = await input.metadata());
  } catch (error) {
    throw rejection(error);
  }
  // The header parsed as another format than the magic number said: a polyglot or a disguised file.
  if (format !== SHARP_FORMAT[declared]) throw new ImageRejectedError(mediaMessages.notAnImage);
  const mimeType: MediaMimeType = declared === 'image/gif' ? 'image/png' : declared;
  return encode(input.autoOrient(), mimeType, QUALITIES[0]);
}

/**
 * Makes a re-encoded picture fit one platform: the longest side within `maxDimension`, a type the
 * platform takes, and at most `maxBytes` (lower quality first, then PNG without transparency as
 * JPEG, then smaller sides). Throws ImageRejectedError when nothing fits.
 */
export async function fitToLimits(image: ProcessedImage, limits: ImageLimits): Promise<ProcessedImage> {
  const fitsAsIs =
    limits.mimeTypes.includes(image.mimeType) &&
    Math.max(image.width, image.height) <= limits.maxDimension &&
    image.bytes.byteLength <= limits.maxBytes;
  if (fitsAsIs) return image;
  const opaque = (await sharp(image.bytes).stats()).isOpaque;
  const candidates = outputTypes(image.mimeType, opaque, limits.mimeTypes);
  const cannotFit = new ImageRejectedError(mediaMessages.cannotFit((limits.maxBytes / 1_000_000).toFixed(1)));
  if (candidates.length === 0) throw cannotFit;
  let longestSide = Math.min(Math.max(image.width, image.height), limits.maxDimension);
  for (let shrink = 0; shrink <= MAX_SHRINKS; shrink++) {
    for (const mimeType of candidates) {
      for (const quality of mimeType === 'image/png' ? [QUALITIES[0]] : QUALITIES) {
        const resized = decoder(image.bytes).resize({
          width: longestSide,
          height: longestSide,
          fit: 'inside',
          withoutEnlargement: true,
        });
        const encoded = await encode(resized, mimeType, quality);
        if (encoded.bytes.byteLength <= limits.maxBytes) return encoded;
      }
    }
    longestSide = Math.round(longestSide * SHRINK_FACTOR);
  }
  throw cannotFit;
}

/** JPEG and WebP qualities tried in turn, best first. */
const QUALITIES = [85, 75, 65, 50] as const;
/** After every quality failed, the sides shrink by this much, at most this many times (to ~a third). */
const SHRINK_FACTOR = 0.75;
const MAX_SHRINKS = 4;

/** The types to try, in order: the picture's own when allowed, then JPEG (opaque only), WebP, PNG. */
function outputTypes(current: MediaMimeType, opaque: boolean, allowed: readonly MediaMimeType[]): MediaMimeType[] {
  const preferred: MediaMimeType[] = [current, ...(opaque ? ['image/jpeg' as const] : []), 'image/webp', 'image/png'];
  // GIF is never written: its palette would spoil a photo, and every platform that takes GIF takes PNG or JPEG.
  const usable = [...new Set(preferred)].filter((type) => allowed.includes(type) && type !== 'image/gif');
  return usable;
}

function decoder(bytes: Uint8Array): Sharp {
  // 'truncated' refuses a cut-off file; lesser warnings (a stray marker) still decode, as browsers do.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false });
}

async function encode(pipeline: Sharp, mimeType: MediaMimeType, quality: number): Promise<ProcessedImage> {
  // sharp writes no metadata unless asked, and converts to sRGB from any embedded profile.
  const srgb = pipeline.toColourspace('srgb');
  const typed =
    mimeType === 'image/jpeg'
      ? srgb.flatten({ background: '#ffffff' }).jpeg({ quality, optimiseCoding: true })
      : mimeType === 'image/webp'
        ? srgb.webp({ quality })
        : srgb.png();
  try {
    const { data, info } = await typed.toBuffer({ resolveWithObject: true });
    return { bytes: data, mimeType, width: info.width, height: info.height };
  } catch (error) {
    throw rejection(error);
  }
}

/** sharp's refusal as the curator's message: the pixel cap, or a file that does not decode. */
function rejection(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new ImageRejectedError(mediaMessages.tooManyPixels(MAX_INPUT_PIXELS / 1e6));
  return new ImageRejectedError(mediaMessages.unreadable);
}
