/**
 * Lambda bundle benchmark: builds every manifest handler as the CDK app does (BUNDLING in
 * infra/constructs/app-function.ts) and prints, per function, the bundle size and its module
 * initialisation time (a fresh Node process requiring the built handler, median of N), next to the
 * previous setting that bundled the AWS SDK into every function.
 *
 *   npm run bench:bundles [-- --runs N] [--only SUBSTRING]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { deployedHandlers } from '../functions/manifest';
import { BUNDLING, handlerEntry } from '../infra/constructs/app-function';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, only: { type: 'string', default: '' } },
});
const runs = Math.max(1, Number(values.runs));
const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the repository, so `require('@aws-sdk/…')` resolves as the runtime's copy would.
const outRoot = join(root, 'node_modules', '.cache', 'threadsnip-bench-bundles');
const handlers = deployedHandlers.filter((handler) => handler.includes(values.only));

// Module scope of some handlers reads its configuration; never reaches AWS.
const lambdaEnv = {
  ...process.env,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_EC2_METADATA_DISABLED: 'true',
  TABLE_NAME: 'bench',
  APP_PUBLIC_URL: 'https://bench.example',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
  SQS_ENDPOINT: 'http://127.0.0.1:9',
  COGNITO_ENDPOINT: 'http://127.0.0.1:9',
  NODE_OPTIONS: '',
};

async function bundle(handler: string, sdkExternal: boolean): Promise<string> {
  const outfile = join(outRoot, sdkExternal ? 'external' : 'bundled', `${handler}.cjs`);
  await build({
    entryPoints: [handlerEntry(root, handler)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: BUNDLING.target,
    minify: BUNDLING.minify,
    sourcemap: BUNDLING.sourceMap,
    external: sdkExternal ? [...BUNDLING.externalModules] : [],
    logLevel: 'error',
  });
  return outfile;
}

/** Median milliseconds for a fresh process to require the bundle (its whole module scope). */
function initMs(file: string): number {
  const samples: number[] = [];
  const script = `const t=performance.now();require(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t))`;
  for (let run = 0; run < runs; run += 1) {
    const child = spawnSync(process.execPath, ['-e', script], { env: lambdaEnv, encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`${file} failed to load: ${child.stderr}`);
    samples.push(Number(child.stdout));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

rmSync(outRoot, { recursive: true, force: true });
mkdirSync(outRoot, { recursive: true });
console.log(`Bundles as the CDK app builds them (SDK external) beside the SDK bundled in; init = median of ${runs}`);
console.log(['function', 'size', 'init', 'size (SDK bundled)', 'init (SDK bundled)'].join('\t'));
for (const handler of handlers) {
  const lean = await bundle(handler, true);
  const fat = await bundle(handler, false);
  console.log([handler, mb(statSync(lean).size), ms(initMs(lean)), mb(statSync(fat).size), ms(initMs(fat))].join('\t'));
}
rmSync(outRoot, { recursive: true, force: true });
