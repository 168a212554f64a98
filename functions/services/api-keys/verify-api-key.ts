/**
 * The API key verifier the Lambda authorizer runs (and the local bridge, before every /v1 handler):
 * `Authorization: Bearer tsk_live_…` → the key's workspace, creator and scopes, or a refusal.
 */
import { API_KEY_SCOPES, type ApiKeyScope } from '#shared/schemas/api-keys';
import { findAccountTombstone } from '../../data/account-deletion-repository';
import { type ApiKeyRecord, getApiKeyByHash, recordApiKeyUse } from '../../data/api-key-repository';
import { recordSecurityEvent } from '../../data/security-event-repository';
import { InvalidApiKeyError } from '../../lib/errors';
import { hashApiKeySecret, secretFromAuthorization } from './key-secret';

/** A key's last use is written at most once a minute (and at once from a new address). */
export const LAST_USE_RESOLUTION_MS = 60_000;

/** Who a verified key acts as, where, and with what. */
export interface ApiKeyPrincipal {
  keyId: string;
  userId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
}

export interface KeyUse {
  /** The request's Authorization header. */
  authorization: string | undefined;
  sourceIp: string;
  userAgent: string;
  now: Date;
}

/**
 * Verifies a key: hashed, read with one consistent GetItem, refused when unknown or revoked or its
 * creator's account is deleted (all one 401 `api_key_invalid`, so nothing tells them apart). Its use
 * is recorded at most once a minute, and at once from an address it has not come from lately (a
 * security event).
 */
export async function verifyApiKey(use: KeyUse): Promise<ApiKeyPrincipal> {
  const secret = secretFromAuthorization(use.authorization);
  const key = await getApiKeyByHash(hashApiKeySecret(secret));
  if (!key || key.revokedAt) throw new InvalidApiKeyError();
  if (await findAccountTombstone(key.userId, use.now)) throw new InvalidApiKeyError();
  await noteUse(key, use);
  return {
    keyId: key.keyId,
    userId: key.userId,
    workspaceId: key.workspaceId,
    scopes: key.scopes.filter((scope) => API_KEY_SCOPES.includes(scope)),
  };
}

async function noteUse(key: ApiKeyRecord, use: KeyUse): Promise<void> {
  const address = use.sourceIp || 'unknown';
  const newAddress = !key.addresses.includes(address);
  const notBefore = new Date(use.now.getTime() - LAST_USE_RESOLUTION_MS);
  if (!newAddress && key.lastUsedAt && key.lastUsedAt >= notBefore.toISOString()) return;
  const recorded = await recordApiKeyUse(key.keyHash, {
    now: use.now,
    notBefore,
    addresses: newAddress ? [...key.addresses, address] : key.addresses,
    newAddress,
  });
  // The conditional write decides, so two first uses from one address at once record one event.
  if (recorded && newAddress)
    await recordSecurityEvent(
      key.userId,
      'api_key_used_from_new_address',
      { keyId: key.keyId, workspaceId: key.workspaceId, sourceIp: address, userAgent: use.userAgent.slice(0, 500) },
      use.now,
    );
}
