import S3rver from 's3rver';
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account.js';
import { LOCAL_AWS_ENV } from './aws-env';

/** The local media bucket's name (MEDIA_BUCKET). */
export const LOCAL_MEDIA_BUCKET = 'threadsnip-media';

/** The bucket's CORS rules: the app's origins may GET pictures and POST uploads (presigned forms). */
function corsConfiguration(allowedOrigins: string[]): string {
  const origins = allowedOrigins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${origins}<AllowedMethod>GET</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/**
 * Starts s3rver on 127.0.0.1 with the media bucket created and its files under `directory` (or
 * removed on close when none is given). The same SDK calls as in the cloud, path-style. s3rver
 * stores presigned POSTs without checking their policy (type, content-length-range), so the
 * server's own checks at completion are what hold locally.
 */
export async function startS3(
  port: number,
  options: { directory: string; allowedOrigins: string[]; resetOnClose?: boolean },
): Promise<{ endpoint: string; bucket: string; close: () => Promise<void> }> {
  // s3rver knows only its own key pair; the local processes sign with LOCAL_AWS_ENV's.
  DUMMY_ACCOUNT.createKeyPair(LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID, LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY);
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: options.directory,
    resetOnClose: options.resetOnClose ?? false,
    vhostBuckets: false,
    configureBuckets: [{ name: LOCAL_MEDIA_BUCKET, configs: [corsConfiguration(options.allowedOrigins)] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, bucket: LOCAL_MEDIA_BUCKET, close: () => server.close() };
}
