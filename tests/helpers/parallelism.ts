import { availableParallelism } from 'node:os';

const cores = availableParallelism();

/**
 * Whether the runners go side by side (scripts/run-tests.ts). On fewer than 4 cores they compete for
 * the CPU: the whole suite needs about 2,500 CPU-seconds, so 2 cores are busy for 21 minutes whatever
 * the order, and runners sharing them only stretch each test past its time limit (docs/testing.md).
 * Set `TEST_PARALLEL=1` or `0` to decide by hand.
 */
export const runsSideBySide = process.env.TEST_PARALLEL !== undefined ? process.env.TEST_PARALLEL === '1' : cores >= 4;

/** Files at once for a runner whose tests keep the CPU busy (unit, build checks): one per core. */
export function cpuBoundWorkers(variable: string | undefined): number {
  return Number(variable ?? cores);
}

/**
 * Files at once for a runner whose tests mostly wait on child processes, queues and timers
 * (integration): two, on 2 cores too, where two files at once took 5.0 min against 7.3 one at a time.
 */
export function waitingWorkers(variable: string | undefined): number {
  return Number(variable ?? 2);
}

/**
 * Playwright workers: Chromium keeps about 1.5 cores busy per worker, so 2 on 4+ cores, else 1 (on
 * 2 cores two workers passed 4.6 tests a minute against 5.3 for one).
 */
export function browserWorkers(variable: string | undefined): number {
  return Number(variable ?? (cores >= 4 ? 2 : 1));
}
