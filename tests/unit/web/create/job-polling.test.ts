import { describe, expect, it } from 'vitest';
import type { GenerationJob } from '#shared/schemas/generation';
import { generationJobQueryOptions, jobPollDelay } from '#web/features/create/api/get-generation-job';

/** The wait the job query asks for after `fetches` answers, the last with `status`. */
function nextPoll(status: GenerationJob['status'], fetches: number) {
  const { refetchInterval } = generationJobQueryOptions('job-1');
  if (typeof refetchInterval !== 'function') throw new Error('the job query polls through a function');
  // The two fields of TanStack's Query that the interval reads.
  return refetchInterval({ state: { data: { status }, dataUpdateCount: fetches } } as never);
}

describe('polling a generation job', () => {
  it('looks again after 250 ms, then waits 1.5 times longer each time, never more than 2 s', () => {
    const waits = Array.from({ length: 9 }, (_, index) => jobPollDelay(index + 1));
    expect(waits).toEqual([250, 375, 563, 844, 1266, 1898, 2000, 2000, 2000]);
    // A sample thread, ready within a second, is looked for 0, 250 and 625 ms after the job is created.
    expect(jobPollDelay(1) + jobPollDelay(2)).toBeLessThan(1000);
  });

  it('follows the schedule while the job is queued or running, and stops once it ended', () => {
    expect(nextPoll('queued', 1)).toBe(250);
    expect(nextPoll('running', 3)).toBe(563);
    expect(nextPoll('running', 40)).toBe(2000);
    expect(nextPoll('succeeded', 2)).toBe(false);
    expect(nextPoll('failed', 2)).toBe(false);
  });
});
