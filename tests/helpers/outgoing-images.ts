import sharp from 'sharp';
import type { OutgoingImage } from '#functions/services/platforms/platform-adapter';
import type { MediaMimeType } from '#shared/schemas/media';

/**
 * A real picture for adapter tests: a solid image encoded by sharp, so a stand-in can check the bytes
 * it receives are the image's. `publicUrl` answers the URL given (a stand-in's file route).
 */
export async function outgoingImage(options: {
  mediaId?: string;
  width?: number;
  height?: number;
  mimeType?: Extract<MediaMimeType, 'image/png' | 'image/jpeg'>;
  alt?: string;
  publicUrl?: string;
}): Promise<OutgoingImage & { data: Uint8Array }> {
  const { width = 64, height = 48, mimeType = 'image/png', alt = 'A test picture' } = options;
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  const data = new Uint8Array(await (mimeType === 'image/png' ? canvas.png() : canvas.jpeg()).toBuffer());
  return {
    mediaId: options.mediaId ?? 'media-test-0001',
    mimeType,
    width,
    height,
    bytes: data.byteLength,
    alt,
    data,
    read: async () => data,
    publicUrl: async () => options.publicUrl ?? 'http://127.0.0.1:9/media/media-test-0001',
  };
}
