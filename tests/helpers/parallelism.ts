import { availableParallelism } from 'node:os';

/**
 * Whether test runs go side by side. On fewer than 4 cores they compete for the CPU and the tests'
 * time limits (a stack's start, a queue's delivery, a jsdom render) are missed: on this 2-core
 * machine three lanes with two workers each failed a dozen tests that pass one at a time
 * (docs/testing.md). Set `TEST_PARALLEL=1` or `0` to decide by hand.
 */
export const runsSideBySide =
  process.env.TEST_PARALLEL !== undefined ? process.env.TEST_PARALLEL === '1' : availableParallelism() >= 4;

/** Workers for a runner: the variable when set, else 2 side by side or 1. */
export function workerCount(variable: string | undefined): number {
  return Number(variable ?? (runsSideBySide ? 2 : 1));
}
