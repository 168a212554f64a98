import { vi } from 'vitest';
import { type ConnectionsResponse, connectionsResponseSchema } from '#shared/schemas/publishing';
import { PlatformConnections } from '#web/features/connections/components/platform-connections';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

/**
 * Stubs `fetch` with what Account Settings' connection cards call: the runtime config, and
 * GET /api/connections answering `listing()` (checked against its schema). `answer` is asked first
 * for any other request (none: 404).
 */
export function stubConnectionsApi(
  listing: () => ConnectionsResponse,
  answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      if (url === '/api/connections') return Response.json(connectionsResponseSchema.parse(listing()));
      return answer(url, init) ?? new Response(null, { status: 404 });
    }),
  );
}

/** Account Settings' connection cards, signed in, at /account-settings. */
export function renderAccountConnections() {
  return renderRoutes(
    [{ path: '/account-settings', element: <PlatformConnections returnPath="/account-settings" /> }],
    { auth: signedInAuth(), initialEntries: ['/account-settings'] },
  );
}
