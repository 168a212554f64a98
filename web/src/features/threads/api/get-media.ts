import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaSchema } from '#shared/schemas/media';
import { apiRequest } from '#web/lib/api-client';
import { mediaQueryKey } from '#web/lib/query-keys';

/** GET /api/media/{mediaId}: one of the caller's pictures, with a fresh signed URL. */
export function getMedia(mediaId: string, signal?: AbortSignal) {
  return apiRequest(`/media/${encodeURIComponent(mediaId)}`, { schema: mediaSchema, signal });
}

/**
 * A picture's signed URL expires, so it is read again after a few minutes (and when its image
 * fails to load); the picture itself never changes.
 */
export function mediaQueryOptions(mediaId: string) {
  return queryOptions({
    queryKey: mediaQueryKey(mediaId),
    queryFn: ({ signal }) => getMedia(mediaId, signal),
    staleTime: 4 * 60 * 1000,
    refetchOnWindowFocus: false,
  });
}

/** One stored picture, to show it. */
export function useMedia(mediaId: string) {
  return useQuery(mediaQueryOptions(mediaId));
}
