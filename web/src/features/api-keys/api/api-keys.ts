import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeysResponseSchema,
  type CreateApiKeyBody,
  createApiKeyBodySchema,
  createdApiKeyResponseSchema,
} from '#shared/schemas/api-keys';
import { WORKSPACE_HEADER } from '#shared/workspaces/roles';
import { apiRequest } from '#web/lib/api-client';

const keysKey = (workspaceId: string) => ['api-keys', workspaceId] as const;
/** Each request names its workspace: account settings shows the personal one's keys whichever is current. */
const inWorkspace = (workspaceId: string) => ({ [WORKSPACE_HEADER]: workspaceId });

/** GET /api/api-keys: the workspace's live keys (never a secret). */
export function useApiKeys(workspaceId: string) {
  return useQuery({
    queryKey: keysKey(workspaceId),
    queryFn: () => apiRequest('/api-keys', { headers: inWorkspace(workspaceId), schema: apiKeysResponseSchema }),
  });
}

/** Make a key (its secret only in the answer) and revoke one; each refreshes the list. */
export function useApiKeyActions(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keysKey(workspaceId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateApiKeyBody) =>
        apiRequest('/api-keys', {
          method: 'POST',
          headers: inWorkspace(workspaceId),
          bodySchema: createApiKeyBodySchema,
          body,
          schema: createdApiKeyResponseSchema,
        }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (keyId: string) =>
        apiRequest(`/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE', headers: inWorkspace(workspaceId) }),
      onSuccess: refresh,
    }),
  };
}
