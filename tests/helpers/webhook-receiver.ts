import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One call a receiver path got: its headers, body, and which of the known secrets verify it. */
export interface ReceivedCall {
  path: string;
  webhookId: string;
  headers: Record<string, string>;
  body: string;
  /** The secrets (by index in `secrets`) the Standard Webhooks reference verifier accepts it with. */
  verifiedWith: number[];
  /** False when its webhook-id was seen already (the receiver dedupes on it). */
  firstOfItsId: boolean;
}

/** What a path answers to its n-th call (0-based): a status and body, or a redirect. */
export type Behaviour = (call: number) => { status: number; body?: string; location?: string };

/**
 * A local webhook receiver as a customer would run one: every POST verified with Standard Webhooks'
 * own `Webhook.verify` against the secrets it was told, deduplicated on `webhook-id`, answered as
 * its path's behaviour says (200 by default).
 */
export async function startWebhookReceiver() {
  const calls: ReceivedCall[] = [];
  const seen = new Set<string>();
  const behaviours = new Map<string, Behaviour>();
  const counts = new Map<string, number>();
  const secrets: { secret: string; path?: string }[] = [];

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://receiver').pathname;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
    const webhookId = headers['webhook-id'] ?? '';
    const verifiedWith = secrets.flatMap(({ secret, path: only }, index) => {
      if (only && only !== path) return [];
      try {
        new Webhook(secret).verify(body, headers);
        return [index];
      } catch {
        return [];
      }
    });
    calls.push({ path, webhookId, headers, body, verifiedWith, firstOfItsId: !seen.has(webhookId) });
    seen.add(webhookId);
    const call = counts.get(path) ?? 0;
    counts.set(path, call + 1);
    const answer = behaviours.get(path)?.(call) ?? { status: 200, body: 'ok' };
    res.writeHead(answer.status, {
      'content-type': 'text/plain',
      ...(answer.location ? { location: answer.location } : {}),
    });
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** `host:port`, for ALLOW_PRIVATE_FETCH_HOSTS. */
    host: `127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Verifies every later call (or only those to `path`) with this secret too (its index is returned). */
    trust: (secret: string, path?: string) => secrets.push({ secret, path }) - 1,
    /** Every call so far. */
    calls: () => calls,
    answer: (path: string, behaviour: Behaviour) => behaviours.set(path, behaviour),
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
