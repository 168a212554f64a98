import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Checkout Session as the fake keeps it (the fields ThreadSnip reads and Stripe returns). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  currency: string;
  amount_total: number;
  created: number;
  line_items: unknown;
}

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, message: string, param?: string): void {
  send(res, status, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for the Stripe API's Checkout Sessions (create, retrieve), checking requests
 * as Stripe does: the secret key, payment mode, one EUR line item with `price_data`, a success URL
 * carrying `{CHECKOUT_SESSION_ID}`. `pay` marks a session paid, as a customer completing it would.
 */
export async function startFakeStripe(secretKey: string) {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: Array<{ method: string; path: string }> = [];
  let failing = false;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    requests.push({ method: req.method ?? 'GET', path: url.pathname });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (failing) return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = parseForm(await readBody(req));
      if (form.mode !== 'payment') return stripeError(res, 400, 'Invalid mode', 'mode');
      const successUrl = String(form.success_url ?? '');
      if (!successUrl.includes('{CHECKOUT_SESSION_ID}')) {
        return stripeError(res, 400, 'success_url should carry {CHECKOUT_SESSION_ID}', 'success_url');
      }
      const items = form.line_items as Array<Record<string, Record<string, unknown>>> | undefined;
      const priceData = items?.[0]?.price_data;
      const amount = Number(priceData?.unit_amount);
      if (priceData?.currency !== 'eur' || !Number.isInteger(amount) || amount < 0) {
        return stripeError(res, 400, 'line_items[0][price_data] needs currency and unit_amount', 'line_items');
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        client_reference_id: form.client_reference_id ? String(form.client_reference_id) : null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        success_url: successUrl,
        cancel_url: String(form.cancel_url ?? ''),
        currency: 'eur',
        amount_total: amount * Number(items?.[0]?.quantity ?? 1),
        created: Math.floor(Date.now() / 1000),
        line_items: items,
      };
      sessions.set(id, session);
      return send(res, 200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve?.[1]) {
      const session = sessions.get(decodeURIComponent(retrieve[1]));
      if (!session) return stripeError(res, 404, `No such checkout.session: '${retrieve[1]}'`, 'session');
      return send(res, 200, session);
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    /** Makes every following request fail with Stripe's 500 (true) or work again (false). */
    setFailing: (value: boolean) => {
      failing = value;
    },
    /** The customer pays: the session completes with a payment intent. */
    pay: (sessionId: string): FakeCheckoutSession => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${randomBytes(8).toString('hex')}`,
      });
      return session;
    },
    /** The event Stripe sends for a session. */
    event: (type: string, session: FakeCheckoutSession) => ({
      id: `evt_${randomBytes(10).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: session },
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
