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
  it('looks again after 100 ms, then waits 1.5 times longer each time, never more than 2 s', () => {
    const waits = Array.from({ length: 11 }, (_, index) => jobPollDelay(index + 1));
    expect(waits).toEqual([100, 150, 225, 338, 506, 759, 1139, 1709, 2000, 2000, 2000]);
    // A sample thread, ready about 250 ms after its job is queued, is looked for at 0, 100, 250 and 475 ms.
    expect(jobPollDelay(1) + jobPollDelay(2)).toBe(250);
    // A model taking 10 s is asked 11 times in those 10 s (9 with a 250 ms start), not 100.
    let looksIn10s = 1;
    for (let at = 0, fetches = 1; at + jobPollDelay(fetches) <= 10_000; fetches += 1) {
      at += jobPollDelay(fetches);
      looksIn10s += 1;
    }
    expect(looksIn10s).toBe(11);
  });

  it('follows the schedule while the job is queued or running, and stops once it ended', () => {
    expect(nextPoll('queued', 1)).toBe(100);
    expect(nextPoll('running', 3)).toBe(225);
    expect(nextPoll('running', 40)).toBe(2000);
    expect(nextPoll('succeeded', 2)).toBe(false);
    expect(nextPoll('failed', 2)).toBe(false);
  });
});
