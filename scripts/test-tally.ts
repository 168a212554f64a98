import { stripVTControlCharacters } from 'node:util';

/** What one test runner reported: skipped tests are counted, so a suite that skipped shows it. */
export interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  exitCode: number;
  /** One line per failed test (file › test: the first line of its error), so a CI log's tail names it. */
  failures: string[];
}

/** Vitest's JSON reporter (Jest's format): skipped tests are pending, `it.todo` are todo. */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  /** Per file; a file that failed to load has `status: 'failed'`, its `message`, and no assertions. */
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

/** Playwright's JSON reporter; a flaky test passed on a retry. */
export interface PlaywrightJsonReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

// Colour codes and the cwd make a failure line long without naming anything more.
const firstLine = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';
const relative = (file: string) => file.replace(`${process.cwd()}/`, '');

function vitestFailures(report: VitestJsonReport): string[] {
  return (report.testResults ?? []).flatMap((file) => {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') return [`${relative(file.name)}: ${firstLine(file.message)}`];
    return failed.map((test) => `${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

function playwrightFailures(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => {
          const error = test.results.findLast((result) => result.error)?.error?.message;
          return `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
        }),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/** A runner that wrote no report failed, whatever its exit code said. */
export function vitestTally(name: string, report: VitestJsonReport | null, exitCode: number): Tally {
  if (!report) return { name, passed: 0, failed: 0, skipped: 0, exitCode: exitCode || 1, failures: [] };
  return {
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    exitCode,
    failures: vitestFailures(report),
  };
}

export function playwrightTally(name: string, report: PlaywrightJsonReport | null, exitCode: number): Tally {
  if (!report) return { name, passed: 0, failed: 0, skipped: 0, exitCode: exitCode || 1, failures: [] };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return {
    name,
    passed: expected + flaky,
    failed: unexpected,
    skipped,
    exitCode,
    failures: playwrightFailures(report.suites ?? []),
  };
}

/**
 * The failed tests by runner, then one line per runner, then the closing line
 * `N passed, N failed, N skipped`; failed if anything failed.
 */
export function summarize(tallies: Tally[]): { failures: string[]; lines: string[]; failed: boolean } {
  const counts = (tally: Pick<Tally, 'passed' | 'failed' | 'skipped'>) =>
    `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
  const total = (key: 'passed' | 'failed' | 'skipped') => tallies.reduce((sum, tally) => sum + tally[key], 0);
  const totals = { passed: total('passed'), failed: total('failed'), skipped: total('skipped') };
  const failing = tallies.filter((tally) => tally.failures.length > 0);
  return {
    failures: failing.flatMap((tally) => [`  ${tally.name}:`, ...tally.failures.map((failure) => `    ✗ ${failure}`)]),
    lines: [
      ...tallies.map(
        (tally) => `  ${tally.name}: ${counts(tally)}${tally.exitCode ? ` (exit ${tally.exitCode})` : ''}`,
      ),
      counts(totals),
    ],
    failed: totals.failed > 0 || tallies.some((tally) => tally.exitCode !== 0),
  };
}
