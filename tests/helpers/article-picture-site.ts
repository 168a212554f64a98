import sharp from 'sharp';
import { serveOnLoopback } from '../fakes/fake-http';

/**
 * A news site serving its article's picture (a small JPEG at every path) on loopback; `host` is for
 * ALLOW_PRIVATE_FETCH_HOSTS, so the outbound guard lets the picture through.
 */
export async function startArticlePictureSite() {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const server = await serveOnLoopback((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
  });
  return { ...server, host: new URL(server.url).host, pictureUrl: `${server.url}/media/ferry.jpg` };
}
