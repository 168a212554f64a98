import { useMutation } from '@tanstack/react-query';
import {
  type OAuthStartRequest,
  type OAuthStartResponse,
  oauthStartRequestSchema,
  oauthStartResponseSchema,
} from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';
import { leaveFor } from '#web/lib/leave-for';

/** POST /api/connections/{platform}/authorize: the provider's consent-screen URL to send the browser to. */
export function startOAuthAuthorization(platform: Platform, request: OAuthStartRequest): Promise<OAuthStartResponse> {
  return apiRequest(`/connections/${platform}/authorize`, {
    method: 'POST',
    bodySchema: oauthStartRequestSchema,
    body: request,
    schema: oauthStartResponseSchema,
  });
}

/** Starts a consent-screen connection and leaves for the provider's page. */
export function useStartOAuthAuthorization(platform: Platform) {
  return useMutation({
    mutationFn: (request: OAuthStartRequest) => startOAuthAuthorization(platform, request),
    onSuccess: ({ url }) => leaveFor(url),
  });
}
