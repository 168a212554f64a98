/**
 * `npm test`: every runner in turn (vitest unit + integration, Bluesky on a real PDS, the data-layer suite again on the
 * official DynamoDB Local when Java is present, Playwright e2e in Chromium), then one plain
 * closing line `N passed, N failed, N skipped` over all of them. Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { playwrightTally, summarize, type Tally, vitestTally } from './test-tally';

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

function run(command: string, args: string[], env: NodeJS.ProcessEnv = safeEnv): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

/** The runner's JSON report, or null when it wrote none. */
function readReport<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
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
  tallies.push(vitestTally('vitest (unit + integration)', readReport(file), code));
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
  tallies.push(vitestTally('Bluesky on a real PDS', readReport(file), code));
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
    tallies.push(vitestTally('data layer on DynamoDB Local', readReport(file), code));
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
  tallies.push(playwrightTally('playwright e2e (Chromium)', readReport(file), code));
}

console.log('\nTest summary:');
const { lines, failed } = summarize(tallies);
for (const line of lines) console.log(line);
process.exit(failed ? 1 : 0);
