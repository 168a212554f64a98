import { useMutation } from '@tanstack/react-query';
import { type OAuthStartRequest, oauthStartResponseSchema } from '../../../../../shared/schemas/publishing';
import type { Platform } from '../../../../../shared/schemas/thread';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/connections/{platform}/authorize: the platform's consent page for this user (state bound server-side). */
export function authorizePlatform(platform: Platform, request: OAuthStartRequest): Promise<{ url: string }> {
  return apiRequest(`/connections/${platform}/authorize`, {
    method: 'POST',
    body: request,
    schema: oauthStartResponseSchema,
  });
}

/** Starts (or restarts, to refresh a connection) a platform's OAuth flow: the browser leaves for the platform. */
export function useAuthorizePlatform(platform: Platform) {
  return useMutation({
    mutationFn: (request: OAuthStartRequest) => authorizePlatform(platform, request),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
