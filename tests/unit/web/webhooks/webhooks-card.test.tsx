// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhookMessages as texts } from '#shared/messages/webhooks';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '#shared/schemas/webhooks';
import { WebhooksCard } from '#web/features/webhooks/components/webhooks-card';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const WORKSPACE = 'ws_newsroom';
const SECRET = `whsec_${'A'.repeat(43)}=`;
const ROTATED = `whsec_${'B'.repeat(43)}=`;
let endpoints: WebhookEndpoint[];
let deliveries: WebhookDelivery[];
let sent: { method: string; url: string; workspace: string | null; body: unknown }[];

const endpoint = (id: string, url: string): WebhookEndpoint => ({
  id,
  url,
  description: null,
  events: ['thread.published'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  previousSecretUntil: null,
});

/** The webhook routes in memory, checking each body with the contract's schema. */
async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, url, workspace: new Headers(init?.headers).get('x-workspace-id'), body });
  const id = url.split('/')[3] ?? '';
  if (method === 'GET' && url === '/api/webhooks') return Response.json({ endpoints });
  if (method === 'POST' && url === '/api/webhooks') {
    const request = createWebhookBodySchema.parse(body);
    const made = { ...endpoint('wh_new', request.url), events: request.events };
    endpoints = [...endpoints, made];
    return Response.json({ endpoint: made, secret: SECRET }, { status: 201 });
  }
  if (method === 'POST' && url.endsWith('/test')) {
    const delivery: WebhookDelivery = {
      webhookId: 'msg_1',
      eventType: 'webhook.test',
      attempt: 1,
      status: 500,
      ok: false,
      excerpt: 'database down',
      durationMs: 12,
      at: '2026-11-28T10:00:00.000Z',
    };
    deliveries = [delivery, ...deliveries];
    return Response.json({ delivery });
  }
  if (method === 'GET' && url.endsWith('/deliveries')) return Response.json({ deliveries });
  if (method === 'POST' && url.endsWith('/rotate')) {
    const rotated = { ...endpoints.find((item) => item.id === id)!, previousSecretUntil: '2026-11-29T10:00:00.000Z' };
    return Response.json({ endpoint: rotated, secret: ROTATED });
  }
  if (method === 'PATCH') {
    const change = updateWebhookBodySchema.parse(body);
    endpoints = endpoints.map((item) => (item.id === id ? { ...item, ...change } : item));
    return Response.json({ endpoint: endpoints.find((item) => item.id === id) });
  }
  if (method === 'DELETE') {
    endpoints = endpoints.filter((item) => item.id !== id);
    return new Response(null, { status: 204 });
  }
  return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
}

beforeEach(() => {
  endpoints = [endpoint('wh_cms', 'https://cms.example.com/hook')];
  deliveries = [];
  sent = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => undefined }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  renderRoutes([{ path: '/', element: <WebhooksCard workspaceId={WORKSPACE} /> }], { auth: signedInAuth() });
const row = (id: string) => document.querySelector(`[data-webhook="${id}"]`) as HTMLElement;

describe('the webhooks card', () => {
  it('adds an endpoint for the chosen events and shows its secret once', async () => {
    renderCard();
    await waitFor(() => expect(row('wh_cms')).toBeTruthy());

    await userEvent.type(screen.getByLabelText(texts.urlLabel), 'https://hooks.example.org/in');
    await userEvent.click(screen.getByRole('checkbox', { name: texts.eventLabels['thread.created'] }));
    await userEvent.click(screen.getByRole('button', { name: texts.add }));

    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.org/in',
      events: ['thread.created', 'thread.published'],
    });
    await waitFor(() => expect(row('wh_new')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: texts.done }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(sent.every((request) => request.workspace === WORKSPACE)).toBe(true);
  });

  it('sends a test event, shows the answer, and lists it in the delivery log', async () => {
    renderCard();
    await waitFor(() => expect(row('wh_cms')).toBeTruthy());

    await userEvent.click(within(row('wh_cms')).getByRole('button', { name: texts.sendTest }));
    expect(await within(row('wh_cms')).findByText(texts.testAnswer(500, 'database down'))).toBeTruthy();
    await userEvent.click(within(row('wh_cms')).getByRole('button', { name: texts.deliveries }));

    const log = await within(row('wh_cms')).findByRole('table');
    expect(within(log).getByText('webhook.test')).toBeTruthy();
    expect(within(log).getByText('500')).toBeTruthy();
  });

  it('rotates the secret (the new one shown once), pauses, and deletes an endpoint', async () => {
    renderCard();
    await waitFor(() => expect(row('wh_cms')).toBeTruthy());

    await userEvent.click(within(row('wh_cms')).getByRole('button', { name: texts.rotate }));
    expect(await screen.findByText(ROTATED)).toBeTruthy();
    await userEvent.click(within(row('wh_cms')).getByRole('button', { name: texts.disable }));
    expect(await within(row('wh_cms')).findByText(texts.disabled)).toBeTruthy();
    await userEvent.click(within(row('wh_cms')).getByRole('button', { name: texts.remove }));

    await waitFor(() => expect(row('wh_cms')).toBeNull());
    expect(sent.filter((request) => request.method !== 'GET').map((request) => [request.method, request.url])).toEqual([
      ['POST', '/api/webhooks/wh_cms/rotate'],
      ['PATCH', '/api/webhooks/wh_cms'],
      ['DELETE', '/api/webhooks/wh_cms'],
    ]);
    expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({ enabled: false });
  });
});
