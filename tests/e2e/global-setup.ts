import { buildWeb } from '../../local/web-assets';

/**
 * Makes web/dist-local the production build of this checkout, as `npm start` does (rebuilt only when
 * a web source changed since the last build); each e2e test then starts its own stack serving it.
 */
export default async function globalSetup(): Promise<void> {
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
  await buildWeb();
}
