import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Text made safe to put in an HTML page (the fakes' consent pages show what the request asked). */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A request's whole body as text. */
export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A Meta Graph API failure (Facebook, Threads): `{ error: { message, type, code, …, fbtrace_id } }`. */
export function sendGraphError(
  res: ServerResponse,
  status: number,
  error: { message: string; code: number; type?: string; is_transient?: boolean; error_subcode?: number },
  headers: Record<string, string> = {},
) {
  sendJson(
    res,
    status,
    { error: { type: 'OAuthException', fbtrace_id: randomBytes(6).toString('hex'), ...error } },
    headers,
  );
}

/** Serves `listener` on a free loopback port: its base URL, and how to stop it. */
export async function serveOnLoopback(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
