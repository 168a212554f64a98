/**
 * A workspace's API keys: made (the secret returned once, only its SHA-256 kept), listed, revoked.
 * The route checks the caller may manage the workspace's keys (API_KEY_MANAGE_PERMISSION).
 */
import { randomBytes } from 'node:crypto';
import { apiErrorMessages } from '#shared/messages/api-errors';
import {
  API_KEY_SHOWN_CHARS,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKeyResponse,
} from '#shared/schemas/api-keys';
import {
  type ApiKeyRecord,
  findApiKeyOfWorkspace,
  listApiKeysOfWorkspace,
  putApiKey,
  revokeApiKey as revokeStoredApiKey,
} from '../../data/api-key-repository';
import { recordSecurityEvent } from '../../data/security-event-repository';
import { NotFoundError } from '../../lib/errors';
import { hashApiKeySecret, newApiKeySecret } from './key-secret';

function listed(key: ApiKeyRecord): ApiKey {
  return {
    id: key.keyId,
    name: key.name,
    scopes: key.scopes,
    prefix: key.prefix,
    createdAt: key.createdAt,
    createdBy: key.userId,
    lastUsedAt: key.lastUsedAt,
  };
}

export interface KeyRequest {
  userId: string;
  workspaceId: string;
  userAgent: string;
  now: Date;
}

/** Makes a key for the workspace, acting as its creator; the answer is the only place its secret appears. */
export async function createApiKey(request: KeyRequest, body: CreateApiKeyBody): Promise<CreatedApiKeyResponse> {
  const secret = newApiKeySecret();
  const record = {
    keyId: `key_${randomBytes(12).toString('base64url')}`,
    keyHash: hashApiKeySecret(secret),
    workspaceId: request.workspaceId,
    userId: request.userId,
    name: body.name,
    scopes: body.scopes,
    prefix: secret.slice(0, API_KEY_SHOWN_CHARS),
    createdAt: request.now.toISOString(),
  };
  await putApiKey(record);
  await recordSecurityEvent(
    request.userId,
    'api_key_created',
    { keyId: record.keyId, workspaceId: record.workspaceId, scopes: record.scopes, userAgent: request.userAgent },
    request.now,
  );
  return { key: listed({ ...record, lastUsedAt: null, revokedAt: null, addresses: [] }), secret };
}

/** The workspace's live keys, oldest first, without secrets or hashes. */
export async function listApiKeys(workspaceId: string): Promise<ApiKey[]> {
  return (await listApiKeysOfWorkspace(workspaceId)).map(listed);
}

/** Revokes one of the workspace's keys: the next request with it is refused. 404 for a key not listed there. */
export async function revokeApiKey(request: KeyRequest, keyId: string): Promise<void> {
  const key = await findApiKeyOfWorkspace(request.workspaceId, keyId);
  if (!key || !(await revokeStoredApiKey(request.workspaceId, key.keyHash, request.now)))
    throw new NotFoundError(apiErrorMessages.api_key_not_found, 'api_key_not_found');
  await recordSecurityEvent(
    request.userId,
    'api_key_revoked',
    { keyId, workspaceId: request.workspaceId, createdBy: key.userId, userAgent: request.userAgent },
    request.now,
  );
}
