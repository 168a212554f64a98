/** An API key's secret: how one is made, how it is stored (its hash), and how a request presents it. */
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SECRET_PATTERN } from '#shared/schemas/api-keys';
import { InvalidApiKeyError } from '../../lib/errors';

/** A new secret: the scanners' prefix and 32 random bytes, base64url. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a secret: its SHA-256, hex (the secret has 256 random bits, so no salt or stretching is needed). */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The secret of an `Authorization: Bearer tsk_live_…` header; refused unless it has exactly that form. */
export function secretFromAuthorization(authorization: string | undefined): string {
  const secret = /^Bearer (\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!secret || !API_KEY_SECRET_PATTERN.test(secret)) throw new InvalidApiKeyError();
  return secret;
}
