import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';

const notificationsSchema = z.object({
  notifications: z.array(
    z.object({
      notificationId: z.string(),
      createdAt: z.string(),
      kind: z.string(),
      text: z.string(),
      link: z.string().nullable(),
      workspaceId: z.string().nullable(),
      readAt: z.string().nullable(),
    }),
  ),
  unread: z.number(),
});

export const notificationsQueryKey = (userId: string) => ['notifications', userId] as const;

/** GET /api/notifications, looked at again every minute while the app is open. */
export function useNotifications() {
  const { user } = useAuth();
  return useQuery({
    queryKey: notificationsQueryKey(user?.userId ?? ''),
    queryFn: () => apiRequest('/notifications', { schema: notificationsSchema }),
    enabled: Boolean(user),
    refetchInterval: 60_000,
  });
}

/** POST /api/notifications/read: the menu was opened, what it shows is read. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/notifications/read', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
