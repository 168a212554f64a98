// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyMessages as texts } from '#shared/messages/api-keys';
import { type ApiKey, createApiKeyBodySchema } from '#shared/schemas/api-keys';
import { TeamWorkspacePage } from '#web/app/routes/team-workspace-page';
import { ApiKeysCard } from '#web/features/api-keys/components/api-keys-card';
import { setCurrentWorkspaceId } from '#web/lib/current-workspace';
import { workspacesQueryKey } from '#web/lib/get-workspaces';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth, testQueryClient } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const WORKSPACE = 'ws_newsroom';
const SECRET = `tsk_live_${'C'.repeat(43)}`;
let keys: ApiKey[];
let copied: string[];
let sent: { method: string; url: string; workspace: string | null; body: unknown }[];

const key = (id: string, name: string, lastUsedAt: string | null): ApiKey => ({
  id,
  name,
  scopes: ['read'],
  prefix: 'tsk_live_AbCd',
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'user-1',
  lastUsedAt,
});

/** The API key routes in memory, checking each body with the contract's schema. */
async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, url, workspace: new Headers(init?.headers).get('x-workspace-id'), body });
  if (method === 'GET' && url === '/api/api-keys') return Response.json({ keys });
  if (method === 'POST' && url === '/api/api-keys') {
    const request = createApiKeyBodySchema.parse(body);
    const made = { ...key('key_new', request.name, null), scopes: request.scopes };
    keys = [...keys, made];
    return Response.json({ key: made, secret: SECRET }, { status: 201 });
  }
  if (method === 'DELETE' && url.startsWith('/api/api-keys/')) {
    keys = keys.filter((item) => item.id !== url.slice('/api/api-keys/'.length));
    return new Response(null, { status: 204 });
  }
  return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
}

beforeEach(() => {
  keys = [key('key_old', 'Newsroom CMS', '2026-11-27T08:30:00.000Z'), key('key_idle', 'Zapier', null)];
  copied = [];
  sent = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: async (text: string) => void copied.push(text) },
    configurable: true,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCurrentWorkspaceId(null);
});

const renderCard = () =>
  renderRoutes([{ path: '/', element: <ApiKeysCard workspaceId={WORKSPACE} /> }], { auth: signedInAuth() });

const listedIds = () =>
  [...document.querySelectorAll('[data-api-key]')].map((item) => item.getAttribute('data-api-key'));

describe('the API keys card', () => {
  it('lists the keys with their scopes and last use, never a secret, asking for its own workspace', async () => {
    renderCard();

    await waitFor(() => expect(listedIds()).toEqual(['key_old', 'key_idle']));
    const idle = document.querySelector('[data-api-key="key_idle"]') as HTMLElement;
    expect(within(idle).getByText(/Never/)).toBeTruthy();
    expect(within(idle).getByText(texts.scopeLabels.read)).toBeTruthy();
    expect(screen.getAllByText('tsk_live_AbCd…')).toHaveLength(2);
    expect(sent.every((request) => request.workspace === WORKSPACE)).toBe(true);
  });

  it('makes a key with a name and the chosen scopes, shows its secret once with a copy button, then forgets it', async () => {
    renderCard();
    await waitFor(() => expect(listedIds()).toHaveLength(2));

    await userEvent.type(screen.getByLabelText(texts.nameLabel), '  Newsroom feed  ');
    await userEvent.click(screen.getByRole('checkbox', { name: texts.scopeLabels.publish }));
    await userEvent.click(screen.getByRole('button', { name: texts.create }));

    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText(texts.createdWarning)).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Newsroom feed',
      scopes: ['read', 'publish'],
    });
    await userEvent.click(screen.getByRole('button', { name: texts.copy }));
    expect(copied).toEqual([SECRET]);
    expect(screen.getByRole('button', { name: texts.copied })).toBeTruthy();
    await waitFor(() => expect(listedIds()).toEqual(['key_old', 'key_idle', 'key_new']));
    await userEvent.click(screen.getByRole('button', { name: texts.done }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByLabelText(texts.nameLabel)).toBeTruthy();
  });

  it('will not make a key without a name or without a scope', async () => {
    renderCard();
    await waitFor(() => expect(listedIds()).toHaveLength(2));
    const create = screen.getByRole('button', { name: texts.create });

    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText(texts.nameLabel), 'CMS');
    expect(create.hasAttribute('disabled')).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: texts.scopeLabels.read }));
    expect(create.hasAttribute('disabled')).toBe(true);
  });

  it('revokes a key only once confirmed', async () => {
    renderCard();
    await waitFor(() => expect(listedIds()).toHaveLength(2));
    const old = document.querySelector('[data-api-key="key_old"]') as HTMLElement;

    await userEvent.click(within(old).getByRole('button', { name: texts.revoke }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(texts.revokeTitle('Newsroom CMS'))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: texts.keep }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);

    await userEvent.click(within(old).getByRole('button', { name: texts.revoke }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.revoke }));

    await waitFor(() => expect(listedIds()).toEqual(['key_idle']));
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/api/api-keys/key_old',
    ]);
  });
});

describe('the team workspace page', () => {
  function renderTeamPageAs(role: 'owner' | 'admin' | 'editor' | 'reviewer') {
    const queryClient = testQueryClient();
    queryClient.setQueryData(workspacesQueryKey('user-1'), [
      { id: 'user-1', name: 'Personal', personal: true, role: 'owner' },
      { id: WORKSPACE, name: 'Newsroom', personal: false, role },
    ]);
    // The team's other cards are not the point here: their reads stay loading.
    for (const key of [
      'workspace-members',
      'workspace-settings',
      'workspace-activity',
      'members',
      'settings',
      'activity',
    ])
      queryClient.setQueryDefaults([key], { queryFn: () => new Promise(() => undefined) });
    setCurrentWorkspaceId(WORKSPACE);
    return renderRoutes([{ path: '*', element: <TeamWorkspacePage /> }], { auth: signedInAuth(), queryClient });
  }

  it("shows the team's API keys to its owners and admins, and not to editors or reviewers", async () => {
    for (const role of ['owner', 'admin'] as const) {
      renderTeamPageAs(role);
      expect(await screen.findByRole('heading', { name: texts.title }), role).toBeTruthy();
      await waitFor(() => expect(listedIds()).toEqual(['key_old', 'key_idle']));
      cleanup();
    }
    for (const role of ['editor', 'reviewer'] as const) {
      renderTeamPageAs(role);
      expect(await screen.findByRole('heading', { name: 'Newsroom' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: texts.title }), role).toBeNull();
      cleanup();
    }
    expect(sent.filter((request) => request.url === '/api/api-keys').every((r) => r.workspace === WORKSPACE)).toBe(
      true,
    );
  });
});
