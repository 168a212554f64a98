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
      failures: [],
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
      failures: [],
      lines: ['  b: 1 passed, 0 failed, 0 skipped (exit 2)', '1 passed, 0 failed, 0 skipped'],
      failed: true,
    });
    expect(vitestTally('c', null, 0)).toEqual({
      name: 'c',
      passed: 0,
      failed: 0,
      skipped: 0,
      exitCode: 1,
      failures: [],
    });
    expect(playwrightTally('d', null, 0).exitCode).toBe(1);
  });

  it('names each failed test with its file and the first line of its error, so the end of a CI log says what failed', () => {
    const cwd = process.cwd();
    const vitest = vitestTally(
      'vitest integration',
      {
        numPassedTests: 1,
        numFailedTests: 1,
        numPendingTests: 0,
        numTodoTests: 0,
        testResults: [
          {
            name: `${cwd}/tests/integration/a.test.ts`,
            status: 'failed',
            assertionResults: [
              { fullName: 'queue fires once', status: 'passed' },
              {
                fullName: 'queue came due while stopped',
                status: 'failed',
                failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:9'],
              },
            ],
          },
          {
            name: `${cwd}/tests/integration/b.test.ts`,
            status: 'failed',
            message: 'Cannot find module x',
            assertionResults: [],
          },
        ],
      },
      1,
    );
    const e2e = playwrightTally(
      'e2e',
      {
        stats: { expected: 0, unexpected: 1, flaky: 1, skipped: 0 },
        suites: [
          {
            suites: [
              {
                specs: [
                  {
                    title: 'deletes the account',
                    file: 'account.spec.ts',
                    line: 12,
                    tests: [
                      {
                        status: 'unexpected',
                        results: [
                          { error: { message: 'first try' } },
                          { error: { message: 'Timeout 5000ms exceeded.\nCall log' } },
                        ],
                      },
                    ],
                  },
                  { title: 'retried', file: 'account.spec.ts', line: 40, tests: [{ status: 'flaky', results: [] }] },
                ],
              },
            ],
          },
        ],
      },
      1,
    );

    expect(summarize([vitest, e2e]).failures).toEqual([
      '  vitest integration:',
      '    ✗ tests/integration/a.test.ts › queue came due while stopped: AssertionError: expected 1 to be 2',
      '    ✗ tests/integration/b.test.ts: Cannot find module x',
      '  e2e:',
      '    ✗ account.spec.ts:12 › deletes the account: Timeout 5000ms exceeded.',
    ]);
  });
});
