import * as z from 'zod';
import type { WorkspacePermission } from '../workspaces/roles';

/**
 * What a key may do, each also needing its creator's role in the key's workspace to allow the
 * matching workspace permission when the key is used (a demoted creator's key loses the right at once).
 */
export const API_KEY_SCOPES = ['read', 'threads:write', 'publish'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The workspace permission each scope acts with. */
export const scopePermission: Record<ApiKeyScope, WorkspacePermission> = {
  read: 'read',
  'threads:write': 'write',
  publish: 'write',
};

/**
 * Creating, listing and revoking a workspace's keys: `members`, the right to decide who has access
 * to the workspace (a team's owners and admins; a personal workspace's one owner).
 */
export const API_KEY_MANAGE_PERMISSION: WorkspacePermission = 'members';

/** Every secret starts so, so secret scanners (and our own log masking) recognise one. */
export const API_KEY_PREFIX = 'tsk_live_';
/** 32 random bytes, base64url: 43 characters after the prefix. */
export const API_KEY_SECRET_PATTERN = /^tsk_live_[A-Za-z0-9_-]{43}$/;
/** How many characters of a secret the listing shows (the prefix and 4 more) to tell keys apart. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 4;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** POST /api/api-keys: a name and at least one scope. */
export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(60, 'At most 60 characters'),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const apiKeyParamsSchema = z.object({ keyId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

/** A key as listed: never its secret, nor its hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The secret's first characters (`tsk_live_AbCd`), to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });

/** The answer to a creation: the key and, this once, its secret. */
export const createdApiKeyResponseSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponseSchema>;
