import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { OutgoingImage } from '#functions/services/platforms/platform-adapter';
import type { MediaMimeType } from '#shared/schemas/media';
import { serveOnLoopback } from '../fakes/fake-http';

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

/**
 * The media bucket's short-lived URLs as a platform that fetches pictures itself (Facebook,
 * Threads) reaches them: each picture at /media/{mediaId}.
 */
export async function startMediaHost() {
  const hosted = new Map<string, Uint8Array>();
  const server = await serveOnLoopback((req, res) => {
    const bytes = hosted.get(req.url ?? '');
    res.writeHead(bytes ? 200 : 404, { 'content-type': 'application/octet-stream' });
    res.end(bytes);
  });
  return {
    /** A picture the host serves (or, `unreachable`, one whose URL answers 404). */
    async picture(alt: string, options: { unreachable?: boolean } = {}) {
      const mediaId = `media-${randomUUID()}`;
      const image = await outgoingImage({ mediaId, alt, publicUrl: `${server.url}/media/${mediaId}` });
      if (!options.unreachable) hosted.set(`/media/${mediaId}`, image.data);
      return image;
    },
    close: server.close,
  };
}
