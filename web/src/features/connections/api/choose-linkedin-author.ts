import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConnectionView, connectionViewSchema, linkedinIdentityRequestSchema } from '#shared/schemas/publishing';
import { apiRequest } from '#web/lib/api-client';

/** PUT /api/connections/linkedin/identity: post as the member (null) or as a page they administer. */
export function chooseLinkedInAuthor(organizationUrn: string | null): Promise<ConnectionView> {
  return apiRequest('/connections/linkedin/identity', {
    method: 'PUT',
    bodySchema: linkedinIdentityRequestSchema,
    body: { organizationUrn },
    schema: connectionViewSchema,
  });
}

/** Saves the choice, then refreshes the connection list. */
export function useChooseLinkedInAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseLinkedInAuthor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
