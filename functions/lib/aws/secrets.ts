import { TransformParameterError } from '@aws-lambda-powertools/parameters';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretName } from '../../manifest';
import { config } from '../config';
import { traced } from '../tracer';

/**
 * How long a secret read from Secrets Manager is reused: long enough that a warm Lambda asks once
 * in a while, short enough that a value the operator fills in or rolls reaches it within minutes.
 * (Powertools' own default is 5 s, a request on almost every invocation.)
 */
export const SECRET_MAX_AGE_SECONDS = 300;

let provider: SecretsProvider | undefined;

/** The process's one provider: a traced client, and Powertools' cache (a failed read is not cached). */
function secretsProvider(): SecretsProvider {
  provider ??= new SecretsProvider({
    awsSdkV3Client: traced(
      new SecretsManagerClient({ region: config().region, endpoint: config().endpoints.secretsManager }),
    ),
  });
  return provider;
}

/** A secret's string (a name or an ARN), read at run time and cached for SECRET_MAX_AGE_SECONDS. */
export async function secretString(id: string): Promise<string | undefined> {
  const value = await secretsProvider().get(id, { maxAge: SECRET_MAX_AGE_SECONDS });
  return typeof value === 'string' ? value : undefined;
}

/** A JSON secret's value, parsed once per read and cached like secretString. */
export async function secretJson(id: string): Promise<unknown> {
  try {
    return await secretsProvider().get(id, { maxAge: SECRET_MAX_AGE_SECONDS, transform: 'json' });
  } catch (error) {
    // JSON.parse quotes the text it failed on, here the secret itself: say only which secret it was.
    if (error instanceof TransformParameterError) throw new Error(`The secret ${id} is not JSON`);
    throw error;
  }
}

/**
 * One key of the deployment's API keys secret (`OPENAI_API_KEY`, `OAUTH_STATE_SECRET`), or
 * undefined when it is not set. In the cloud the JSON secret named by API_KEYS_SECRET_NAME, of
 * which a function may read only the keys its manifest entry declares (API_KEYS_SECRET_KEYS, set by
 * the CDK app from the manifest); locally and in tests the environment variable of the same name.
 */
export async function apiKey(name: SecretName): Promise<string | undefined> {
  const { secretName, keys, fromEnvironment } = config().apiKeys;
  if (!secretName) return fromEnvironment[name];
  if (!keys.includes(name)) throw new Error(`This function does not declare the secret key ${name}`);
  const secret = await secretJson(secretName);
  const value = secret && typeof secret === 'object' ? (secret as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' && value ? value : undefined;
}
