import { buildWeb } from '../../local/web-assets';

/** Builds the SPA once; each e2e test then starts its own stack serving that build. */
export default async function globalSetup(): Promise<void> {
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
  await buildWeb();
}
