import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Decides a call's answer: forward it to the PDS (and return or replace what it said), or answer alone. */
export type Intercept = (method: string, forward: () => Promise<Response>) => Promise<Response>;

// Hop-by-hop and length headers are the relay's own to set; fetch has already decoded the body.
const DROPPED = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'keep-alive',
]);

/**
 * A loopback relay in front of the PDS, for what a test must see or change on the wire: it records
 * every XRPC method called through it and lets `intercept` replace an answer (a refused call, an
 * answer lost after the PDS acted). A connection is routed through it by pointing its service and
 * PDS at `url`; being on loopback, it must be in ALLOW_PRIVATE_FETCH_HOSTS like the PDS.
 */
export async function startRelay(target: string) {
  const methods: string[] = [];
  let intercept: Intercept | null = null;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.url?.match(/^\/xrpc\/([\w.]+)/)?.[1] ?? '';
    methods.push(method);
    const headers = Object.entries(req.headers).filter(([name]) => !DROPPED.has(name)) as [string, string][];
    const forward = () =>
      fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
    const answer = await (intercept ? intercept(method, forward) : forward());
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, [...answer.headers].filter(([name]) => !DROPPED.has(name)).flat());
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    /** The methods called through the relay from now on. */
    record(): string[] {
      methods.length = 0;
      return methods;
    },
    /** Replaces answers from now on (null: forward everything as it is). */
    intercept(next: Intercept | null) {
      intercept = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
