import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformSettingSchema, updatePlatformSettingRequestSchema } from '#shared/schemas/admin';
import type { Platform } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';
import { adminSettingsQueryKey } from './get-admin-settings';

/** PUT /api/admin/platforms/{platform} (update_platform_setting). */
export function updatePlatformSetting(platform: Platform, enabled: boolean) {
  return apiRequest(`/admin/platforms/${encodeURIComponent(platform)}`, {
    method: 'PUT',
    bodySchema: updatePlatformSettingRequestSchema,
    body: { enabled },
    schema: platformSettingSchema,
  });
}

/** Turns a platform on or off, then reloads the settings. */
export function useUpdatePlatformSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, enabled }: { platform: Platform; enabled: boolean }) =>
      updatePlatformSetting(platform, enabled),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey }),
  });
}
