/** What one test runner reported: skipped tests are counted, so a suite that skipped shows it. */
export interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  exitCode: number;
}

/** The counts of Vitest's JSON reporter (Jest's format): skipped tests are pending, `it.todo` are todo. */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

/** The counts of Playwright's JSON reporter; a flaky test passed on a retry. */
export interface PlaywrightJsonReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/** A runner that wrote no report failed, whatever its exit code said. */
export function vitestTally(name: string, report: VitestJsonReport | null, exitCode: number): Tally {
  if (!report) return { name, passed: 0, failed: 0, skipped: 0, exitCode: exitCode || 1 };
  return {
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    exitCode,
  };
}

export function playwrightTally(name: string, report: PlaywrightJsonReport | null, exitCode: number): Tally {
  if (!report) return { name, passed: 0, failed: 0, skipped: 0, exitCode: exitCode || 1 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { name, passed: expected + flaky, failed: unexpected, skipped, exitCode };
}

/** One line per runner, then the closing line `N passed, N failed, N skipped`; failed if anything failed. */
export function summarize(tallies: Tally[]): { lines: string[]; failed: boolean } {
  const counts = (tally: Omit<Tally, 'name' | 'exitCode'>) =>
    `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
  const total = (key: 'passed' | 'failed' | 'skipped') => tallies.reduce((sum, tally) => sum + tally[key], 0);
  const totals = { passed: total('passed'), failed: total('failed'), skipped: total('skipped') };
  return {
    lines: [
      ...tallies.map(
        (tally) => `  ${tally.name}: ${counts(tally)}${tally.exitCode ? ` (exit ${tally.exitCode})` : ''}`,
      ),
      counts(totals),
    ],
    failed: totals.failed > 0 || tallies.some((tally) => tally.exitCode !== 0),
  };
}
