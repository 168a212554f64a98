import { describe, expect, it } from 'vitest';
import type { ThreadWebmention } from '#shared/schemas/public';
import { threadWebmentionQueryOptions, webmentionPollDelay } from '#web/features/public/api/get-thread-webmention';

/** The wait the status query asks for after `fetches` answers, the last with `data`. */
function nextPoll(data: Pick<ThreadWebmention, 'awaiting'> | undefined, fetches: number) {
  const { refetchInterval } = threadWebmentionQueryOptions('thread-1');
  if (typeof refetchInterval !== 'function') throw new Error('the status query polls through a function');
  // The two fields of TanStack's Query that the interval reads.
  return refetchInterval({ state: { data, dataUpdateCount: fetches } } as never);
}

describe("polling a thread's Webmention state", () => {
  it('waits 2 s, then twice as long each time up to a minute, and gives up after 16 looks', () => {
    const waits = Array.from({ length: 17 }, (_, index) => webmentionPollDelay(index + 1));

    expect(waits.slice(0, 7)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(waits.slice(7, 15).every((wait) => wait === 60_000)).toBe(true);
    expect(waits.slice(15)).toEqual([false, false]);
  });

  it('follows the schedule while a mention is awaited, and stops once its state is final', () => {
    expect(nextPoll(undefined, 0)).toBe(2_000);
    expect(nextPoll({ awaiting: true }, 1)).toBe(2_000);
    expect(nextPoll({ awaiting: true }, 3)).toBe(8_000);
    expect(nextPoll({ awaiting: false }, 1)).toBe(false);
    expect(nextPoll({ awaiting: true }, 16)).toBe(false);
  });
});
