import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CreditPackage, creditPackageListSchema } from '#shared/schemas/credits';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/credit-packages: the active packages, by sort order. */
export async function getCreditPackages(signal?: AbortSignal): Promise<CreditPackage[]> {
  return (await apiRequest('/credit-packages', { schema: creditPackageListSchema, signal })).packages;
}

/** Packages change rarely: cached for five minutes. */
export function creditPackagesQueryOptions() {
  return queryOptions({
    queryKey: ['credit-packages'] as const,
    queryFn: ({ signal }) => getCreditPackages(signal),
    staleTime: 5 * 60_000,
  });
}

/** The purchasable packages. */
export function useCreditPackages() {
  return useQuery(creditPackagesQueryOptions());
}
