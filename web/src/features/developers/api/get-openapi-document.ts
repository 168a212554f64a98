import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OpenApiDocument, openApiDocumentSchema } from '#shared/schemas/openapi';

/** Served by the API itself at the site's origin (public, no key), beside the app. */
export const OPENAPI_DOCUMENT_PATH = '/v1/openapi.json';

/** GET /v1/openapi.json: the public API's OpenAPI 3.1 document, checked against its essentials. */
export async function getOpenApiDocument(): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_DOCUMENT_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The API reference could not be loaded (HTTP ${response.status})`);
  return openApiDocumentSchema.parse(await response.json());
}

/** It changes only with a deployment: kept for the session, never refetched on focus. */
export const openApiDocumentQuery = queryOptions({
  queryKey: ['openapi-document'],
  queryFn: getOpenApiDocument,
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQuery);
}
