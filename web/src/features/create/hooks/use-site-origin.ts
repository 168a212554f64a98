import { useQuery } from '@tanstack/react-query';
import { loadRuntimeConfig } from '#web/config/runtime-config';

/** The site's public origin from the runtime config (the page's own origin when the config names none). */
export function useSiteOrigin(): string | undefined {
  const config = useQuery({
    queryKey: ['runtime-config'] as const,
    queryFn: loadRuntimeConfig,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (!config.data) return undefined;
  return config.data.siteUrl ?? window.location.origin;
}
