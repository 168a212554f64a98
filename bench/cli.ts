/**
 * Command-line start-up benchmark: wall time of `threadsnip --help`, `--version` and `extract` on a
 * saved page (the benchmark's first page), each a fresh process as a user runs it, median of N;
 * and `npx threadsnip --help` beside `npx` doing nothing, which is npm's own start-up.
 *
 *   npm run bench:cli [-- --runs N] [--data DIR]
 *
 * Targets (issue #10): --help under 300 ms, extract on a saved page under 1 s.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    data: { type: 'string', default: process.env.BENCH_EXTRACTION_DIR ?? '/work/shared/bench/extraction' },
  },
});
const runs = Math.max(1, Number(values.runs));
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'threadsnip.mjs');
const env = { ...process.env, AWS_EC2_METADATA_DISABLED: 'true', OPENAI_API_KEY: '', NODE_OPTIONS: '' };

/** Median wall milliseconds of running `command args` to completion. */
function wallMs(command: string, args: string[]): number {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    const child = spawnSync(command, args, { cwd: root, env, encoding: 'utf8' });
    samples.push(performance.now() - start);
    if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${child.stderr}`);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

const build = spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: root, env, encoding: 'utf8' });
if (build.status !== 0) throw new Error(`build:cli failed: ${build.stderr}`);
const pages = readdirSync(join(values.data, 'html')).sort();
const page = join(values.data, 'html', pages[0] ?? '');

const rows: [string, number, string][] = [
  ['threadsnip --help', wallMs(process.execPath, [bin, '--help']), '< 300 ms'],
  ['threadsnip --version', wallMs(process.execPath, [bin, '--version']), '< 300 ms'],
  ['threadsnip extract <saved page>', wallMs(process.execPath, [bin, 'extract', page, '--json']), '< 1000 ms'],
  ['npx threadsnip --help', wallMs('npx', ['--no-install', 'threadsnip', '--help']), ''],
  ['npx (doing nothing: npm start-up)', wallMs('npx', ['--no-install', 'node', '-e', '0']), ''],
];
console.log(`Command-line wall time, median of ${runs} fresh processes (bundle in dist/cli)`);
console.log(['command', 'median', 'target'].join('\t'));
for (const [command, ms, target] of rows) console.log([command, `${ms.toFixed(0)} ms`, target].join('\t'));
