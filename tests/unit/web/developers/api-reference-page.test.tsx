// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildOpenApiDocument } from '#functions/services/public-api/openapi-document';
import { OPENAPI_METHODS } from '#shared/schemas/openapi';
import { paths } from '#web/config/paths';
import { ApiKeysCard } from '#web/features/api-keys/components/api-keys-card';
import { ApiReferencePage } from '#web/features/developers/routes/api-reference-page';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

let served: Response;
let requested: string[];

beforeEach(() => {
  served = Response.json(buildOpenApiDocument());
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      requested.push(url);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      if (url === '/v1/openapi.json') return served;
      if (url === '/api/api-keys') return Response.json({ keys: [] });
      return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderRoutes([{ path: paths.apiReference.path, element: <ApiReferencePage /> }], {
    initialEntries: [paths.apiReference.getHref()],
  });

describe('the API reference page', () => {
  it('lists every operation of the served document, without signing in', async () => {
    renderPage();

    const list = await screen.findByRole('navigation', { name: 'Operations' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(
      Object.entries(buildOpenApiDocument().paths).flatMap(([path, item]) =>
        OPENAPI_METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(within(list).getByRole('link', { name: 'POST /v1/threads' })).toBeTruthy();
    expect(requested).toContain('/v1/openapi.json');
    expect(screen.getByText(/Version 1\.0\.0/)).toBeTruthy();
  });

  it("shows an operation's scope, parameters with their defaults, response fields and error codes by status", async () => {
    renderPage();

    const list = await screen.findByRole('article', { name: 'GET /v1/threads' });
    expect(within(list).getByText('read')).toBeTruthy();
    const parameters = within(list).getByRole('table', { name: 'Parameters' });
    const sort = within(parameters).getByText('sort').closest('tr')!;
    expect(sort.textContent).toContain('one of createdAt, title, engagement (default createdAt)');
    // The shared cursor parameter, followed from its reference.
    expect(within(parameters).getByText('cursor').closest('tr')!.textContent).toContain('Opaque');
    const responses = within(list).getByRole('region', { name: 'Responses' });
    expect(within(responses).getByText('nextCursor')).toBeTruthy();
    expect(responses.querySelector('[data-status="429"]')!.textContent).toContain('rate_limited');
    expect(responses.querySelector('[data-status="429"]')!.textContent).toContain('Retry-After');

    const detail = screen.getByRole('article', { name: 'GET /v1/threads/{threadId}' });
    expect(detail.querySelector('[data-status="404"]')!.textContent).toContain('thread_not_found');
    expect(
      within(screen.getByRole('article', { name: 'GET /v1/openapi.json' })).getByText('No key needed'),
    ).toBeTruthy();
  });

  it('says so when the document cannot be loaded', async () => {
    served = Response.json({ error: 'Unexpected', code: 'internal_error' }, { status: 500 });
    renderPage();

    expect(await screen.findByText('The API reference could not be loaded (HTTP 500)')).toBeTruthy();
  });

  it('is linked from the API keys card', async () => {
    const { router } = renderRoutes(
      [
        { path: '/', element: <ApiKeysCard workspaceId="ws_newsroom" /> },
        { path: paths.apiReference.path, element: <ApiReferencePage /> },
      ],
      { auth: signedInAuth() },
    );

    await userEvent.click(await screen.findByRole('link', { name: 'API reference' }));

    expect(router.state.location.pathname).toBe('/developers/api');
    expect(await screen.findByRole('navigation', { name: 'Operations' })).toBeTruthy();
  });
});
