import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWebhookBody,
  createWebhookBodySchema,
  type UpdateWebhookBody,
  updateWebhookBodySchema,
  webhookDeliveriesResponseSchema,
  webhookEndpointsResponseSchema,
  webhookSecretResponseSchema,
  webhookTestResponseSchema,
  webhookUpdatedResponseSchema,
} from '#shared/schemas/webhooks';
import { WORKSPACE_HEADER } from '#shared/workspaces/roles';
import { apiRequest } from '#web/lib/api-client';

const endpointsKey = (workspaceId: string) => ['webhooks', workspaceId] as const;
const deliveriesKey = (workspaceId: string, endpointId: string) => ['webhooks', workspaceId, endpointId] as const;
const inWorkspace = (workspaceId: string) => ({ [WORKSPACE_HEADER]: workspaceId });
const path = (endpointId: string, rest = '') => `/webhooks/${encodeURIComponent(endpointId)}${rest}`;

/** GET /api/webhooks: the workspace's endpoints (never a secret). */
export function useWebhooks(workspaceId: string) {
  return useQuery({
    queryKey: endpointsKey(workspaceId),
    queryFn: () =>
      apiRequest('/webhooks', { headers: inWorkspace(workspaceId), schema: webhookEndpointsResponseSchema }),
  });
}

/** GET /api/webhooks/{id}/deliveries: its last tries, newest first (loaded when shown). */
export function useWebhookDeliveries(workspaceId: string, endpointId: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(workspaceId, endpointId),
    enabled,
    queryFn: () =>
      apiRequest(path(endpointId, '/deliveries'), {
        headers: inWorkspace(workspaceId),
        schema: webhookDeliveriesResponseSchema,
      }),
  });
}

/** Add, change, rotate, test and delete endpoints; each refreshes what it changed. */
export function useWebhookActions(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointsKey(workspaceId) });
  const headers = inWorkspace(workspaceId);
  return {
    create: useMutation({
      mutationFn: (body: CreateWebhookBody) =>
        apiRequest('/webhooks', {
          method: 'POST',
          headers,
          bodySchema: createWebhookBodySchema,
          body,
          schema: webhookSecretResponseSchema,
        }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ endpointId, body }: { endpointId: string; body: UpdateWebhookBody }) =>
        apiRequest(path(endpointId), {
          method: 'PATCH',
          headers,
          bodySchema: updateWebhookBodySchema,
          body,
          schema: webhookUpdatedResponseSchema,
        }),
      onSuccess: refresh,
    }),
    rotate: useMutation({
      mutationFn: (endpointId: string) =>
        apiRequest(path(endpointId, '/rotate'), { method: 'POST', headers, schema: webhookSecretResponseSchema }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (endpointId: string) =>
        apiRequest(path(endpointId, '/test'), { method: 'POST', headers, schema: webhookTestResponseSchema }),
      onSuccess: (_answer, endpointId) =>
        queryClient.invalidateQueries({ queryKey: deliveriesKey(workspaceId, endpointId) }),
    }),
    remove: useMutation({
      mutationFn: (endpointId: string) => apiRequest(path(endpointId), { method: 'DELETE', headers }),
      onSuccess: refresh,
    }),
  };
}
