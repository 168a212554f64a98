import { describe, expect, it } from 'vitest';
import { playwrightTally, summarize, vitestTally } from '#scripts/test-tally';

// `npm test`'s closing summary: what ran, what failed and what was skipped, per runner and in all.
describe('the test summary', () => {
  it('counts skipped and todo tests of Vitest and skipped ones of Playwright, and says so in the closing line', () => {
    const vitest = vitestTally(
      'vitest',
      { numPassedTests: 24, numFailedTests: 0, numPendingTests: 2, numTodoTests: 1 },
      0,
    );
    const e2e = playwrightTally('e2e', { stats: { expected: 10, unexpected: 0, flaky: 1, skipped: 4 } }, 0);

    expect(summarize([vitest, e2e])).toEqual({
      lines: [
        '  vitest: 24 passed, 0 failed, 3 skipped',
        '  e2e: 11 passed, 0 failed, 4 skipped',
        '35 passed, 0 failed, 7 skipped',
      ],
      failed: false,
    });
  });

  it('fails on a failed test, a runner that exited non-zero, or one that wrote no report', () => {
    const clean = { numPassedTests: 1, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };

    expect(summarize([vitestTally('a', { ...clean, numFailedTests: 1 }, 1)]).failed).toBe(true);
    expect(summarize([vitestTally('b', clean, 2)])).toEqual({
      lines: ['  b: 1 passed, 0 failed, 0 skipped (exit 2)', '1 passed, 0 failed, 0 skipped'],
      failed: true,
    });
    expect(vitestTally('c', null, 0)).toEqual({ name: 'c', passed: 0, failed: 0, skipped: 0, exitCode: 1 });
    expect(playwrightTally('d', null, 0).exitCode).toBe(1);
  });
});
