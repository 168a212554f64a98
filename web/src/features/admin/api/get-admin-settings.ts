import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminSettings, adminSettingsSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/admin/settings: system figures and every platform's toggle. */
export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiRequest('/admin/settings', { schema: adminSettingsSchema, signal });
}

export const adminSettingsQueryKey = ['admin', 'settings'] as const;

export function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => getAdminSettings(signal),
    retry: false,
  });
}

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
