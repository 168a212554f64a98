import { useMutation } from '@tanstack/react-query';
import { type AuthorizeRequest, authorizeResponseSchema } from '../../../../../shared/schemas/publishing';
import type { Platform } from '../../../../../shared/schemas/thread';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/connections/{platform}/authorize: the platform's consent page for this user (state bound server-side). */
export function authorizePlatform(platform: Platform, request: AuthorizeRequest): Promise<{ url: string }> {
  return apiRequest(`/connections/${platform}/authorize`, {
    method: 'POST',
    body: request,
    schema: authorizeResponseSchema,
  });
}

/** Starts (or restarts, to refresh a connection) a platform's OAuth flow: the browser leaves for the platform. */
export function useAuthorizePlatform(platform: Platform) {
  return useMutation({
    mutationFn: (request: AuthorizeRequest) => authorizePlatform(platform, request),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
