/**
 * `npm test`: every runner in turn (vitest unit + integration, Bluesky on a real PDS, the data-layer suite again on the
 * official DynamoDB Local when Java is present, Playwright e2e in Chromium), then one plain
 * closing line `N passed, N failed` over all of them. Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const safeEnv = {
  ...process.env,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_EC2_METADATA_DISABLED: 'true',
};

interface Tally {
  name: string;
  passed: number;
  failed: number;
  exitCode: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = safeEnv): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

function vitestTally(name: string, file: string, exitCode: number): Tally {
  if (!existsSync(file)) return { name, passed: 0, failed: 0, exitCode: exitCode || 1 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return { name, passed: report.numPassedTests, failed: report.numFailedTests, exitCode };
}

function hasJava(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

const tallies: Tally[] = [];
const only = process.argv.slice(2);
const wants = (suite: string) => only.length === 0 || only.includes(suite);

if (wants('vitest')) {
  const file = path.join(resultsDir, 'vitest.json');
  const code = run('npx', [
    'vitest',
    'run',
    '--project',
    'unit',
    '--project',
    'integration',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  tallies.push(vitestTally('vitest (unit + integration)', file, code));
}

// Bluesky against a real PDS. Its packages install apart (`npm ci --prefix tests/bluesky-pds`); CI
// sets BLUESKY_PDS_REQUIRED so a missing install fails there instead of skipping.
if (wants('bluesky-pds')) {
  const file = path.join(resultsDir, 'vitest-bluesky-pds.json');
  const code = run('npx', [
    'vitest',
    'run',
    '--project',
    'bluesky-pds',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  tallies.push(vitestTally('Bluesky on a real PDS', file, code));
}

if (wants('dynamodb-local')) {
  if (hasJava()) {
    const file = path.join(resultsDir, 'vitest-dynamodb-local.json');
    const code = run(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'integration',
        'tests/integration/data',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ],
      { ...safeEnv, DATA_LAYER_BACKEND: 'dynamodb-local' },
    );
    tallies.push(vitestTally('data layer on DynamoDB Local', file, code));
  } else {
    console.log('\nJava not found: the data-layer suite runs on dynalite only.');
  }
}

if (wants('e2e')) {
  const file = path.join(resultsDir, 'playwright.json');
  const code = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    ...safeEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  let passed = 0;
  let failed = 0;
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    passed = report.stats.expected + report.stats.flaky;
    failed = report.stats.unexpected;
  }
  tallies.push({ name: 'playwright e2e (Chromium)', passed, failed, exitCode: existsSync(file) ? code : code || 1 });
}

console.log('\nTest summary:');
for (const tally of tallies) {
  console.log(
    `  ${tally.name}: ${tally.passed} passed, ${tally.failed} failed${tally.exitCode ? ` (exit ${tally.exitCode})` : ''}`,
  );
}
const passed = tallies.reduce((sum, tally) => sum + tally.passed, 0);
const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
const runnerFailed = tallies.some((tally) => tally.exitCode !== 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || runnerFailed ? 1 : 0);
