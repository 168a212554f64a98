/**
 * The load generator of `bench:api`, in a process of its own so that it never competes with the
 * stack and dynalite for their event loop. Reads one run on stdin (URL, connections, duration and
 * the requests to cycle through, each with its user's token) and prints one JSON line: every
 * response's latency percentiles, requests per second, and the counts of non-2xx and errors.
 */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';
import { percentile } from './stats';

export interface LoadRun {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Picked at random for each request. */
  requests: { path: string; token: string }[];
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const run = JSON.parse(await text(process.stdin)) as LoadRun;
const latencies: number[] = [];
const result = await autocannon({
  url: run.url,
  connections: run.connections,
  duration: run.durationSeconds,
  requests: [
    {
      setupRequest: (request) => {
        const next = run.requests[Math.floor(Math.random() * run.requests.length)]!;
        return { ...request, method: 'GET', path: next.path, headers: { authorization: `Bearer ${next.token}` } };
      },
    },
  ],
  setupClient: (client) => {
    client.on('response', (_status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  },
});
latencies.sort((a, b) => a - b);
const summary: LoadResult = {
  requests: result.requests.total,
  requestsPerSecond: result.requests.average,
  p50: percentile(latencies, 50),
  p95: percentile(latencies, 95),
  p99: percentile(latencies, 99),
  non2xx: result.non2xx,
  errors: result.errors,
};
console.log(JSON.stringify(summary));
