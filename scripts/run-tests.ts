/**
 * `npm test`: every runner (vitest unit, integration, the build-level checks, Bluesky on a real PDS,
 * the data-layer suite again on the official DynamoDB Local when Java is present, Playwright e2e in
 * Chromium), then one plain closing line `N passed, N failed, N skipped` over all of them. Exits
 * non-zero on any failure.
 *
 * The runners share nothing (each test starts its own servers on free ports, with its own tables and
 * data folders), so on 4+ cores they run side by side in lanes; each lane runs its runners in turn. A
 * runner's output then goes to `.test-results/<runner>.log` and is printed whole when it ends. On fewer
 * cores (or with `--serial`) they run one at a time with their output live, since runs that share two
 * cores miss their time limits (`tests/helpers/parallelism.ts`); `--parallel` forces the lanes. Names
 * (`unit`, `integration`, `build`, `bluesky-pds`, `dynamodb-local`, `e2e`; `vitest` for unit +
 * integration) pick runners.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runsSideBySide } from '#tests/helpers/parallelism';
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

interface Runner {
  name: string;
  label: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  tally: (code: number) => Tally;
}

/** The runner's JSON report, or null when it wrote none. */
function readReport<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

function hasJava(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

function vitest(name: string, label: string, selection: string[], env?: NodeJS.ProcessEnv): Runner {
  const file = path.join(resultsDir, `${name}.json`);
  return {
    name,
    label,
    args: ['vitest', 'run', ...selection, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
    tally: (code) => vitestTally(label, readReport(file), code),
  };
}

const serial = process.argv.includes('--serial') || (!process.argv.includes('--parallel') && !runsSideBySide);
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const wants = (suite: string) =>
  only.length === 0 || only.includes(suite) || (only.includes('vitest') && ['unit', 'integration'].includes(suite));

const e2eReport = path.join(resultsDir, 'playwright.json');
const runners: Record<string, Runner> = {
  unit: vitest('vitest-unit', 'vitest unit', ['--project', 'unit']),
  integration: vitest('vitest-integration', 'vitest integration', ['--project', 'integration']),
  // esbuild bundles, CDK synthesis, the Vite build: slow, CPU-bound, and independent of the rest.
  build: vitest('vitest-build', 'vitest build checks', ['--project', 'build']),
  'bluesky-pds': vitest('vitest-bluesky-pds', 'Bluesky on a real PDS', ['--project', 'bluesky-pds']),
  'dynamodb-local': vitest(
    'vitest-dynamodb-local',
    'data layer on DynamoDB Local',
    ['--project', 'integration', 'tests/integration/data'],
    // One file at a time: each starts its own DynamoDB Local JVM, and two starting at once on two
    // cores can take longer than the 30 s a table is given to answer.
    { DATA_LAYER_BACKEND: 'dynamodb-local', INTEGRATION_WORKERS: '1' },
  ),
  e2e: {
    name: 'playwright',
    label: 'playwright e2e (Chromium)',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    tally: (code) => playwrightTally('playwright e2e (Chromium)', readReport(e2eReport), code),
  },
};

if (wants('dynamodb-local') && !hasJava()) {
  console.log('\nJava not found: the data-layer suite runs on dynalite only.');
  delete runners['dynamodb-local'];
}

// Three lanes, the longest runner first in each; CPU-bound runners (unit, build) share a lane, and
// the ones that mostly wait on child processes and timers fill the others.
const lanes = [['e2e'], ['integration', 'bluesky-pds', 'dynamodb-local'], ['unit', 'build']]
  .map((lane) => lane.filter((name) => wants(name) && runners[name]).map((name) => runners[name]!))
  .filter((lane) => lane.length > 0);

// One at a time: the quick, CPU-bound checks first, so a broken build fails fast.
const serialOrder = ['unit', 'build', 'integration', 'bluesky-pds', 'dynamodb-local', 'e2e']
  .filter((name) => wants(name) && runners[name])
  .map((name) => runners[name]!);

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

/** Runs one runner to its end: output live when serial, else into its log file, printed at the end. */
function run(runner: Runner): Promise<{ tally: Tally; ms: number }> {
  const started = Date.now();
  const env = { ...safeEnv, ...runner.env };
  console.log(`\n$ npx ${runner.args.join(' ')}${serial ? '' : `   (output: .test-results/${runner.name}.log)`}`);
  return new Promise((resolve) => {
    const child = spawn('npx', runner.args, { env, stdio: serial ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    // A failed spawn is reported here; 'close' follows it, with no report, so the runner counts as failed.
    child.once('error', (error) => console.error(`${runner.label}: ${error.message}`));
    const logFile = path.join(resultsDir, `${runner.name}.log`);
    const log = serial ? null : createWriteStream(logFile);
    if (log) {
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
    }
    child.once('close', (code) => {
      const ms = Date.now() - started;
      const finish = () => resolve({ tally: runner.tally(code ?? 1), ms });
      if (!log) return finish();
      // The whole log, once the stream has flushed it to disk.
      log.end(() => {
        console.log(`\n===== ${runner.label}: ended in ${minutes(ms)} =====`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
        finish();
      });
    });
  });
}

async function runLane(lane: Runner[]): Promise<{ tally: Tally; ms: number }[]> {
  const results = [];
  for (const runner of lane) results.push(await run(runner));
  return results;
}

const started = Date.now();
const results = serial ? await runLane(serialOrder) : (await Promise.all(lanes.map(runLane))).flat();
const order = Object.values(runners).map((runner) => runner.label);
results.sort((a, b) => order.indexOf(a.tally.name) - order.indexOf(b.tally.name));

const { failures, lines, failed } = summarize(results.map((result) => result.tally));
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.join('\n')}`);
console.log(`\nTest summary (wall time ${minutes(Date.now() - started)}):`);
const durations = results.map((result) => ` in ${minutes(result.ms)}`);
for (const [index, line] of lines.entries()) console.log(`${line}${durations[index] ?? ''}`);
process.exit(failed ? 1 : 0);
