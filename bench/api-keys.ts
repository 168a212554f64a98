/**
 * bench:api-keys — what the API key authorizer adds to a /v1 request, on dynalite in this process:
 * 1. the authorizer module alone (`functions/auth/api-key-authorizer.ts`, invoked as the bridge does:
 *    the key's GetItem by hash and its creator's tombstone check; its last use is written at most
 *    once a minute, so not on these requests), one call at a time;
 * 2. `GET /v1/threads` through the local bridge (HTTP, the authorizer, the route's stack and its
 *    reads), uncached: the authorizer runs before every request, as locally;
 * 3. the same with the gateway's cache simulated (`authorizerCacheSeconds`: answers kept per
 *    Authorization header and source address for the manifest's `resultCacheSeconds`, 60 s), so
 *    only the first request of each key runs the authorizer, as in the cloud.
 * Prints p50/p95 for each and the authorizer's overhead per request (uncached p50 − cached p50).
 * `-- --requests N` sets the requests per measure (default 400, after 40 to warm up).
 */
import '../local/lambda-env';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startTestTable } from '../tests/helpers/test-table';
import { percentile } from './lib/stats';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '400' } } });
const REQUESTS = Number(values.requests);
const WARM_UP = 40;

// Quiet handlers: the bench reads timings, not logs.
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
process.env.API_KEY_REQUESTS_PER_MINUTE = String(100 * (REQUESTS + WARM_UP));
const table = await startTestTable();
const { routes, apiKeyAuthorizer } = await import('../functions/manifest');
const { createApiBridge } = await import('../local/api-bridge');
const { invokeHandler } = await import('../local/lambda-runtime');
const { createApiKey } = await import('../functions/services/api-keys/api-keys');
const { putThread } = await import('../functions/data/thread-repository');
const { seededThread } = await import('../tests/helpers/seed-threads');

const userId = 'bench-keyholder';
const now = new Date();
const { secret } = await createApiKey(
  { userId, workspaceId: userId, userAgent: 'bench', now },
  { name: 'bench', scopes: ['read'] },
);
for (let index = 0; index < 15; index++) await putThread(seededThread(userId, index));
const authorization = `Bearer ${secret}`;

/** `count` timed calls of `call` one after another (after a warm-up), ascending. */
async function timed(count: number, call: () => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < WARM_UP; index++) await call();
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

async function startBridge(authorizerCacheSeconds?: number) {
  const bridge = createApiBridge(
    routes,
    async () => {
      throw new Error('no app tokens here');
    },
    { authorizerCacheSeconds },
  );
  const server = createServer((req, res) => void bridge(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/threads`;
  return {
    get: async () => {
      const response = await fetch(url, { headers: { authorization } });
      if (response.status !== 200) throw new Error(`GET /v1/threads answered ${response.status}`);
      await response.arrayBuffer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const authorizerEvent = {
  version: '2.0',
  type: 'REQUEST',
  routeArn: 'arn:aws:execute-api:local:000000000000:local/$default/GET/v1/threads',
  identitySource: [authorization, '127.0.0.1'],
  routeKey: 'GET /v1/threads',
  rawPath: '/v1/threads',
  rawQueryString: '',
  headers: { authorization, 'user-agent': 'bench' },
  requestContext: { http: { method: 'GET', path: '/v1/threads', sourceIp: '127.0.0.1' }, requestId: 'bench' },
};
const moduleAlone = await timed(REQUESTS, async () => {
  // Invoked as the bridge invokes it (its module loaded once, a Lambda context per call).
  const answer = (await invokeHandler(apiKeyAuthorizer.handler, authorizerEvent, apiKeyAuthorizer.timeoutSeconds)) as {
    context: Record<string, string>;
  };
  if (!answer.context.keyId) throw new Error('the bench key was refused');
});

const uncachedBridge = await startBridge();
const uncached = await timed(REQUESTS, uncachedBridge.get);
await uncachedBridge.close();
const cachedBridge = await startBridge(apiKeyAuthorizer.resultCacheSeconds);
const cached = await timed(REQUESTS, cachedBridge.get);
await cachedBridge.close();

const ms = (value: number) => `${value.toFixed(2)} ms`;
const row = (name: string, samples: number[]) =>
  `${name.padEnd(52)} p50 ${ms(percentile(samples, 50)).padStart(9)}   p95 ${ms(percentile(samples, 95)).padStart(9)}`;
console.log(
  `bench:api-keys: ${REQUESTS} requests each, one at a time, dynalite in process (load ${loadavg()[0]?.toFixed(1)})`,
);
console.log(row('authorizer module (GetItem by hash + tombstone)', moduleAlone));
console.log(row('GET /v1/threads, authorizer every request (local)', uncached));
console.log(row(`GET /v1/threads, gateway cache ${apiKeyAuthorizer.resultCacheSeconds} s (cloud)`, cached));
console.log(
  `authorizer overhead per request: uncached ${ms(percentile(uncached, 50) - percentile(cached, 50))} (p50), ` +
    `${ms(percentile(uncached, 95) - percentile(cached, 95))} (p95); cached: one run per key and address per ${apiKeyAuthorizer.resultCacheSeconds} s`,
);
await table.stop();
